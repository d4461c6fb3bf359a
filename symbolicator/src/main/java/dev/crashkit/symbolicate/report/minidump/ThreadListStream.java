package dev.crashkit.symbolicate.report.minidump;

import dev.crashkit.core.ReportException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code MINIDUMP_THREAD_LIST} (a count, then 48-byte {@code MINIDUMP_THREAD} records) and the
 * thread-name list. The count must fit the stream; a thread whose stack or context lies outside the
 * file keeps its id with what could be read, and the problem is noted (a partial result).
 */
final class ThreadListStream {
    private static final int THREAD_SIZE = 48;

    private ThreadListStream() {
    }

    static List<DumpThread> read(MinidumpBytes b, StreamDirectory.Stream s, Optional<CpuContext.Cpu> cpu,
                                 List<String> problems) throws ReportException {
        long count = entries(b, s, THREAD_SIZE, "thread list");
        // Some writers pad the count to 8 bytes (Breakpad accepts both sizes).
        long first = s.size() == 8 + count * THREAD_SIZE ? s.rva() + 8 : s.rva() + 4;
        List<DumpThread> out = new ArrayList<>((int) count);
        for (long i = 0; i < count; i++) {
            long at = first + i * THREAD_SIZE;
            long id = b.u32(at);
            long stackStart = b.u64(at + 24);
            long stackSize = b.u32(at + 32);
            long stackRva = b.u32(at + 36);
            long ctxSize = b.u32(at + 40);
            long ctxRva = b.u32(at + 44);
            if (stackSize != 0 && !b.fits(stackRva, stackSize)) {
                problems.add("thread " + id + ": stack memory (" + stackSize + " bytes at offset " + stackRva
                        + ") runs past the end of the file");
                stackSize = 0;
            }
            out.add(new DumpThread(id, Optional.empty(), stackStart, stackSize, stackRva,
                    context(b, ctxRva, ctxSize, cpu, "thread " + id, problems)));
        }
        return out;
    }

    /** The context record at {@code rva}, or empty with the reason noted. */
    static Optional<CpuContext> context(MinidumpBytes b, long rva, long size, Optional<CpuContext.Cpu> cpu,
                                        String who, List<String> problems) {
        if (cpu.isEmpty()) {
            return Optional.empty(); // the system info already said the CPU is unknown
        }
        if (size == 0 || !b.fits(rva, size)) {
            problems.add(who + ": context (" + size + " bytes at offset " + rva + ") is not in the file");
            return Optional.empty();
        }
        CpuContext.Result r = CpuContext.read(b, rva, size, cpu.get());
        if (r.context() == null) {
            problems.add(who + ": " + r.problem());
        }
        return Optional.ofNullable(r.context());
    }

    /** Names from {@code MINIDUMP_THREAD_NAME_LIST}: a count, then (u32 id, u64 name RVA) records. */
    static List<DumpThread> named(MinidumpBytes b, StreamDirectory.Stream s, List<DumpThread> threads,
                                  List<String> problems) throws ReportException {
        long count = entries(b, s, 12, "thread name list");
        Map<Long, String> names = new HashMap<>();
        for (long i = 0; i < count; i++) {
            long at = s.rva() + 4 + i * 12;
            long id = b.u32(at);
            long rva = b.u64(at + 4);
            if (!b.fits(rva, 4) || rva < 0) {
                problems.add("thread " + id + ": name at offset " + Long.toUnsignedString(rva) + " is not in the file");
                continue;
            }
            try {
                names.putIfAbsent(id, b.utf16(rva, "thread " + id + " name"));
            } catch (ReportException e) {
                problems.add(e.getMessage().substring(b.source().length() + 2));
            }
        }
        List<DumpThread> out = new ArrayList<>(threads.size());
        for (DumpThread t : threads) {
            String n = names.get(t.id());
            out.add(n == null || n.isEmpty() ? t : t.withName(n));
        }
        return out;
    }

    /** The u32 entry count of a list stream, checked against the stream's size. */
    static long entries(MinidumpBytes b, StreamDirectory.Stream s, int entrySize, String what) throws ReportException {
        if (s.size() < 4) {
            throw new ReportException(b.source() + ": " + what + " stream of " + s.size() + " bytes has no count");
        }
        long count = b.u32(s.rva());
        if (count * entrySize > s.size() - 4) {
            throw new ReportException(b.source() + ": " + what + " claims " + count + " entries of " + entrySize
                    + " bytes in a stream of " + s.size());
        }
        return count;
    }
}
