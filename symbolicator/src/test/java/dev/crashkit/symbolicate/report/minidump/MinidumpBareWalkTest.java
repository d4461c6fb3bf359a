package dev.crashkit.symbolicate.report.minidump;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.crashkit.core.model.Trust;
import dev.crashkit.symbolicator.InputLimits;
import dev.crashkit.symbolicator.Report;
import dev.crashkit.symbolicator.StackFrame;
import dev.crashkit.symbolicator.Symbolication;
import dev.crashkit.symbolicator.Symbolicator;
import dev.crashkit.symbolicator.SymbolicatorConfig;
import dev.crashkit.testkit.TestData;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * x86-64 dumps walked with no debug file at all, so every module is known only by its range, against
 * {@code minidump_stackwalk} without symbols: rust-minidump's public ones (Breakpad Linux, Crashpad
 * macOS; testdata/third-party/rust-minidump/stackwalk.sh) and ours (testdata/minidump/golden_nosym.sh),
 * every thread: per frame the module, the offset of the
 * return address in it and the trust. Breakpad scans through such modules, taking any word that
 * points into one; so must we. Where Breakpad's frame-record step takes a return address in no
 * module at all (which our walker refuses: it is not code), that thread is compared up to there. ({@code test.dmp}, Windows x86, is read but not walked: no x86-32 unwinder.)
 */
class MinidumpBareWalkTest {

    @ParameterizedTest
    @CsvSource({"third-party/rust-minidump/linux-mini,0", "third-party/rust-minidump/simple-crashpad,0",
            "minidump/crashy,1", "minidump/crashy-abort,0"})
    void walkAgreesWithMinidumpStackwalkWithoutSymbols(String name, int outsideModules) throws Exception {
        Path dump = TestData.file(name + ".dmp");
        String file = dump.getFileName().toString().replace(".dmp", "");
        String base = name.startsWith("third-party/") ? "third-party/rust-minidump/golden/" + file
                : "minidump/golden/" + file + ".nosym";
        Map<Integer, List<MinidumpOracleTest.Golden>> golden = MinidumpOracleTest.golden(base);
        Map<Integer, List<String>> offsets = offsets(base);
        Symbolication result;
        try (Symbolicator s = Symbolicator.open(SymbolicatorConfig.defaults())) {
            result = s.symbolicate(Report.read(dump, InputLimits.defaults()));
        }
        int compared = 0;
        int agreed = 0;
        List<String> disagreements = new ArrayList<>();
        List<String> outside = new ArrayList<>();
        for (Map.Entry<Integer, List<MinidumpOracleTest.Golden>> e : golden.entrySet()) {
            List<StackFrame> ours = result.threads().get(e.getKey()).frames();
            List<MinidumpOracleTest.Golden> theirs = e.getValue();
            for (int i = 0; i < Math.max(theirs.size(), ours.size()); i++) {
                if (i < theirs.size() && theirs.get(i).module().isEmpty() && theirs.get(i).trust() == Trust.FP) {
                    // Breakpad's frame-record step takes any word as a return address, even one in no
                    // module (crashy's thread 0: a stack address); its walk ends there. Ours takes only
                    // code, and the scan goes on: the frames before it are compared, none after.
                    outside.add("thread " + e.getKey() + " frame " + i);
                    break;
                }
                compared++;
                String mine = i < ours.size() ? describe(ours.get(i)) : "(none)";
                String want = i < theirs.size()
                        ? theirs.get(i).module() + "+" + offsets.get(e.getKey()).get(i) + "|" + theirs.get(i).trust().label()
                        : "(none)";
                if (mine.equals(want)) {
                    agreed++;
                } else {
                    disagreements.add("thread " + e.getKey() + " frame " + i + ": ours " + mine + ", Breakpad " + want);
                }
            }
        }
        System.out.printf("%s without symbols: %d of %d frames agree with minidump_stackwalk%n", name, agreed, compared);
        disagreements.forEach(d -> System.out.println("  " + d));
        System.out.println("  Breakpad's frame-record frames in no module (its walk ends there): " + outside);
        assertTrue(compared > 1, "the golden has frames beyond the context's");
        assertEquals(outsideModules, outside.size(), outside.toString());
        assertEquals(compared, agreed, String.join("; ", disagreements));
    }

    /** Module and offset as -m prints them (the offset of the return address, in hex), and the trust. */
    private static String describe(StackFrame f) {
        String where = f.image().isPresent() ? f.image().get() + "+0x" + Long.toHexString(f.offset())
                : "+0x" + Long.toHexString(f.address());
        return where + "|" + f.trust().map(Trust::label).orElse("?");
    }

    /** The -m offset column of each thread's frames. */
    private static Map<Integer, List<String>> offsets(String base) throws Exception {
        Map<Integer, List<String>> out = new java.util.TreeMap<>();
        for (String l : Files.readAllLines(TestData.file(base + ".stackwalk-m.txt"), StandardCharsets.UTF_8)) {
            String[] f = l.split("\\|", -1);
            if (f.length == 7 && f[0].matches("\\d+")) {
                out.computeIfAbsent(Integer.parseInt(f[0]), k -> new ArrayList<>()).add(f[6]);
            }
        }
        return out;
    }
}
