package dev.crashkit.symbolicate.demangle.swift;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * Runs swift-demangle's own conformance lists (swiftlang/swift test/Demangle/Inputs, see
 * testdata/third-party/swift-demangle/SOURCES.md) line by line. {@code manglings.txt} is checked the way upstream's lit test
 * checks it, i.e. against {@code swift-demangle -classify} output; {@code simplified-manglings.txt} against
 * {@code swift-demangle -simplified}.
 */
class SwiftConformanceTest {

    private static void run(String file, String knownResource, UnaryOperator<String> demangle, double target)
            throws IOException {
        List<ConformanceCases.Case> cases = ConformanceCases.load(file);
        Map<String, String> known = ConformanceCases.knownFailures(knownResource);
        List<String> unexpected = new ArrayList<>();
        List<String> nowPassing = new ArrayList<>();
        int pass = 0;
        for (ConformanceCases.Case c : cases) {
            String got = demangle.apply(c.mangled());
            boolean ok = got.equals(c.expected());
            if (ok) {
                pass++;
                if (known.containsKey(c.mangled())) {
                    nowPassing.add(c.mangled());
                }
            } else if (!known.containsKey(c.mangled())) {
                unexpected.add(file + ":" + c.line() + " " + c.mangled() + "\n  expected: " + c.expected()
                        + "\n  actual:   " + got);
            }
        }
        System.out.printf("%s: %d/%d exact (%.2f%%)%n", file, pass, cases.size(), 100.0 * pass / cases.size());
        assertTrue(cases.size() > 200, "too few cases read from " + file);
        assertTrue(unexpected.isEmpty(), "failures not in " + knownResource + ":\n" + String.join("\n", unexpected));
        assertTrue(nowPassing.isEmpty(), "listed as known failures but passing now, remove them: " + nowPassing);
        assertTrue(pass >= target * cases.size(), "pass rate below target " + target);
    }

    @Test
    void fullStyleMatchesSwiftDemangleClassify() throws IOException {
        run("manglings.txt", "known-failures-full.txt", ConformanceCases::full, 0.995);
    }

    @Test
    void simplifiedStyleMatchesSwiftDemangleSimplified() throws IOException {
        run("simplified-manglings.txt", "known-failures-simplified.txt", ConformanceCases::simplified, 0.99);
    }

    @Test
    void clangTypes() throws IOException {
        List<ConformanceCases.Case> cases = ConformanceCases.load("manglings-with-clang-types.txt");
        assertEquals(2, cases.size());
        for (ConformanceCases.Case c : cases) {
            assertEquals(c.expected(), ConformanceCases.full(c.mangled()), c.mangled());
        }
    }

    @Test
    void listsContainInvalidInputsThatMustComeBackUnchanged() throws IOException {
        long unchanged = ConformanceCases.load("manglings.txt").stream()
                .filter(c -> c.expected().equals(c.mangled())).count();
        assertFalse(unchanged == 0, "the list has invalid manglings that map to themselves");
    }
}
