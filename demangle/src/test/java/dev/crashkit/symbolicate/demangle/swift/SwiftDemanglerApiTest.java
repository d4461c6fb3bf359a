package dev.crashkit.symbolicate.demangle.swift;

import dev.crashkit.symbolicate.demangle.detect.TextDemangler;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.crashkit.symbolicate.demangle.DemangleStyle;
import dev.crashkit.symbolicate.demangle.detect.Demanglers;
import java.io.IOException;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** Public API behaviour; expected strings are lines of the upstream conformance lists. */
class SwiftDemanglerApiTest {
    private final SwiftDemangler d = SwiftDemangler.instance();

    @Test
    void recognizesSwiftPrefixesOnly() {
        assertTrue(d.recognizes("$s4main3fooyyF"));
        assertTrue(d.recognizes("_$s4main3fooyyF"));
        assertTrue(d.recognizes("_T0SC3fooS2d_SdtFTO"));
        assertTrue(d.recognizes("_TtSi"));
        assertTrue(d.recognizes("__TtSi"));
        assertFalse(d.recognizes("_ZN3foo3barEv"));
        assertFalse(d.recognizes("main"));
        assertFalse(d.recognizes(""));
    }

    @Test
    void demanglersRegistryPicksSwift() {
        // manglings.txt: _TtGSPSi_ ---> Swift.UnsafePointer<Swift.Int>
        assertEquals("Swift.UnsafePointer<Swift.Int>", Demanglers.demangle("_TtGSPSi_", DemangleStyle.FULL));
        // simplified-manglings.txt: _TtGSPSi_ ---> UnsafePointer<Int>
        assertEquals("UnsafePointer<Int>", Demanglers.demangle("_TtGSPSi_", DemangleStyle.SIMPLIFIED));
        assertEquals("-[NSObject init]", Demanglers.demangle("-[NSObject init]", DemangleStyle.FULL));
    }

    @Test
    void extraLeadingUnderscoreIsAcceptedLikeSwiftDemangle() {
        // swift-demangle's own test: __TtSi ---> Swift.Int
        assertEquals("Swift.Int", d.demangle("__TtSi"));
    }

    @Test
    void textFilterReplacesNamesInsideText() {
        String line = "3  App  0x0000000100 _TtSi + 12 and $sSi and plain_text";
        assertEquals("3  App  0x0000000100 Swift.Int + 12 and Swift.Int and plain_text",
                TextDemangler.demangle(line, DemangleOptions.full()));
        assertEquals("no symbols here", TextDemangler.demangle("no symbols here", DemangleOptions.full()));
    }

    @Test
    void concurrentUseGivesTheSameResults() throws IOException {
        List<String> names = ConformanceCases.load("manglings.txt").stream().map(ConformanceCases.Case::mangled)
                .collect(Collectors.toList());
        List<String> sequential = names.stream().map(ConformanceCases::full).collect(Collectors.toList());
        for (int round = 0; round < 20; round++) {
            List<String> parallel = names.parallelStream().map(ConformanceCases::full).collect(Collectors.toList());
            assertEquals(sequential, parallel);
        }
    }
}
