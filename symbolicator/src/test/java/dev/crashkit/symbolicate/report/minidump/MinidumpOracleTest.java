package dev.crashkit.symbolicate.report.minidump;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.crashkit.core.model.Trust;
import dev.crashkit.symbolicator.Report;
import dev.crashkit.symbolicator.StackFrame;
import dev.crashkit.symbolicator.SymbolicatedStack;
import dev.crashkit.symbolicator.Symbolication;
import dev.crashkit.symbolicator.Symbolicator;
import dev.crashkit.symbolicator.SymbolicatorConfig;
import dev.crashkit.symbolicator.InputLimits;
import dev.crashkit.testkit.TestData;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Our walk and symbolication of a minidump written by Breakpad's own client, against Breakpad's
 * {@code minidump_stackwalk} with {@code dump_syms} symbols of the same binary (testdata/minidump,
 * build.sh): per frame the module, the function, the file and line where the oracle gives them, and
 * the trust. At least 99% of frames must agree; every disagreement is printed.
 */
class MinidumpOracleTest {
    /** One frame as minidump_stackwalk gives it: -m fields plus the "Found by" of the plain text. */
    record Golden(String module, String function, String file, String line, Trust trust) {
    }

    private static final Map<String, Trust> FOUND_BY = Map.of(
            "given as instruction pointer in context", Trust.CONTEXT, "call frame info", Trust.CFI,
            "stack scanning", Trust.SCAN, "previous frame's frame pointer", Trust.FP);

    /** The SIGSEGV through inlined code, and the abort() through libc's raise. */
    @ParameterizedTest
    @ValueSource(strings = {"crashy", "crashy-abort"})
    void agreesWithMinidumpStackwalk(String name) throws Exception {
        compare(name, TestData.file("minidump/crashy"));
    }

    /**
     * The same dumps given only dump_syms' .sym of the binary (testdata/minidump/make_sym.sh), the
     * file minidump_stackwalk itself walked with: its STACK CFI and functions instead of the
     * binary's .eh_frame and code, so every frame's trust must come out as Breakpad's.
     */
    @ParameterizedTest
    @ValueSource(strings = {"crashy", "crashy-abort"})
    void agreesWithMinidumpStackwalkGivenOnlyTheSymbolFile(String name) throws Exception {
        compare(name, TestData.file("minidump/sym/crashy/E739390F2DB70873B7AF11A3B6C4767E0/crashy.sym"));
    }

    /**
     * The same dumps given only the .sym file our dump-syms writes for the binary: the walk must agree with
     * Breakpad's walk with Breakpad's own .sym as much as with that file.
     */
    @ParameterizedTest
    @ValueSource(strings = {"crashy", "crashy-abort"})
    void agreesWithMinidumpStackwalkGivenOnlyOurSymbolFile(String name, @org.junit.jupiter.api.io.TempDir Path dir)
            throws Exception {
        Path sym = dir.resolve("crashy.sym");
        try (java.io.Writer w = Files.newBufferedWriter(sym, StandardCharsets.UTF_8)) {
            dev.crashkit.symbolicator.DumpSyms.open(TestData.file("minidump/crashy"), Optional.empty(), "Linux", true)
                    .write(w);
        }
        compare(name, sym);
    }

    private static void compare(String name, Path debugFile) throws Exception {
        Map<Integer, List<Golden>> golden = golden("minidump/golden/" + name);
        Symbolication result;
        try (Symbolicator s = Symbolicator.open(SymbolicatorConfig.defaults()
                .withDebugFiles(List.of(debugFile)))) {
            result = s.symbolicate(Report.read(TestData.file("minidump/" + name + ".dmp"), InputLimits.defaults()));
        }
        String reason = crashLine("minidump/golden/" + name)[1];
        assertEquals(reason, result.report().model().crash().orElseThrow().reason().orElseThrow());
        int compared = 0;
        int agreed = 0;
        int endOfStack = 0;
        List<String> disagreements = new ArrayList<>();
        for (Map.Entry<Integer, List<Golden>> e : golden.entrySet()) {
            SymbolicatedStack ours = result.threads().get(e.getKey());
            List<List<StackFrame>> frames = physical(ours.frames());
            List<Golden> theirs = e.getValue();
            for (int i = 0; i < Math.max(theirs.size(), frames.size()); i++) {
                Golden g = i < theirs.size() ? theirs.get(i) : null;
                if (g != null && g.module().isEmpty() && i == theirs.size() - 1 && i == frames.size()) {
                    // Breakpad does not honour _start's ".cfi_undefined rip": it takes one more "frame"
                    // at a stack address, in no module, where the stack has ended. We end there.
                    endOfStack++;
                    continue;
                }
                compared++;
                String mine = i < frames.size() ? describe(frames.get(i)) : "(none)";
                String want = g == null ? "(none)" : describe(g);
                if (mine.equals(want)) {
                    agreed++;
                } else {
                    disagreements.add("thread " + e.getKey() + " frame " + i + ": ours " + mine + ", Breakpad " + want);
                }
            }
        }
        double ratio = (double) agreed / compared;
        System.out.printf(name + " with " + debugFile.getFileName() + ": minidump oracle: %d of %d frames agree (%.1f%%), %d end-of-stack frame(s) of Breakpad's"
                + " left out%n", agreed, compared, 100 * ratio, endOfStack);
        disagreements.forEach(d -> System.out.println("  " + d));
        assertEquals(4, golden.size());
        assertEquals(1, endOfStack, "the one frame Breakpad takes past _start");
        assertEquals(golden.values().stream().mapToInt(List::size).sum() - endOfStack, compared);
        assertTrue(ratio >= 0.99, agreed + " of " + compared + " frames agree: " + disagreements);
    }

    private static String[] crashLine(String base) throws Exception {
        return Files.readAllLines(TestData.file(base + ".stackwalk-m.txt"), StandardCharsets.UTF_8).stream()
                .filter(l -> l.startsWith("Crash|")).findFirst().orElseThrow().split("\\|", -1);
    }

    /** Our frames grouped by input frame: inlined calls first, the concrete function last. */
    private static List<List<StackFrame>> physical(List<StackFrame> frames) {
        Map<Integer, List<StackFrame>> by = new TreeMap<>();
        for (StackFrame f : frames) {
            by.computeIfAbsent(f.index(), k -> new ArrayList<>()).add(f);
        }
        return new ArrayList<>(by.values());
    }

    /**
     * Module, concrete function, file and line of the innermost entry (the line table's row, which
     * Breakpad's LINE records are), and trust; file and line only where Breakpad has them.
     */
    private static String describe(List<StackFrame> chain) {
        StackFrame concrete = chain.get(chain.size() - 1);
        StackFrame innermost = chain.get(0);
        String file = innermost.file().orElse("");
        String line = innermost.line().isPresent() ? Integer.toString(innermost.line().getAsInt()) : "";
        return String.join("|", concrete.image().orElse(""), concrete.function().orElse(""), file, line,
                concrete.trust().map(Trust::label).orElse("?"));
    }

    private static String describe(Golden g) {
        return String.join("|", g.module(), g.function(), g.file(), g.line(), g.trust() == null ? "?" : g.trust().label());
    }

    /** The -m frames of each thread, with the trust from the plain output's "Found by:" lines. */
    static Map<Integer, List<Golden>> golden(String base) throws Exception {
        List<String> machine = Files.readAllLines(TestData.file(base + ".stackwalk-m.txt"), StandardCharsets.UTF_8);
        List<String> text = Files.readAllLines(TestData.file(base + ".stackwalk.txt"), StandardCharsets.UTF_8);
        Map<String, Trust> trust = new TreeMap<>();
        Pattern threadLine = Pattern.compile("^Thread (\\d+)");
        Pattern frameLine = Pattern.compile("^\\s*(\\d+)  ");
        String thread = null;
        String frame = null;
        for (String l : text) {
            Matcher m = threadLine.matcher(l);
            if (m.find()) {
                thread = m.group(1);
                continue;
            }
            m = frameLine.matcher(l);
            if (m.find()) {
                frame = m.group(1);
                continue;
            }
            int at = l.indexOf("Found by: ");
            if (at >= 0 && thread != null) {
                String how = l.substring(at + "Found by: ".length()).trim();
                trust.put(thread + "|" + frame, Optional.ofNullable(FOUND_BY.get(how))
                        .orElseThrow(() -> new AssertionError("unknown trust " + how)));
            }
        }
        Map<Integer, List<Golden>> out = new TreeMap<>();
        for (String l : machine) {
            String[] f = l.split("\\|", -1);
            if (f.length != 7 || !f[0].matches("\\d+")) {
                continue;
            }
            out.computeIfAbsent(Integer.parseInt(f[0]), k -> new ArrayList<>())
                    .add(new Golden(f[2], f[3], f[4], f[5], trust.get(f[0] + "|" + f[1])));
        }
        return out;
    }
}
