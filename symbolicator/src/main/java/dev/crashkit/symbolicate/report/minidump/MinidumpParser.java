package dev.crashkit.symbolicate.report.minidump;

import dev.crashkit.core.ReportException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Reads a minidump's streams into a {@link Minidump}. The header, the directory, the system info,
 * the thread list and the module list must be sound (a {@link ReportException} otherwise: without
 * them there is no report); everything else that is broken is left out and noted in
 * {@link Minidump#problems()}, a partial result.
 */
final class MinidumpParser {
    /** Text streams longer than this are cut (a /proc/self/maps of a huge process is a few MB). */
    private static final int MAX_TEXT = 1 << 20;
    private static final Map<Long, String> TEXTS = Map.of(StreamTypes.LINUX_MAPS, "maps",
            StreamTypes.LINUX_PROC_STATUS, "status", StreamTypes.LINUX_CPU_INFO, "cpuinfo",
            StreamTypes.LINUX_ENVIRON, "environ", StreamTypes.LINUX_CMD_LINE, "cmdline",
            StreamTypes.LINUX_LSB_RELEASE, "lsb-release");

    private MinidumpParser() {
    }

    static Minidump parse(String source, byte[] data) throws ReportException {
        MinidumpBytes b = new MinidumpBytes(source, data);
        StreamDirectory dir = StreamDirectory.read(b);
        List<String> problems = new ArrayList<>(dir.broken());
        SystemInfo system = SystemInfo.read(b, required(b, dir, StreamTypes.SYSTEM_INFO, "system info"));
        Optional<CpuContext.Cpu> cpu = system.contextCpu();
        if (cpu.isEmpty()) {
            problems.add("CPU architecture " + system.arch() + " (" + system.cpuArch() + "): registers not read");
        }
        List<DumpThread> threads = ThreadListStream.read(b, required(b, dir, StreamTypes.THREAD_LIST, "thread list"),
                cpu, problems);
        Optional<StreamDirectory.Stream> names = dir.find(StreamTypes.THREAD_NAME_LIST);
        if (names.isPresent()) {
            List<DumpThread> unnamed = threads;
            threads = optional(() -> ThreadListStream.named(b, names.get(), unnamed, problems), unnamed, problems);
        }
        threads = withoutDumpingThread(b, dir, threads);
        List<DumpModule> modules = ModuleListStream.read(b, required(b, dir, StreamTypes.MODULE_LIST, "module list"),
                system, problems);
        Optional<DumpException> exception = Optional.empty();
        Optional<StreamDirectory.Stream> ex = dir.find(StreamTypes.EXCEPTION);
        if (ex.isPresent()) {
            exception = exception(b, ex.get(), cpu, problems);
        }
        DumpMemory memory = memory(b, dir, threads, problems);
        Map<String, String> texts = new LinkedHashMap<>();
        for (StreamDirectory.Stream s : dir.streams()) {
            String name = TEXTS.get(s.type());
            if (name != null && !texts.containsKey(name)) {
                texts.put(name, b.text(s.rva(), Math.min(s.size(), MAX_TEXT), name));
            } else if (s.type() == StreamTypes.LINUX_AUXV && !texts.containsKey("auxv")) {
                texts.put("auxv", HexFormat.of().formatHex(b.copy(s.rva(), (int) Math.min(s.size(), MAX_TEXT))));
            }
        }
        Map<String, String> annotations = new LinkedHashMap<>();
        Optional<StreamDirectory.Stream> crashpad = dir.find(StreamTypes.CRASHPAD_INFO);
        if (crashpad.isPresent()) {
            CrashpadInfo.read(b, crashpad.get(), modules, annotations, problems);
        }
        return new Minidump(dir.timestamp(), system, withCrashContext(threads, exception), modules, memory,
                exception, pid(b, dir), texts, annotations, problems);
    }

    private interface Step<T> {
        T run() throws ReportException;
    }

    /** An optional stream's reading: its failure is noted and {@code fallback} kept. */
    private static <T> T optional(Step<T> step, T fallback, List<String> problems) {
        try {
            return step.run();
        } catch (ReportException e) {
            problems.add(e.getMessage());
            return fallback;
        }
    }

    private static StreamDirectory.Stream required(MinidumpBytes b, StreamDirectory dir, long type, String what)
            throws ReportException {
        return dir.find(type).orElseThrow(() -> new ReportException(b.source() + ": minidump has no " + what
                + " stream" + (dir.broken().isEmpty() ? "" : " (" + dir.broken().size() + " of its streams run past"
                + " the end of the file, the first: " + dir.broken().get(0) + ")")));
    }

    /**
     * The threads but the one that wrote the dump, which Breakpad's info stream names (an in-process
     * Windows or macOS handler's own thread: not the program's; minidump_stackwalk leaves it out too).
     */
    private static List<DumpThread> withoutDumpingThread(MinidumpBytes b, StreamDirectory dir,
                                                         List<DumpThread> threads) {
        Optional<StreamDirectory.Stream> info = dir.find(StreamTypes.BREAKPAD_INFO);
        if (info.isEmpty() || info.get().size() < 12 || (b.u32(info.get().rva()) & 1) == 0) {
            return threads;
        }
        long writer = b.u32(info.get().rva() + 4);
        List<DumpThread> out = new ArrayList<>(threads);
        out.removeIf(t -> t.id() == writer);
        return out;
    }

    /** The crashed thread takes the exception's registers: the thread list has the handler's. */
    private static List<DumpThread> withCrashContext(List<DumpThread> threads, Optional<DumpException> ex) {
        if (ex.isEmpty() || ex.get().context().isEmpty()) {
            return threads;
        }
        List<DumpThread> out = new ArrayList<>(threads.size());
        for (DumpThread t : threads) {
            out.add(t.id() == ex.get().threadId() ? t.withContext(ex.get().context().get()) : t);
        }
        return out;
    }

    /** {@code MINIDUMP_EXCEPTION_STREAM}: thread id, then the exception record, then the context's location. */
    private static Optional<DumpException> exception(MinidumpBytes b, StreamDirectory.Stream s,
                                                     Optional<CpuContext.Cpu> cpu, List<String> problems) {
        if (s.size() < 168) {
            problems.add("exception stream of " + s.size() + " bytes, needs 168");
            return Optional.empty();
        }
        long at = s.rva();
        long thread = b.u32(at);
        Optional<CpuContext> ctx = ThreadListStream.context(b, b.u32(at + 164), b.u32(at + 160), cpu,
                "exception", problems);
        long code = b.u32(at + 8);
        long address = b.u64(at + 24);
        long params = b.u32(at + 32);
        long access = -1;
        // A Windows access violation or in-page error: the data address and the kind of access are
        // its first two parameters (the exception address is the faulting instruction's).
        if ((code == 0xC0000005L || code == 0xC0000006L) && params >= 2) {
            access = b.u64(at + 40);
            address = b.u64(at + 48);
        }
        return Optional.of(new DumpException(thread, code, b.u32(at + 12), address, access, ctx));
    }

    /** The memory list (u32 count, 16-byte descriptors) and the 64-bit list (data packed from one RVA). */
    private static DumpMemory memory(MinidumpBytes b, StreamDirectory dir, List<DumpThread> threads,
                                     List<String> problems) {
        List<DumpMemory.Range> ranges = new ArrayList<>();
        // Each thread's stack, which the memory list usually repeats (the copies overlap and go).
        for (DumpThread t : threads) {
            if (t.stackSize() > 0) {
                ranges.add(new DumpMemory.Range(t.stackStart(), t.stackSize(), t.stackRva()));
            }
        }
        Optional<StreamDirectory.Stream> list = dir.find(StreamTypes.MEMORY_LIST);
        if (list.isPresent()) {
            optional(() -> {
                StreamDirectory.Stream s = list.get();
                long count = ThreadListStream.entries(b, s, 16, "memory list");
                long first = s.size() == 8 + count * 16 ? s.rva() + 8 : s.rva() + 4;
                for (long i = 0; i < count; i++) {
                    long at = first + i * 16;
                    range(b, b.u64(at), b.u32(at + 8), b.u32(at + 12), ranges, problems);
                }
                return null;
            }, null, problems);
        }
        Optional<StreamDirectory.Stream> list64 = dir.find(StreamTypes.MEMORY64_LIST);
        if (list64.isPresent()) {
            StreamDirectory.Stream s = list64.get();
            long count = s.size() >= 16 ? b.u64(s.rva()) : -1;
            if (count < 0 || Long.compareUnsigned(count, (s.size() - 16) / 16) > 0) {
                problems.add("memory64 list claims " + Long.toUnsignedString(count) + " ranges in a stream of "
                        + s.size() + " bytes");
            } else {
                long rva = b.u64(s.rva() + 8);
                for (long i = 0; i < count; i++) {
                    long at = s.rva() + 16 + i * 16;
                    long size = b.u64(at + 8);
                    if (!range(b, b.u64(at), size, rva, ranges, problems)) {
                        break; // later ranges' data follows this one's: none can be placed
                    }
                    rva += size;
                }
            }
        }
        DumpMemory memory = new DumpMemory(b.array(), ranges);
        if (memory.dropped() > 0) {
            problems.add(memory.dropped() + " memory ranges left out (empty, wrapping or overlapping another)");
        }
        return memory;
    }

    private static boolean range(MinidumpBytes b, long address, long size, long rva, List<DumpMemory.Range> out,
                                 List<String> problems) {
        if (!b.fits(rva, size)) {
            problems.add("memory at 0x" + Long.toHexString(address) + " (" + Long.toUnsignedString(size)
                    + " bytes at offset " + Long.toUnsignedString(rva) + ") is not in the file");
            return false;
        }
        out.add(new DumpMemory.Range(address, size, rva));
        return true;
    }

    /** {@code MINIDUMP_MISC_INFO}: the process id when flag 1 says it is set. */
    private static OptionalLong pid(MinidumpBytes b, StreamDirectory dir) {
        Optional<StreamDirectory.Stream> s = dir.find(StreamTypes.MISC_INFO);
        if (s.isEmpty() || s.get().size() < 12 || (b.u32(s.get().rva() + 4) & 1) == 0) {
            return OptionalLong.empty();
        }
        return OptionalLong.of(b.u32(s.get().rva() + 8));
    }
}
