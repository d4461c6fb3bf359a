package dev.crashkit.symbolicate.demangle.detect;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.crashkit.symbolicate.demangle.DemangleStyle;
import dev.crashkit.symbolicate.demangle.cpp.ItaniumDemangler;
import dev.crashkit.symbolicate.demangle.swift.SwiftDemangler;
import org.junit.jupiter.api.Test;

/** {@link Demanglers#mayBeMangled}: the first-character check never skips a name a demangler recognizes. */
class DemanglersTest {
    /** Tails that make a name recognized after the right first characters (and some that do not). */
    private static final String[] TAILS = {"", "Z", "Z3foov", "_Z3foov", "__Z3foov", "T0", "T", "s4main3FooV", "S",
        "e", "$s4main", "$S", "$e", "_swiftmacro_x", "__swiftmacro_x", "imp_foo", "_imp_foo", "s", "_"};

    @Test
    void aNameRecognizedByADemanglerStartsWithAMangledFirstCharacter() {
        SwiftDemangler swift = SwiftDemangler.instance();
        ItaniumDemangler itanium = new ItaniumDemangler();
        int recognized = 0;
        for (char c = 0; c < 0x3000; c++) {
            for (String tail : TAILS) {
                for (String name : new String[] {c + tail, c + "_" + tail, c + "__" + tail}) {
                    if (swift.recognizes(name) || itanium.recognizes(name)) {
                        recognized++;
                        assertTrue(Demanglers.mayBeMangled(c), name);
                    }
                }
            }
        }
        assertTrue(recognized > 30, "the tails make names the demanglers recognize: " + recognized);
    }

    @Test
    void plainNamesPassThroughUnchanged() {
        for (String name : new String[] {"main", "fn_028_078", "-[Demo throw]", "+[NSObject load]", "leaf0"}) {
            assertFalse(Demanglers.mayBeMangled(name.charAt(0)), name);
            assertSame(name, Demanglers.demangle(name, DemangleStyle.SIMPLIFIED));
        }
    }
}
