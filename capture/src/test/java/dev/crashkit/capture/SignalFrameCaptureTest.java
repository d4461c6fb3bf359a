package dev.crashkit.capture;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.crashkit.capture.cli.CaptureMain;
import dev.crashkit.core.crashreport.CrashReportJson;
import dev.crashkit.core.model.CrashReport;
import dev.crashkit.core.model.Frame;
import dev.crashkit.core.model.Image;
import dev.crashkit.core.model.ThreadTrace;
import dev.crashkit.testkit.TestData;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.RandomAccessFile;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code capture --pid} on a process stopped inside its SIGSEGV handler
 * (testdata/reports/signal-frame/sigcrash.c, built here with gcc): the unwinder goes through
 * glibc's {@code __restore_rt} by its CFI ('S' augmentation) and marks the trampoline and the
 * faulting instruction as exact PCs, and only those. binutils' nm places the frames; the kernel's
 * {@code rt_sigreturn} code identifies the trampoline in the target's memory.
 */
class SignalFrameCaptureTest {
    /** {@code mov $15 (rt_sigreturn), %rax; syscall}. */
    private static final byte[] RT_SIGRETURN = {0x48, (byte) 0xc7, (byte) 0xc0, 0x0f, 0, 0, 0, 0x0f, 0x05};

    @TempDir
    Path dir;

    @Test
    void theTrampolineAndTheFaultingInstructionAreExactPcs() throws Exception {
        Path exe = dir.resolve("sigcrash");
        NativeFixture.run(List.of("gcc", "-O1", "-g", "-Wl,--build-id", "-o", exe.toString(),
                TestData.file("reports/signal-frame/sigcrash.c").toString()));
        Map<String, long[]> fns = functions(exe);
        // The handler runs `sh -c "<helper> <pid>"` and waits for it: the helper says so and sleeps.
        ProcessBuilder pb = new ProcessBuilder("sh", "-c", "'" + exe + "' & wait").redirectErrorStream(true);
        pb.environment().put("CRASH_HELPER", "f() { echo crashed $1; sleep 60; }; f");
        Process sh = pb.start();
        try {
            BufferedReader r = new BufferedReader(new InputStreamReader(sh.getInputStream(), StandardCharsets.UTF_8));
            String line = r.readLine();
            assertTrue(line != null && line.startsWith("crashed "), "fixture says " + line);
            long pid = Long.parseLong(line.substring(8).strip());
            Path out = dir.resolve("report.json");
            StringWriter err = new StringWriter();
            int rc = CaptureMain.run(new String[] {"--pid", Long.toString(pid), "--out", out.toString()},
                    new PrintWriter(new StringWriter()), new PrintWriter(err));
            assertEquals(0, rc, err.toString());
            CrashReport report = CrashReportJson.read(Files.readString(out), out.toString());
            ThreadTrace t = report.threads().get(0);
            Image img = report.images().stream().filter(i -> i.path().orElse("").equals(exe.toString()))
                    .findFirst().orElseThrow();
            long bias = img.slide().getAsLong();
            List<Integer> exact = new ArrayList<>();
            for (int i = 1; i < t.frames().size(); i++) {
                if (!t.frames().get(i).returnAddress()) {
                    exact.add(i);
                }
            }
            assertEquals(2, exact.size(), t.frames().toString());
            int trampoline = exact.get(0);
            assertEquals(trampoline + 1, (int) exact.get(1), "the interrupted frame follows the trampoline");
            Frame handler = t.frames().get(trampoline - 1);
            assertTrue(within(fns.get("on_segv"), handler.address() - 1 - bias), "frame before is the handler");
            byte[] code = new byte[RT_SIGRETURN.length];
            try (RandomAccessFile mem = new RandomAccessFile("/proc/" + pid + "/mem", "r")) {
                mem.seek(t.frames().get(trampoline).address());
                mem.readFully(code);
            }
            assertArrayEquals(RT_SIGRETURN, code, "the trampoline's code");
            // The NULL load is load_twice's first memory access; a return address would be one past a call.
            long fault = t.frames().get(trampoline + 1).address() - bias;
            assertTrue(within(fns.get("load_twice"), fault), "the faulting instruction is in load_twice");
            assertTrue(within(fns.get("checksum"), t.frames().get(trampoline + 2).address() - 1 - bias));
            assertTrue(within(fns.get("main"), t.frames().get(trampoline + 3).address() - 1 - bias));
        } finally {
            sh.descendants().forEach(ProcessHandle::destroyForcibly);
            sh.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }

    private static boolean within(long[] startAndSize, long linkAddress) {
        return Long.compareUnsigned(linkAddress - startAndSize[0], startAndSize[1]) < 0;
    }

    /** Function ranges by name, per {@code nm -S --defined-only}. */
    private static Map<String, long[]> functions(Path binary) throws Exception {
        Map<String, long[]> out = new HashMap<>();
        for (String line : NativeFixture.run(List.of("nm", "-S", "--defined-only", binary.toString())).split("\n")) {
            String[] f = line.trim().split("\\s+");
            if (f.length == 4 && "tT".contains(f[2])) {
                out.put(f[3], new long[] {Long.parseUnsignedLong(f[0], 16), Long.parseUnsignedLong(f[1], 16)});
            }
        }
        return out;
    }
}
