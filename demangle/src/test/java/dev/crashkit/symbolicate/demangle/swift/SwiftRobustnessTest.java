package dev.crashkit.symbolicate.demangle.swift;

import dev.crashkit.symbolicate.demangle.detect.TextDemangler;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.crashkit.symbolicate.demangle.DemangleStyle;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Duration;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Stress and adversarial input: no exception, no stack overflow, no hang, bounded output. */
class SwiftRobustnessTest {
    private final SwiftDemangler d = SwiftDemangler.instance();

    @Test
    void bigTypeMatchesSwiftDemangleStdinOutput() throws IOException {
        String in = Files.readString(ConformanceCases.corpusDir().resolve("bigtype.txt"), StandardCharsets.UTF_8);
        String expected = Files.readString(ConformanceCases.corpusDir().resolve("bigtype-demangle.txt"),
                StandardCharsets.UTF_8);
        assertEquals(expected, TextDemangler.demangle(in, DemangleOptions.full()));
    }

    @Test
    void otherBigTypeFilesDoNotBreakTheFilter() throws IOException {
        for (String f : List.of("bigtype-objcrt.txt", "bigtype-remangle.txt")) {
            String in = Files.readString(ConformanceCases.corpusDir().resolve(f), StandardCharsets.UTF_8);
            assertNotNull(TextDemangler.demangle(in, DemangleOptions.full()));
            assertNotNull(TextDemangler.demangle(in, DemangleOptions.simplified()));
        }
    }

    private void assertSafe(String input) {
        assertTimeoutPreemptively(Duration.ofSeconds(5), () -> {
            String full = d.demangle(input, DemangleStyle.FULL);
            String simple = d.demangle(input, DemangleStyle.SIMPLIFIED);
            assertNotNull(full);
            assertNotNull(simple);
            assertTrue(full.length() <= PrinterBase.MAX_OUTPUT + 64, "output bounded");
            d.classify(input);
        }, () -> "input " + input.substring(0, Math.min(80, input.length())));
    }

    @Test
    void deeplyNestedManglingsAreBounded() {
        assertSafe("$sSi" + "_t".repeat(100_000) + "N");
        assertSafe("_TtGSq" + "GSq".repeat(50_000) + "Si" + "_".repeat(50_001));
        assertSafe("_TtT" + "T".repeat(100_000) + "_".repeat(100_001));
        assertSafe("_TF" + "FC".repeat(20_000) + "3foo3bar");
        assertSafe("_Tt" + "Q".repeat(100_000));
        assertSafe("$s" + "3fooC".repeat(30_000) + "N");
        assertSafe("$s3fooSiSgSgSg" + "Sg".repeat(50_000) + "N");
    }

    @Test
    void substitutionBlowUpIsBounded() {
        // Each tuple of the previous two doubles the printed size: exponential output must be cut off.
        StringBuilder sb = new StringBuilder("$sSi");
        for (int i = 0; i < 64; i++) {
            sb.append("_ABt");
        }
        assertSafe(sb.append('N').toString());
        assertSafe("$sSi" + "2047A".repeat(200) + "N");
        assertSafe("$sSi2047SiSi" + "_2047At".repeat(100) + "N");
    }

    @Test
    void invalidInputComesBackUnchanged() {
        for (String s : List.of("", "_", "$s", "_T", "_$s", "$sX", "main", "-[NSObject init]", "_ZN3foo3barEv",
                "_TtB", "$s\u0001\u0002", "$s999999999999999999999a")) {
            assertEquals(s, d.demangle(s, DemangleStyle.FULL));
        }
    }

    @Test
    void randomInputNeverThrows() {
        Random r = new Random(42);
        String alphabet = "0123456789_$abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.\u0001\u00ff";
        String[] prefixes = {"$s", "_$s", "_T0", "_T", "_Tt", "$S", "@__swiftmacro_"};
        for (int i = 0; i < 50_000; i++) {
            StringBuilder sb = new StringBuilder(prefixes[r.nextInt(prefixes.length)]);
            int len = r.nextInt(40);
            for (int j = 0; j < len; j++) {
                sb.append(alphabet.charAt(r.nextInt(alphabet.length())));
            }
            String s = sb.toString();
            assertNotNull(d.demangle(s, DemangleStyle.FULL));
            assertNotNull(d.demangle(s, DemangleStyle.SIMPLIFIED));
            d.classify(s);
        }
    }

    @Test
    void mutatedValidSymbolsNeverThrow() throws IOException {
        Random r = new Random(7);
        List<ConformanceCases.Case> cases = ConformanceCases.load("manglings.txt");
        for (int i = 0; i < 30_000; i++) {
            String base = cases.get(r.nextInt(cases.size())).mangled();
            char[] cs = base.toCharArray();
            int edits = 1 + r.nextInt(3);
            for (int e = 0; e < edits && cs.length > 0; e++) {
                cs[r.nextInt(cs.length)] = (char) (32 + r.nextInt(95));
            }
            String s = new String(cs, 0, r.nextInt(cs.length + 1));
            assertNotNull(d.demangle(s, DemangleStyle.FULL));
            assertNotNull(d.demangle(s, DemangleStyle.SIMPLIFIED));
        }
    }

    /**
     * {@code $s} + {@code SDy}×k + {@code SaySiG} + {@code AAG ABG ...} nests dictionaries whose key and value are
     * the previous level (a substitution): the printed name doubles with every 4 input bytes. Regression: 105
     * bytes printed a million characters and allocated 4.6 MB; output is now bounded by the input's length.
     */
    @Test
    void exponentialPrintingIsBoundedByTheInputLength() {
        var threads = (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
        for (int k : new int[] {16, 20, 25}) {
            StringBuilder sb = new StringBuilder("$s").append("SDy".repeat(k)).append("SaySiG");
            for (int i = 0; i < k; i++) {
                sb.append('A').append((char) ('A' + i)).append('G');
            }
            String name = sb.append('N').toString();
            d.demangle(name, DemangleStyle.FULL); // class loading and JIT out of the measurement
            long before = threads.getCurrentThreadAllocatedBytes();
            String out = d.demangle(name, DemangleStyle.FULL);
            long allocated = threads.getCurrentThreadAllocatedBytes() - before;
            assertTrue(out.length() <= PrinterBase.maxOutput(name.length()), "output bounded");
            assertTrue(allocated < 1_000_000, name.length() + " input bytes allocated " + allocated);
        }
        // Shallower nesting still prints in full: 57 bytes -> 4109 characters.
        String eight = "$s" + "SDy".repeat(8) + "SaySiGAAGABGACGADGAEGAFGAGGAHGN";
        assertTrue(d.demangle(eight, DemangleStyle.FULL).startsWith("type metadata for [[[[[[[[[Swift.Int] : "));
    }
    /**
     * Issue 32: nested builtin vectors ({@code Bi32_} then {@code Bv4_} repeated) built each level's name from
     * the level below, copying ever longer names: a 96 KB name took 1.85 s and 1.5 GB. The names are now a chain
     * materialized once, when printed. The fuzz regression input is
     * {@code DemanglerFuzzTestInputs/swift/findings/nested-builtin-vectors-5000-quadratic}.
     */
    @Test
    void nestedBuiltinVectorsAreLinearInTheOutput() {
        var threads = (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
        assertEquals("Builtin.Vec4xVec2xInt32", d.demangle("$sBi32_Bv2_Bv4_D", DemangleStyle.FULL));
        int levels = 20_000;
        String name = "$sBi32_" + "Bv4_".repeat(levels) + "D";
        d.demangle("$sBi32_Bv4_Bv4_D", DemangleStyle.FULL); // class loading out of the measurement
        long before = threads.getCurrentThreadAllocatedBytes();
        String out = d.demangle(name, DemangleStyle.FULL);
        long allocated = threads.getCurrentThreadAllocatedBytes() - before;
        assertEquals("Builtin." + "Vec4x".repeat(levels) + "Int32", out);
        // The fuzz contract's budget for the demanglers: 2 MB + 2 KB per input byte.
        assertTrue(allocated < (2L << 20) + 2048L * name.length(), name.length() + " input bytes allocated " + allocated);
    }
}
