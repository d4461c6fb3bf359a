package dev.crashkit.symbolicate.demangle.cpp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;

/**
 * Runs the whole golden list (real C++ library symbols plus LLVM's tricky test names, demangled by
 * llvm-cxxfilt-19; see testdata/demangle-cpp/generate.sh) through {@link ItaniumDemangler}.
 */
class ItaniumGoldenTest {

    static final Path GOLDEN = Path.of("testdata/demangle-cpp/golden.tsv.gz");
    /** Mutated and random names (mostly invalid), to check that accept/reject decisions match too. */
    static final Path FUZZ = Path.of("testdata/demangle-cpp/fuzz.tsv.gz");
    private static final double REQUIRED_RATE = 0.999;

    /** Mangled/expected pairs from the golden file. Names are bytes; ISO-8859-1 maps them 1:1. */
    static List<String[]> readGolden() throws IOException {
        return readPairs(GOLDEN);
    }

    static List<String[]> readPairs(Path file) throws IOException {
        List<String[]> rows = new ArrayList<>();
        try (InputStream in = new GZIPInputStream(Files.newInputStream(file));
             BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.ISO_8859_1))) {
            String line;
            while ((line = r.readLine()) != null) {
                int tab = line.indexOf('\t');
                rows.add(new String[] {line.substring(0, tab), line.substring(tab + 1)});
            }
        }
        return rows;
    }

    private static Set<String> knownFailures() throws IOException {
        Set<String> known = new HashSet<>();
        try (InputStream in = ItaniumGoldenTest.class.getResourceAsStream("known-failures.txt")) {
            String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            for (String line : text.split("\n")) {
                String t = line.strip();
                if (!t.isEmpty() && !t.startsWith("#")) {
                    known.add(t);
                }
            }
        }
        return known;
    }

    @Test
    void goldenListMatchesLlvmCxxfilt19() throws IOException {
        List<String[]> rows = readGolden();
        assertTrue(rows.size() >= 50_000, "golden list too small: " + rows.size());
        compare("golden", rows);
    }

    @Test
    void fuzzListMatchesLlvmCxxfilt19() throws IOException {
        List<String[]> rows = readPairs(FUZZ);
        assertTrue(rows.size() >= 10_000, "fuzz list too small: " + rows.size());
        compare("fuzz", rows);
    }

    private static void compare(String what, List<String[]> rows) throws IOException {
        Set<String> known = knownFailures();
        int identical = 0;
        List<String> unexpected = new ArrayList<>();
        for (String[] row : rows) {
            String got = ItaniumDemangler.demangleToken(row[0]);
            if (got.equals(row[1])) {
                identical++;
            } else if (!known.contains(row[0])) {
                unexpected.add(row[0] + "\n    expected: " + row[1] + "\n    got:      " + got);
            }
        }
        double rate = (double) identical / rows.size();
        System.out.printf("Itanium %s: %d / %d identical to llvm-cxxfilt-19 (%.4f%%)%n",
            what, identical, rows.size(), 100 * rate);
        assertEquals(List.of(), unexpected.subList(0, Math.min(20, unexpected.size())),
            unexpected.size() + " names outside known-failures.txt differ from llvm-cxxfilt-19");
        assertTrue(rate >= REQUIRED_RATE, "identical rate " + rate + " below " + REQUIRED_RATE);
    }

    @Test
    void textFilterMatchesLlvmCxxfilt19OnStdin() throws IOException {
        List<String> input = Files.readAllLines(Path.of("testdata/demangle-cpp/filter-input.txt"));
        List<String> expected = Files.readAllLines(Path.of("testdata/demangle-cpp/filter-expected.txt"));
        assertEquals(expected.size(), input.size());
        for (int i = 0; i < input.size(); i++) {
            assertEquals(expected.get(i), ItaniumDemangler.demangleText(input.get(i)), "line " + (i + 1));
        }
    }
}
