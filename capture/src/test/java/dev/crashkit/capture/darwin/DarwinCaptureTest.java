package dev.crashkit.capture.darwin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.crashkit.core.crashreport.CrashReportJson;
import dev.crashkit.core.model.Arch;
import dev.crashkit.core.model.CrashReport;
import dev.crashkit.core.model.ProcessInfo;
import dev.crashkit.core.model.Trust;
import dev.crashkit.core.unwind.ByteMemory;
import dev.crashkit.core.unwind.Memory;
import dev.crashkit.core.unwind.UnwoundFrame;
import dev.crashkit.symbolicate.locate.DebugFileIndex;
import dev.crashkit.symbolicate.symbolize.ModuleCache;
import dev.crashkit.symbolicate.symbolize.SymbolicatedFrame;
import dev.crashkit.symbolicate.symbolize.SymbolicatedReport;
import dev.crashkit.symbolicate.symbolize.Symbolizer;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/**
 * The Darwin capture logic on recorded data: a thread list, arm64 thread states and memory holding
 * App-arm64's header (slid) and a stack of frame records whose return addresses point into
 * functions named by llvm-nm (golden). The report then goes through the symbolicator with the
 * shipped dSYM.
 */
class DarwinCaptureTest {
    private static final Path MACHO = Path.of("testdata/macho");
    private static final long SLIDE = 0x4c000;
    private static final long PAC = 0x002d_0000_0000_0000L; // high bits a signed pointer would carry

    /** Function start addresses (link-time) by name, from llvm-nm -m. */
    private static Map<String, Long> nm() throws Exception {
        Map<String, Long> out = new HashMap<>();
        for (String l : Files.readAllLines(MACHO.resolve("golden/App-arm64.nm-m.txt"))) {
            String[] f = l.split("\\s+");
            if (l.contains("(__TEXT,__text)")) {
                out.put(f[f.length - 1], Long.parseUnsignedLong(f[0], 16));
            }
        }
        return out;
    }

    /** A recorded thread source; counts suspends and resumes. */
    static final class Recorded implements ThreadSource {
        final Map<Long, ThreadState> states = new HashMap<>();
        final List<Long> order = new ArrayList<>();
        final List<String> calls = new ArrayList<>();
        long selfPort;
        long refuses = -1;

        @Override
        public List<Long> threads() {
            return order;
        }

        @Override
        public long self() {
            return selfPort;
        }

        @Override
        public boolean suspend(long t) {
            calls.add("suspend " + t);
            return t != refuses;
        }

        @Override
        public void resume(long t) {
            calls.add("resume " + t);
        }

        @Override
        public Optional<ThreadState> state(long t) {
            calls.add("state " + t);
            return Optional.ofNullable(states.get(t));
        }

        @Override
        public Optional<String> name(long t) {
            return t == 0x1103 ? Optional.of("worker") : Optional.empty();
        }

        @Override
        public long id(long t) {
            return 5000 + t;
        }

        @Override
        public void release(long t) {
            calls.add("release " + t);
        }
    }

    private static void put64(byte[] b, int at, long v) {
        for (int i = 0; i < 8; i++) {
            b[at + i] = (byte) (v >>> (8 * i));
        }
    }

    @Test
    void walksSuspendedThreadsAndTheReportSymbolicates() throws Exception {
        Map<String, Long> fn = nm();
        long main = fn.get("_main") + SLIDE;
        long dispatch = fn.get("_ck_dispatch") + SLIDE;
        long fatal = fn.get("_ck_fatal") + SLIDE;
        long crash = fn.get("_ck_crash_null") + SLIDE;
        long helper = fn.get("_ck_static_helper") + SLIDE;

        // Stack of thread 0x1103 at 0x16f000000: pc in ck_crash_null, lr in ck_fatal; the first
        // frame record saved the same lr (must not repeat), then ck_dispatch, then main.
        long stackBase = 0x16f000000L;
        byte[] stack = new byte[0x200];
        long fp0 = stackBase + 0x40;
        long fp1 = stackBase + 0x80;
        long fp2 = stackBase + 0xc0;
        put64(stack, 0x40, fp1 | PAC);
        put64(stack, 0x48, (fatal + 0x10) | PAC);
        put64(stack, 0x80, fp2);
        put64(stack, 0x88, (dispatch + 0x20) | PAC);
        put64(stack, 0xc0, 0);
        put64(stack, 0xc8, main + 0x30);
        byte[] header = java.util.Arrays.copyOf(Files.readAllBytes(MACHO.resolve("App-arm64")), 0x4000);
        long headerAt = 0x100000000L + SLIDE;
        Memory memory = new ByteMemory(stackBase, stack).over(new ByteMemory(headerAt, header));

        Recorded threads = new Recorded();
        threads.order.addAll(List.of(0x1103L, 0x1207L, 0x1303L));
        threads.selfPort = 0x1207L;
        threads.refuses = 0x1303L;
        threads.states.put(0x1103L, new ThreadState(DarwinArch.ARM64, (crash + 4) | PAC, stackBase + 0x20, fp0,
                OptionalLong.of((fatal + 0x10) | PAC)));
        ImageSource images = new ImageSource() {
            @Override
            public int count() {
                return 1;
            }

            @Override
            public long header(int i) {
                return headerAt;
            }

            @Override
            public long slide(int i) {
                return SLIDE;
            }

            @Override
            public String path(int i) {
                return "/Applications/App.app/App-arm64";
            }
        };
        List<UnwoundFrame> selfFrames = List.of(new UnwoundFrame(helper + 8, Trust.CONTEXT));
        CrashReport report = new DarwinCapture(threads, images, memory).snapshot(
                new ProcessInfo(Optional.of("App"), OptionalLong.of(77), Optional.of(Arch.Known.ARM64), Optional.empty(),
                        Optional.empty()), selfFrames);

        // Suspended and resumed in pairs; never the calling thread; a refused thread is not read;
        // every port right is given back (the calling thread's twice: listed and mach_thread_self).
        assertEquals(List.of("suspend 4355", "state 4355", "resume 4355", "release 4355", "release 4615",
                "suspend 4867", "release 4867", "release 4615"), threads.calls);
        assertEquals(3, report.threads().size());
        assertEquals(Optional.of("worker"), report.threads().get(0).name());
        assertEquals(List.of(crash + 4, fatal + 0x10, dispatch + 0x20, main + 0x30),
                report.threads().get(0).frames().stream().map(f -> f.address()).toList());
        assertEquals(List.of(Trust.CONTEXT, Trust.CONTEXT, Trust.FP, Trust.FP), report.threads().stream()
                .filter(t -> t.id() == 5000 + 0x1103L).findFirst().orElseThrow().frames().stream()
                .map(f -> f.trust().orElseThrow()).toList());
        assertEquals(0, report.threads().get(2).frames().size());
        assertEquals("4C4C44F2-5555-3144-A157-E368F8FB0F1A", report.images().get(0).id().orElseThrow().toString());

        StringWriter w = new StringWriter();
        CrashReportJson.write(report, w);
        assertTrue(w.toString().contains("\"trust\" : \"fp\""));
        CrashReport back = CrashReportJson.read(w.toString(), "darwin");
        DebugFileIndex index = DebugFileIndex.scan(List.of(MACHO.resolve("App-arm64.dSYM")), m -> { });
        SymbolicatedReport sym = new Symbolizer(new ModuleCache(index), Optional.empty()).symbolicate(back);
        List<String> names = sym.threads().get(0).frames().stream().filter(f -> !f.inlined())
                .map(SymbolicatedFrame::symbol).map(o -> o.orElse("?")).toList();
        assertEquals(List.of("ck_crash_null", "ck_fatal", "ck_dispatch", "main"), names);
        assertEquals(List.of("ck_static_helper"), sym.threads().get(1).frames().stream()
                .map(f -> f.symbol().orElse("?")).toList());
    }
}
