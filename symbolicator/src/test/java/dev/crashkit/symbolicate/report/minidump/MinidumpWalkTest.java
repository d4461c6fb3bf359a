package dev.crashkit.symbolicate.report.minidump;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.crashkit.core.model.CrashReport;
import dev.crashkit.core.model.Frame;
import dev.crashkit.core.model.Trust;
import dev.crashkit.core.unwind.CodeMap;
import dev.crashkit.core.unwind.FdeIndex;
import dev.crashkit.symbolicate.report.ParsedReport;
import dev.crashkit.symbolicate.symbolize.StackWalker;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Walks of byte-built dumps whose code is in the dump's own memory (no binaries): frame records on
 * amd64 and arm64, a frame-record chain that loops, and a stack full of return addresses, which
 * the per-thread and per-report bounds must end.
 */
class MinidumpWalkTest {
    private static final long CODE = 0x400000;
    /** Code without CFI: frame records and scanning only. */
    private static final CodeMap NO_CFI = new CodeMap() {
        @Override
        public boolean isExecutable(long address) {
            return Long.compareUnsigned(address - CODE, 0x1000) < 0;
        }

        @Override
        public Optional<FdeIndex> cfiFor(long pc) {
            return Optional.empty();
        }
    };

    /** x86-64 code: a 5-byte {@code call rel32} ending at each of {@code returnAddresses}. */
    private static byte[] x86Code(long... returnAddresses) {
        byte[] code = new byte[0x1000];
        for (long ra : returnAddresses) {
            code[(int) (ra - 5 - CODE)] = (byte) 0xe8;
        }
        return code;
    }

    /** arm64 code: a {@code BL} just before each of {@code returnAddresses}. */
    private static byte[] arm64Code(long... returnAddresses) {
        ByteBuffer b = DumpBuilder.le(0x1000);
        for (long ra : returnAddresses) {
            b.putInt((int) (ra - 4 - CODE), 0x94000000);
        }
        return b.array();
    }

    /** A dump of {@code threads} threads sharing one context and one stack, with the code in its memory. */
    private static ParsedReport dump(int cpu, byte[] context, long stackStart, byte[] stack, byte[] code, int threads)
            throws Exception {
        DumpBuilder b = new DumpBuilder();
        long ctx = b.put(context);
        long stackRva = b.put(stack);
        long codeRva = b.put(code);
        List<DumpBuilder.Thread> list = new ArrayList<>();
        for (int i = 0; i < threads; i++) {
            list.add(new DumpBuilder.Thread(i + 1, stackStart, stack.length, stackRva, context.length, ctx));
        }
        b.stream(StreamTypes.SYSTEM_INFO, DumpBuilder.systemInfo(cpu, 0x8201))
                .stream(StreamTypes.THREAD_LIST, DumpBuilder.threadList(list))
                .stream(StreamTypes.MODULE_LIST, DumpBuilder.moduleList(List.of()))
                .stream(StreamTypes.MEMORY_LIST, DumpBuilder.memoryList(new long[] {CODE, code.length, codeRva}));
        return new MinidumpReader().read("walk.dmp", b.build());
    }

    private static CrashReport walk(ParsedReport p, int maxTotal, List<String> warnings) {
        MinidumpDocument d = (MinidumpDocument) p.document();
        return StackWalker.walk(p.model(), d.arch(), d.memory(), NO_CFI, d.walkStarts(), maxTotal, warnings::add);
    }

    private static String frames(List<Frame> frames) {
        StringBuilder sb = new StringBuilder();
        for (Frame f : frames) {
            sb.append(Long.toHexString(f.address())).append(' ').append(f.trust().map(Trust::label).orElse("?"))
                    .append(f.returnAddress() ? "" : " exact").append('\n');
        }
        return sb.toString();
    }

    @Test
    void amd64FrameRecordChainThatLoopsEnds() throws Exception {
        ByteBuffer stack = DumpBuilder.le(0x100);
        stack.putLong(0x10, 0x7030).putLong(0x18, 0x400205);
        stack.putLong(0x30, 0x7050).putLong(0x38, 0x400305);
        // Back down the stack: not a frame record (Breakpad's test, its caller's RBP below its caller's
        // RSP), so its return address is found by the scan, which then finds nothing more.
        stack.putLong(0x50, 0x7030).putLong(0x58, 0x400405);
        ParsedReport p = dump(9, DumpBuilder.amd64(0x400100, 0x7000, 0x7010), 0x7000, stack.array(),
                x86Code(0x400205, 0x400305, 0x400405), 1);
        CrashReport walked = walk(p, 1000, new ArrayList<>());
        assertEquals("400100 context exact\n400205 fp\n400305 fp\n400405 scan\n",
                frames(walked.threads().get(0).frames()));
    }

    @Test
    void arm64FrameRecords() throws Exception {
        ByteBuffer stack = DumpBuilder.le(0x100);
        stack.putLong(0x10, 0x9030).putLong(0x18, 0x400204);
        stack.putLong(0x30, 0).putLong(0x38, 0x400304);
        ParsedReport p = dump(12, DumpBuilder.arm64(0x400100, 0x9000, 0x9010, 0x400204, false), 0x9000,
                stack.array(), arm64Code(0x400204, 0x400304), 1);
        CrashReport walked = walk(p, 1000, new ArrayList<>());
        assertEquals("400100 context exact\n400204 fp\n400304 fp\n", frames(walked.threads().get(0).frames()));
    }

    @Test
    void aStackFullOfReturnAddressesIsBoundedPerThreadAndPerReport() throws Exception {
        ByteBuffer stack = DumpBuilder.le(0x4000);
        while (stack.hasRemaining()) {
            stack.putLong(0x400205);
        }
        ParsedReport p = dump(9, DumpBuilder.amd64(0x400100, 0x7000, 0), 0x7000, stack.array(), x86Code(0x400205), 3);
        List<String> warnings = new ArrayList<>();
        long start = System.nanoTime();
        CrashReport walked = walk(p, 600, warnings);
        long ms = (System.nanoTime() - start) / 1_000_000;
        assertEquals(StackWalker.MAX_FRAMES_PER_THREAD, walked.threads().get(0).frames().size());
        assertEquals(Trust.SCAN, walked.threads().get(0).frames().get(1).trust().orElseThrow());
        assertEquals(StackWalker.MAX_FRAMES_PER_THREAD, walked.threads().get(1).frames().size());
        assertEquals(600 - 2 * StackWalker.MAX_FRAMES_PER_THREAD, walked.threads().get(2).frames().size());
        assertTrue(ms < 5_000, ms + " ms");
        List<String> more = new ArrayList<>();
        CrashReport capped = walk(p, 256, more);
        assertEquals(1, capped.threads().get(1).frames().size(), "the second thread keeps its context frame");
        assertEquals(List.of("2 threads not walked: the report's walks reached 256 frames"), more);
    }

    @Test
    void x86ThreadsAreNotWalked() throws Exception {
        ParsedReport p = dump(0, DumpBuilder.x86(0x400100, 0x7000, 0), 0x7000, new byte[64], x86Code(), 1);
        List<String> warnings = new ArrayList<>();
        CrashReport walked = StackWalker.walk(p.model(), ((MinidumpDocument) p.document()).arch(),
                ((MinidumpDocument) p.document()).memory(), NO_CFI,
                List.of(new StackWalker.Start(0, new dev.crashkit.core.unwind.Registers(), 0x7040)), 100, warnings::add);
        assertEquals(1, walked.threads().get(0).frames().size());
        assertEquals(List.of("no stack walker for architecture i386: each thread keeps only its registers' frame"),
                warnings);
    }
}
