package dev.crashkit.symbolicate.demangle.cpp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.crashkit.symbolicate.demangle.DemangleStyle;
import dev.crashkit.symbolicate.demangle.detect.Demanglers;
import java.io.IOException;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Behaviour around the golden list: pass-through, Mach-O spellings, dispatch. */
class ItaniumDemanglerTest {

    private final ItaniumDemangler demangler = new ItaniumDemangler();

    @ParameterizedTest
    @ValueSource(strings = {
        "-[AppDelegate application:didFinishLaunchingWithOptions:]", "+[NSObject load]",
        "_OBJC_CLASS_$_NSObject", "OBJC_METACLASS_$_Foo", "main", "_main", "start", "objc_msgSend",
        "$s4main3FooV", "_$s4main3FooVMn", "", "_", "_Z", "__Z", "_Zinvalid", "Z3foov", "_ZN3fooE_garbage"})
    void nonItaniumAndInvalidNamesPassThrough(String name) {
        assertEquals(name, ItaniumDemangler.demangleToken(name));
        if (!name.contains("$s")) { // Swift names are the Swift demangler's business in the dispatcher
            assertEquals(name, Demanglers.demangle(name, DemangleStyle.FULL));
        }
    }

    @Test
    void objcAndCNamesAreNotRecognized() {
        for (String n : List.of("-[Foo bar]", "+[Foo bar:baz:]", "_OBJC_CLASS_$_Foo", "main", "$s4main3FooV")) {
            assertFalse(demangler.recognizes(n), n);
        }
        assertTrue(demangler.recognizes("_ZN3foo3barEv"));
        assertTrue(demangler.recognizes("__ZN3foo3barEv"));
        assertTrue(demangler.recognizes("___Z3foov_block_invoke"));
    }

    /** Mach-O symbol tables add one underscore; both spellings must read the same. */
    @Test
    void machOSpellingDemanglesLikeElfSpelling() throws IOException {
        int checked = 0;
        for (String[] row : ItaniumGoldenTest.readGolden()) {
            if (checked == 2000) {
                break;
            }
            if (row[0].startsWith("_Z") && !row[0].equals(row[1])) {
                assertEquals(row[1], ItaniumDemangler.demangleToken("_" + row[0]), row[0]);
                assertEquals(Optional.of(row[1]), ItaniumDemangler.tryDemangle("_" + row[0]));
                checked++;
            }
        }
        assertEquals(2000, checked);
    }

    /** The symbolicator strips the Mach-O underscore, turning ___Z…_block_invoke into __Z…_block_invoke. */
    @Test
    void strippedBlockInvokeDemanglesLikeMachOSpelling() {
        String machO = "___Z10blocksNRVOv_block_invoke";
        String full = ItaniumDemangler.demangleToken(machO);
        assertNotEquals(machO, full);
        assertEquals(full, ItaniumDemangler.demangleToken(machO.substring(1)));
    }

    @Test
    void dispatchUsesItaniumForCppNames() throws IOException {
        String[] row = ItaniumGoldenTest.readGolden().get(1000);
        assertEquals(row[1], Demanglers.demangle(row[0], DemangleStyle.FULL));
        assertEquals(row[1], Demanglers.demangle(row[0], DemangleStyle.SIMPLIFIED));
        assertEquals(row[1], demangler.demangle(row[0]));
    }

    @Test
    void tryDemangleIsEmptyForNonItanium() {
        assertEquals(Optional.empty(), ItaniumDemangler.tryDemangle("-[Foo bar]"));
        assertEquals(Optional.empty(), ItaniumDemangler.tryDemangle("_Zinvalid"));
        assertEquals(Optional.empty(), ItaniumDemangler.tryDemangle(null));
    }

    @Test
    void wordFilterKeepsDelimitersAndReplacesWords() {
        assertEquals("<a> (b) c", WordFilter.replaceWords("<a> (b) c", w -> w));
        assertEquals("[X] X+X", WordFilter.replaceWords("[a.b] c$d+_e", w -> "X"));
    }
}
