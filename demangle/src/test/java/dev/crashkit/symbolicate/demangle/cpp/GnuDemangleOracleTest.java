package dev.crashkit.symbolicate.demangle.cpp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.crashkit.testkit.TestData;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link ItaniumDemangler#tryDemangleGnu} against GNU {@code c++filt -i} (libiberty without verbose output, as
 * {@code __cxa_demangle} and hence Breakpad's dump_syms print): testdata/dumpsyms/demangle/make.sh wrote the
 * names and c++filt's output. Known differences, printed: a generic lambda's invented parameters (libiberty
 * {@code auto:1}, ours {@code auto}), and the return type libiberty leaves out of a local entity's enclosing
 * function (data symbols, never in a PUBLIC record).
 */
class GnuDemangleOracleTest {
    @Test
    void printsWhatGnuCxxfiltPrints() throws Exception {
        List<String> names = Files.readAllLines(TestData.file("dumpsyms/demangle/names.txt"), StandardCharsets.UTF_8);
        List<String> gnu = Files.readAllLines(TestData.file("dumpsyms/demangle/cxxfilt.txt"), StandardCharsets.UTF_8);
        assertEquals(names.size(), gnu.size());
        int same = 0;
        List<String> differ = new ArrayList<>();
        for (int i = 0; i < names.size(); i++) {
            String ours = ItaniumDemangler.tryDemangleGnu(names.get(i)).orElse(names.get(i));
            if (ours.equals(gnu.get(i))) {
                same++;
            } else {
                differ.add(names.get(i) + "\n    c++filt: " + gnu.get(i) + "\n    ours:    " + ours);
            }
        }
        System.out.printf("GNU demangling: %d of %d names as c++filt -i%n", same, names.size());
        differ.forEach(d -> System.out.println("  " + d));
        assertTrue(names.size() > 3000, "names: " + names.size());
        assertTrue(same >= names.size() * 0.995, same + " of " + names.size());
        for (String d : differ) {
            assertTrue(d.contains("auto:") || d.startsWith("_ZZ"), "unexplained difference: " + d);
        }
    }

    @Test
    void defaultStyleStaysLlvms() {
        assertEquals("foo() (.cold)", ItaniumDemangler.demangleToken("_Z3foov.cold"));
        assertEquals("_ZGTtNSt11logic_errorC1EPKc", ItaniumDemangler.demangleToken("_ZGTtNSt11logic_errorC1EPKc"));
    }
}
