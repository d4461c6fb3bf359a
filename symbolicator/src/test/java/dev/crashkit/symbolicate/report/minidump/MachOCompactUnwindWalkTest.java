package dev.crashkit.symbolicate.report.minidump;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * macOS minidumps of a program stopped in an emulator (testdata/compact-unwind/walk/make_dumps.py:
 * walk.c built for arm64 and x86-64 with and without frame pointers, run in Unicorn to its trap)
 * walked with the dylib as the only debug file: its __unwind_info (frame, frameless immediate and
 * indirect, arm64 frameless leaf with its caller in LR) and, for DWARF-mode encodings, its
 * __eh_frame. Expected: the program's call chain, each caller's return address the address after its
 * call instruction in llvm-objdump's disassembly, every frame after the first found by CFI.
 */
class MachOCompactUnwindWalkTest {

    @ParameterizedTest
    @ValueSource(strings = {"walk-arm64-fp", "walk-arm64-nofp", "walk-x86_64-fp", "walk-x86_64-nofp"})
    void walksTheCallChain(String name) throws Exception {
        List<String> expected = new ArrayList<>();
        for (String l : Files.readAllLines(TestData.file("compact-unwind/walk/golden/" + name + ".expected.txt"),
                StandardCharsets.UTF_8)) {
            if (!l.startsWith("#")) {
                String[] f = l.split("\\|");
                expected.add(f[1] + "|" + f[2] + "|" + (f[0].equals("0") ? "context" : "cfi"));
            }
        }
        Symbolication result;
        try (Symbolicator s = Symbolicator.open(SymbolicatorConfig.defaults()
                .withDebugFiles(List.of(TestData.file("compact-unwind/walk/" + name + ".dylib"))))) {
            result = s.symbolicate(Report.read(TestData.file("compact-unwind/walk/" + name + ".dmp"),
                    InputLimits.defaults()));
        }
        long base = result.report().model().images().get(0).loadAddress();
        List<String> ours = new ArrayList<>();
        for (StackFrame f : result.threads().get(0).frames()) {
            ours.add(f.function().orElse("?") + "|0x" + Long.toHexString(f.address() - base) + "|"
                    + f.trust().map(Trust::label).orElse("?"));
        }
        assertEquals(expected, ours);
    }
}
