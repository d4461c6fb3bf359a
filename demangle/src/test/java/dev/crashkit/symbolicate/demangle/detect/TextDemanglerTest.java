package dev.crashkit.symbolicate.demangle.detect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.crashkit.symbolicate.Fixtures;
import dev.crashkit.symbolicate.demangle.swift.DemangleOptions;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;

/**
 * The text filter behind {@code demangle} without names: a mangled name is a whole word, as llvm-cxxfilt and
 * swift-demangle tokenise. Expected C++ output is llvm-cxxfilt-19's (testdata/demangle-cpp, generate.sh).
 */
class TextDemanglerTest {

    /** Regression: {@code ...EEEvOT_T0_} inside a C++ name was demangled as an old Swift {@code _T0_} symbol. */
    @Test
    void cppNamesWithSwiftLookingFragmentsFilterExactlyLikeLlvmCxxfilt() throws IOException {
        List<String[]> rows = new ArrayList<>();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(
                new GZIPInputStream(Files.newInputStream(Fixtures.testdata("demangle-cpp/golden.tsv.gz"))),
                StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null) {
                int tab = line.indexOf('\t');
                String name = line.substring(0, tab);
                // __Z... is the one intentional difference from llvm-cxxfilt (cpp/known-failures.txt).
                if (tab > 0 && (name.contains("_T") || name.contains("$s")) && !name.startsWith("__Z")) {
                    rows.add(new String[] {name, line.substring(tab + 1)});
                }
            }
        }
        assertTrue(rows.size() > 1000, "too few names with _T or $s inside: " + rows.size());
        List<String> wrong = new ArrayList<>();
        for (String[] row : rows) {
            String line = "  3 libfoo.so 0x1234 " + row[0] + " + 12\n";
            String expected = "  3 libfoo.so 0x1234 " + row[1] + " + 12\n";
            if (!TextDemangler.demangle(line, DemangleOptions.full()).equals(expected)) {
                wrong.add(row[0]);
            }
        }
        assertEquals(List.of(), wrong.subList(0, Math.min(10, wrong.size())), wrong.size() + " of " + rows.size());
    }

    @Test
    void swiftNamesAreWholeWordsToo() {
        DemangleOptions full = DemangleOptions.full();
        // swift-demangle's own filter test input (test/Demangle/Inputs/bigtype*.txt style): a name alone.
        assertEquals("Swift.Int", TextDemangler.demangle("_TtSi", full));
        assertEquals("(Swift.Int) [Swift.Int]", TextDemangler.demangle("(_TtSi) [$sSi]", full));
        // Inside a word there is no name: left as it is.
        assertEquals("x_TtSi foo$sSi", TextDemangler.demangle("x_TtSi foo$sSi", full));
    }

    /**
     * swiftlang/swift's lit test feeds manglings.txt to {@code swift-demangle -classify} on standard input; the
     * filter must give every expected line (without the classification prefix, which only -classify prints).
     */
    @Test
    void swiftConformanceListsThroughTheFilter() throws IOException {
        for (String file : new String[] {"manglings.txt", "simplified-manglings.txt"}) {
            DemangleOptions style = file.startsWith("simplified") ? DemangleOptions.simplified() : DemangleOptions.full();
            List<String> wrong = new ArrayList<>();
            int cases = 0;
            for (String line : Files.readAllLines(Fixtures.corpus("swift-demangle/" + file), StandardCharsets.UTF_8)) {
                int sep = line.indexOf(" ---> ");
                if (sep < 0) {
                    continue;
                }
                cases++;
                String in = line.substring(0, sep).strip();
                String expected = line.substring(sep + " ---> ".length()).strip();
                if (expected.startsWith("{") && expected.contains("} ")) {
                    expected = expected.substring(expected.indexOf("} ") + 2);
                }
                if (!TextDemangler.demangle(in, style).equals(expected)) {
                    wrong.add(in);
                }
            }
            assertTrue(cases > 200, file);
            assertEquals(List.of(), wrong, file);
        }
    }
}
