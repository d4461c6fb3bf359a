package dev.crashkit.symbolicate.report.minidump;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.crashkit.core.ReportException;
import dev.crashkit.core.model.Arch;
import dev.crashkit.core.model.DebugId;
import dev.crashkit.core.model.Trust;
import dev.crashkit.symbolicate.formats.ReportFormats;
import dev.crashkit.symbolicate.report.ParsedReport;
import dev.crashkit.symbolicate.report.ReportLimits;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The reader on dumps built byte by byte: each stream's fields, and dumps whose fields lie. */
class MinidumpReaderTest {
    private static final String SOURCE = "test.dmp";

    private static ParsedReport read(byte[] dump) throws ReportException {
        return new MinidumpReader().read(SOURCE, dump);
    }

    private static MinidumpDocument doc(ParsedReport p) {
        return (MinidumpDocument) p.document();
    }

    /** One amd64 thread with a 64-byte stack at 0x7000, rip 0x401000. */
    private static DumpBuilder amd64Dump() {
        DumpBuilder b = new DumpBuilder();
        long ctx = b.put(DumpBuilder.amd64(0x401000, 0x7000, 0x7010));
        long stack = b.put(new byte[64]);
        long name = b.put(DumpBuilder.string("/usr/bin/app"));
        byte[] buildId = HexFormat.of().parseHex("0102030405060708090a0b0c0d0e0f1011121314");
        long cv = b.put(DumpBuilder.le(4 + buildId.length).putInt(0x4270454c).put(buildId).array());
        return b.stream(StreamTypes.SYSTEM_INFO, DumpBuilder.systemInfo(9, 0x8201))
                .stream(StreamTypes.THREAD_LIST, DumpBuilder.threadList(List.of(
                        new DumpBuilder.Thread(42, 0x7000, 64, stack, 1232, ctx))))
                .stream(StreamTypes.MODULE_LIST, DumpBuilder.moduleList(List.of(
                        new DumpBuilder.Module(0x400000, 0x2000, name, 4 + buildId.length, cv))));
    }

    @Test
    void readsAnAmd64LinuxDump() throws Exception {
        ParsedReport p = read(amd64Dump().build());
        assertEquals(Arch.Known.X86_64, p.model().process().arch().orElseThrow());
        assertEquals("Linux 5.10.0", p.model().process().os().orElseThrow());
        assertEquals(42, p.model().threads().get(0).id());
        assertEquals(0x401000, p.model().threads().get(0).frames().get(0).address());
        assertEquals(Trust.CONTEXT, p.model().threads().get(0).frames().get(0).trust().orElseThrow());
        assertEquals(0x7000L, doc(p).registers(0).get("rsp"));
        var img = p.model().images().get(0);
        assertEquals("app", img.name());
        assertEquals(0x400000, img.loadAddress());
        assertEquals(DebugId.Kind.BUILD_ID, img.id().orElseThrow().kind());
        assertEquals("0102030405060708090a0b0c0d0e0f1011121314", img.id().orElseThrow().toString());
        // Breakpad's id: the first 16 bytes as a GUID (first three fields little-endian), age 0.
        assertEquals("0403020106050807090A0B0C0D0E0F100",
                doc(p).dump().modules().get(0).breakpadId().orElseThrow());
        assertEquals(1, doc(p).walkStarts().size());
        assertEquals(0x7040, doc(p).walkStarts().get(0).stackEnd());
        assertTrue(doc(p).problems().isEmpty(), doc(p).problems().toString());
    }

    @Test
    void readsArm64ContextsOfBothLayouts() throws Exception {
        for (boolean old : new boolean[] {false, true}) {
            DumpBuilder b = new DumpBuilder();
            byte[] context = DumpBuilder.arm64(0x5000, 0x9000, 0x9010, 0x5100, old);
            long ctx = b.put(context);
            b.stream(StreamTypes.SYSTEM_INFO, DumpBuilder.systemInfo(old ? 0x8003 : 12, 0x8203))
                    .stream(StreamTypes.THREAD_LIST, DumpBuilder.threadList(List.of(
                            new DumpBuilder.Thread(1, 0x9000, 0, 0, context.length, ctx))))
                    .stream(StreamTypes.MODULE_LIST, DumpBuilder.moduleList(List.of()));
            ParsedReport p = read(b.build());
            Map<String, Long> regs = doc(p).registers(0);
            assertEquals(0x5000L, regs.get("pc"), "old " + old);
            assertEquals(0x9000L, regs.get("sp"));
            assertEquals(0x9010L, regs.get("fp"));
            assertEquals(0x5100L, regs.get("lr"));
            assertEquals(0x1000L + 28, regs.get("x28"));
            assertEquals(Arch.Known.ARM64, p.model().process().arch().orElseThrow());
            assertEquals("Android 5.10.0", p.model().process().os().orElseThrow());
            assertEquals(1, doc(p).walkStarts().size());
        }
    }

    @Test
    void readsX86AndArmButDoesNotWalkThem() throws Exception {
        for (int cpu : new int[] {0, 5}) {
            DumpBuilder b = new DumpBuilder();
            byte[] context = cpu == 0 ? DumpBuilder.x86(0x401234, 0x8000, 0x8010) : DumpBuilder.arm(0x401234, 0x8000, 0x401000);
            long ctx = b.put(context);
            b.stream(StreamTypes.SYSTEM_INFO, DumpBuilder.systemInfo(cpu, 2))
                    .stream(StreamTypes.THREAD_LIST, DumpBuilder.threadList(List.of(
                            new DumpBuilder.Thread(1, 0x8000, 0, 0, context.length, ctx))))
                    .stream(StreamTypes.MODULE_LIST, DumpBuilder.moduleList(List.of()));
            ParsedReport p = read(b.build());
            assertEquals(0x401234, p.model().threads().get(0).frames().get(0).address());
            assertEquals(0x8000L, doc(p).registers(0).get(cpu == 0 ? "esp" : "sp"));
            assertTrue(doc(p).walkStarts().isEmpty());
            assertEquals(List.of(0), doc(p).notWalked());
        }
    }

    @Test
    void macOsRsdsHoldsTheMachOUuid() throws Exception {
        DumpBuilder b = new DumpBuilder();
        long name = b.put(DumpBuilder.string("/usr/lib/dyld"));
        // Crashpad writes the UUID 00112233-4455-6677-8899-AABBCCDDEEFF as a GUID: first fields little-endian.
        byte[] guid = HexFormat.of().parseHex("33221100554477668899aabbccddeeff");
        long cv = b.put(DumpBuilder.le(28).putInt(0x53445352).put(guid).putInt(0).array());
        b.stream(StreamTypes.SYSTEM_INFO, DumpBuilder.systemInfo(12, 0x8101))
                .stream(StreamTypes.THREAD_LIST, DumpBuilder.threadList(List.of()))
                .stream(StreamTypes.MODULE_LIST, DumpBuilder.moduleList(List.of(
                        new DumpBuilder.Module(0x1000000, 0x1000, name, 28, cv))));
        ParsedReport p = read(b.build());
        assertEquals("00112233-4455-6677-8899-AABBCCDDEEFF", p.model().images().get(0).id().orElseThrow().toString());
        assertEquals("00112233445566778899AABBCCDDEEFF0", doc(p).dump().modules().get(0).breakpadId().orElseThrow());
    }

    @Test
    void readsExceptionMiscLinuxAndCrashpadStreams() throws Exception {
        DumpBuilder b = amd64Dump();
        long ctx = b.put(DumpBuilder.amd64(0x401777, 0x7008, 0));
        ByteBuffer ex = DumpBuilder.le(168);
        ex.putInt(42).putInt(0).putInt(11).putInt(2).putLong(0).putLong(0xdead);
        ex.putInt(160, 1232).putInt(164, (int) ctx);
        b.stream(StreamTypes.EXCEPTION, ex.array());
        b.stream(StreamTypes.MISC_INFO, DumpBuilder.le(24).putInt(24).putInt(1).putInt(4321).array());
        b.stream(StreamTypes.LINUX_MAPS, "00400000-00402000 r-xp 0 0 0 /usr/bin/app\n".getBytes());
        long key = b.put(DumpBuilder.utf8("channel"));
        long value = b.put(DumpBuilder.utf8("beta"));
        long dict = b.put(DumpBuilder.le(12).putInt(1).putInt((int) key).putInt((int) value).array());
        ByteBuffer info = DumpBuilder.le(52);
        info.putInt(1).putInt(36, 12).putInt(40, (int) dict);
        b.stream(StreamTypes.CRASHPAD_INFO, info.array());
        ParsedReport p = read(b.build());
        var crash = p.model().crash().orElseThrow();
        assertEquals("SIGSEGV", crash.signal().orElseThrow());
        assertEquals("SEGV_ACCERR", crash.code().orElseThrow());
        assertEquals(0xdead, crash.address().getAsLong());
        assertEquals(42, crash.thread().getAsLong());
        assertTrue(p.model().threads().get(0).crashed());
        // The crashed thread starts from the exception's context, not the thread list's.
        assertEquals(0x401777, p.model().threads().get(0).frames().get(0).address());
        assertEquals(4321, p.model().process().pid().getAsLong());
        assertTrue(doc(p).texts().get("maps").contains("/usr/bin/app"));
        assertEquals(Map.of("channel", "beta"), doc(p).annotations());
    }

    @Test
    void threadNamesAndMemory64() throws Exception {
        DumpBuilder b = amd64Dump();
        long name = b.put(DumpBuilder.string("render"));
        b.stream(StreamTypes.THREAD_NAME_LIST, DumpBuilder.le(4 + 12 + 12).putInt(2).putInt(42).putLong(name)
                .putInt(7).putLong(0xffff_ffff_0000L).array());
        // Memory64: (address, size) pairs, their bytes one after the other from one RVA.
        long data = b.put(new byte[] {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12});
        b.stream(StreamTypes.MEMORY64_LIST, DumpBuilder.le(48).putLong(2).putLong(data)
                .putLong(0xa000).putLong(4).putLong(0xb000).putLong(8).array());
        ParsedReport p = read(b.build());
        assertEquals("render", p.model().threads().get(0).name().orElseThrow());
        byte[] got = new byte[8];
        assertEquals(4, doc(p).memory().read(0xa000, got, 0, 8));
        assertEquals(4, got[3]);
        assertEquals(8, doc(p).memory().read(0xb000, got, 0, 8));
        assertEquals(5, got[0]);
        assertEquals(12, got[7]);
        // The name of a thread that is not listed, at an offset past the end: noted, nothing else.
        assertEquals(List.of("thread 7: name at offset 281474976645120 is not in the file"), doc(p).problems());
    }

    @Test
    void detectedByItsMagic() throws Exception {
        ParsedReport p = ReportFormats.standard().read(SOURCE, amd64Dump().build());
        assertEquals(dev.crashkit.symbolicate.report.ReportFormat.MINIDUMP, p.format());
    }

    // --- hostile dumps ---

    private static void fails(byte[] dump, String expected) {
        ReportException e = assertThrows(ReportException.class, () -> read(dump));
        assertTrue(e.getMessage().startsWith(SOURCE + ": "), e.getMessage());
        assertFalse(e.getMessage().contains("\n"));
        assertTrue(e.getMessage().contains(expected), e.getMessage());
    }

    @Test
    void headerThatClaimsMoreStreamsThanTheFileHolds() {
        fails(amd64Dump().claimStreams(0xffffffffL).build(), "stream directory of 4294967295 streams");
    }

    @Test
    void streamPastTheEndIsLeftOutAndNoted() throws Exception {
        for (long[] lie : new long[][] {{0xfffffff0L, 100}, {16, 0xfffffff0L}}) {
            ParsedReport p = read(amd64Dump().entry(StreamTypes.MISC_INFO, lie[0], lie[1]).build());
            assertEquals(1, p.model().threads().size());
            assertTrue(doc(p).problems().get(0).startsWith("stream 3 (type 0xf) at offset " + lie[1]), doc(p).problems().toString());
        }
        // A required stream that runs past the end: the failure says so.
        DumpBuilder b = new DumpBuilder().stream(StreamTypes.SYSTEM_INFO, DumpBuilder.systemInfo(9, 0x8201))
                .entry(StreamTypes.THREAD_LIST, 0x1000, 100);
        fails(b.build(), "minidump has no thread list stream (1 of its streams run past the end of the file, the first:"
                + " stream 1 (type 0x3) at offset 100 (4096 bytes) runs past the end of the file");
    }

    @Test
    void truncatedFilesFail() {
        byte[] whole = amd64Dump().build();
        for (int n : new int[] {0, 3, 4, 31, 100, 200}) {
            assertThrows(ReportException.class, () -> read(java.util.Arrays.copyOf(whole, n)), "length " + n);
        }
    }

    @Test
    void threadCountThatLies() {
        DumpBuilder b = new DumpBuilder();
        b.stream(StreamTypes.SYSTEM_INFO, DumpBuilder.systemInfo(9, 0x8201))
                .stream(StreamTypes.THREAD_LIST, DumpBuilder.threadList(100_000_000, List.of()))
                .stream(StreamTypes.MODULE_LIST, DumpBuilder.moduleList(List.of()));
        fails(b.build(), "thread list claims 100000000 entries of 48 bytes in a stream of 4");
    }

    @Test
    void missingRequiredStreams() {
        fails(new DumpBuilder().stream(StreamTypes.SYSTEM_INFO, DumpBuilder.systemInfo(9, 0x8201)).build(),
                "minidump has no thread list stream");
        fails(new DumpBuilder().build(), "minidump has no system info stream");
    }

    @Test
    void contextsAndStacksPointingAnywhereArePartialResults() throws Exception {
        DumpBuilder b = new DumpBuilder();
        long small = b.put(new byte[16]);
        b.stream(StreamTypes.SYSTEM_INFO, DumpBuilder.systemInfo(9, 0x8201))
                .stream(StreamTypes.THREAD_LIST, DumpBuilder.threadList(List.of(
                        new DumpBuilder.Thread(1, 0x7000, 0x1000_0000L, 0xffff_0000L, 1232, 0xffff_ff00L),
                        new DumpBuilder.Thread(2, 0x7000, 0, 0, 16, small),
                        new DumpBuilder.Thread(3, 0x7000, 0, 0, 1232, small))))
                .stream(StreamTypes.MODULE_LIST, DumpBuilder.moduleList(List.of()));
        ParsedReport p = read(b.build());
        assertEquals(3, p.model().threads().size());
        p.model().threads().forEach(t -> assertTrue(t.frames().isEmpty()));
        assertTrue(doc(p).walkStarts().isEmpty());
        String problems = String.join("\n", doc(p).problems());
        assertTrue(problems.contains("thread 1: stack memory"), problems);
        assertTrue(problems.contains("thread 1: context (1232 bytes at offset 4294967040) is not in the file"), problems);
        assertTrue(problems.contains("thread 2: AMD64 context of 16 bytes, needs 256"), problems);
        assertTrue(problems.contains("thread 3: context"), problems);
    }

    @Test
    void overlappingMemoryRangesKeepTheFirst() throws Exception {
        DumpBuilder b = amd64Dump();
        long one = b.put(new byte[] {1, 1, 1, 1, 1, 1, 1, 1});
        long two = b.put(new byte[] {2, 2, 2, 2, 2, 2, 2, 2});
        b.stream(StreamTypes.MEMORY_LIST, DumpBuilder.memoryList(new long[] {0x9000, 8, one},
                new long[] {0x9004, 8, two}, new long[] {0xffff_ffff_ffff_fffcL, 8, two}));
        ParsedReport p = read(b.build());
        byte[] got = new byte[16];
        assertEquals(8, doc(p).memory().read(0x9000, got, 0, 16));
        assertEquals(1, got[7]);
        assertEquals(0, doc(p).memory().read(0x9008, got, 0, 1));
        assertTrue(String.join("\n", doc(p).problems()).contains("2 memory ranges left out"), doc(p).problems().toString());
    }

    @Test
    void memory64CountThatLiesIsAProblemNotAFailure() throws Exception {
        DumpBuilder b = amd64Dump();
        b.stream(StreamTypes.MEMORY64_LIST, DumpBuilder.le(16).putLong(-1L).putLong(0).array());
        ParsedReport p = read(b.build());
        assertTrue(String.join("\n", doc(p).problems()).contains("memory64 list claims 18446744073709551615 ranges"));
    }

    @Test
    void aHundredThousandThreadsReadFastAndTheLimitRefusesThem() throws Exception {
        DumpBuilder b = new DumpBuilder();
        long ctx = b.put(DumpBuilder.amd64(0x401000, 0x7000, 0));
        long stack = b.put(new byte[256]);
        List<DumpBuilder.Thread> threads = new ArrayList<>();
        for (int i = 0; i < 100_000; i++) {
            threads.add(new DumpBuilder.Thread(i, 0x7000, 256, stack, 1232, ctx));
        }
        b.stream(StreamTypes.SYSTEM_INFO, DumpBuilder.systemInfo(9, 0x8201))
                .stream(StreamTypes.THREAD_LIST, DumpBuilder.threadList(threads))
                .stream(StreamTypes.MODULE_LIST, DumpBuilder.moduleList(List.of()));
        byte[] dump = b.build();
        // This thread's CPU time, not wall time: the bound is about the work (linear, not quadratic in the
        // threads: quadratic would be ~10^10 steps), not about how busy the machine is.
        java.lang.management.ThreadMXBean cpu = java.lang.management.ManagementFactory.getThreadMXBean();
        long start = cpu.getCurrentThreadCpuTime();
        ParsedReport p = read(dump);
        long ms = (cpu.getCurrentThreadCpuTime() - start) / 1_000_000;
        assertEquals(100_000, p.model().threads().size());
        assertTrue(ms < 5_000, ms + " ms of CPU");
        ReportException e = assertThrows(ReportException.class,
                () -> ReportFormats.standard().read(SOURCE, dump, ReportLimits.defaults()));
        assertEquals(SOURCE + ": 100000 threads, over the limit of 10000 (see --max-threads)", e.getMessage());
    }
}
