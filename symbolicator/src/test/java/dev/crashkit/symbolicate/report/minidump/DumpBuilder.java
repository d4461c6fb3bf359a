package dev.crashkit.symbolicate.report.minidump;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Builds minidumps byte by byte for tests: a header, a directory at offset 32 with room for 16
 * streams, then each appended block. Streams and blocks are written exactly as given, so a test can
 * make any field lie.
 */
final class DumpBuilder {
    private static final int DIRECTORY = 32;
    private static final int DATA = DIRECTORY + 16 * 12;

    private final ByteArrayOutputStream data = new ByteArrayOutputStream();
    private final List<long[]> entries = new ArrayList<>();
    private long countOverride = -1;

    /** Appends bytes; returns their RVA. */
    long put(byte[] bytes) {
        long rva = DATA + data.size();
        data.writeBytes(bytes);
        return rva;
    }

    /** Appends a stream of {@code type}. */
    DumpBuilder stream(long type, byte[] bytes) {
        long rva = put(bytes);
        entries.add(new long[] {type, bytes.length, rva});
        return this;
    }

    /** A directory entry as given, bounds and all. */
    DumpBuilder entry(long type, long size, long rva) {
        entries.add(new long[] {type, size, rva});
        return this;
    }

    /** Makes the header claim this many streams. */
    DumpBuilder claimStreams(long count) {
        countOverride = count;
        return this;
    }

    byte[] build() {
        ByteBuffer b = le(DATA + data.size());
        b.put("MDMP".getBytes(StandardCharsets.US_ASCII)).putInt(0xa793).putInt((int) (countOverride >= 0
                ? countOverride : entries.size())).putInt(DIRECTORY).putInt(0).putInt(1_700_000_000).putLong(0);
        for (long[] e : entries) {
            b.putInt((int) e[0]).putInt((int) e[1]).putInt((int) e[2]);
        }
        b.position(DATA);
        b.put(data.toByteArray());
        return b.array();
    }

    static ByteBuffer le(int size) {
        return ByteBuffer.allocate(size).order(ByteOrder.LITTLE_ENDIAN);
    }

    /** {@code MINIDUMP_SYSTEM_INFO} of this CPU ({@code 9} amd64, {@code 12} arm64, {@code 0} x86, {@code 5} arm) and platform. */
    static byte[] systemInfo(int cpu, int platform) {
        ByteBuffer b = le(56);
        b.putShort((short) cpu).putShort((short) 6).putShort((short) 0).put((byte) 4).put((byte) 1);
        b.putInt(5).putInt(10).putInt(0).putInt(platform).putInt(0);
        return b.array();
    }

    /** One thread: id, stack range and its file offset, context size and offset. */
    record Thread(long id, long stackStart, long stackSize, long stackRva, long contextSize, long contextRva) {
    }

    static byte[] threadList(List<Thread> threads) {
        return threadList(threads.size(), threads);
    }

    static byte[] threadList(long claimed, List<Thread> threads) {
        ByteBuffer b = le(4 + 48 * threads.size());
        b.putInt((int) claimed);
        for (Thread t : threads) {
            b.putInt((int) t.id()).putInt(0).putInt(0).putInt(0).putLong(0);
            b.putLong(t.stackStart()).putInt((int) t.stackSize()).putInt((int) t.stackRva());
            b.putInt((int) t.contextSize()).putInt((int) t.contextRva());
        }
        return b.array();
    }

    /** One module: base, size, name RVA, CodeView size and RVA. */
    record Module(long base, long size, long nameRva, long cvSize, long cvRva) {
    }

    static byte[] moduleList(List<Module> modules) {
        ByteBuffer b = le(4 + 108 * modules.size());
        b.putInt(modules.size());
        for (Module m : modules) {
            int at = b.position();
            b.putLong(m.base()).putInt((int) m.size()).putInt(0).putInt(0).putInt((int) m.nameRva());
            b.position(at + 76);
            b.putInt((int) m.cvSize()).putInt((int) m.cvRva());
            b.position(at + 108);
        }
        return b.array();
    }

    static byte[] string(String s) {
        byte[] text = s.getBytes(StandardCharsets.UTF_16LE);
        return le(4 + text.length).putInt(text.length).put(text).array();
    }

    static byte[] utf8(String s) {
        byte[] text = s.getBytes(StandardCharsets.UTF_8);
        return le(4 + text.length).putInt(text.length).put(text).array();
    }

    /** A memory list: (address, size, RVA) triples. */
    static byte[] memoryList(long[]... ranges) {
        ByteBuffer b = le(4 + 16 * ranges.length);
        b.putInt(ranges.length);
        for (long[] r : ranges) {
            b.putLong(r[0]).putInt((int) r[1]).putInt((int) r[2]);
        }
        return b.array();
    }

    /** A {@code CONTEXT_AMD64} with these registers (the rest zero). */
    static byte[] amd64(long rip, long rsp, long rbp) {
        ByteBuffer b = le(1232);
        b.putInt(48, 0x0010000f);
        b.putLong(120 + 8 * 4, rsp).putLong(120 + 8 * 5, rbp).putLong(248, rip);
        return b.array();
    }

    /** An arm64 context: Breakpad/Crashpad's current layout, or (old) the 64-bit-flags one. */
    static byte[] arm64(long pc, long sp, long fp, long lr, boolean old) {
        ByteBuffer b = le(old ? 800 : 912);
        if (old) {
            b.putLong(0, 0x80000003L);
        } else {
            b.putInt(0, 0x00400003);
        }
        for (int i = 0; i < 29; i++) {
            b.putLong(8 + 8 * i, 0x1000 + i);
        }
        b.putLong(8 + 8 * 29, fp).putLong(8 + 8 * 30, lr).putLong(8 + 8 * 31, sp).putLong(8 + 8 * 32, pc);
        return b.array();
    }

    /** A {@code CONTEXT_X86} with eip, esp, ebp. */
    static byte[] x86(int eip, int esp, int ebp) {
        ByteBuffer b = le(716);
        b.putInt(0, 0x0001003f).putInt(180, ebp).putInt(184, eip).putInt(196, esp);
        return b.array();
    }

    /** An ARM context with pc, sp, lr. */
    static byte[] arm(int pc, int sp, int lr) {
        ByteBuffer b = le(368);
        b.putInt(0, 0x40000002).putInt(4 + 4 * 13, sp).putInt(4 + 4 * 14, lr).putInt(4 + 4 * 15, pc);
        return b.array();
    }
}
