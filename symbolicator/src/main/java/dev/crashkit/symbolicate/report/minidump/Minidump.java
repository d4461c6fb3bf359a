package dev.crashkit.symbolicate.report.minidump;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Everything read from one minidump.
 *
 * @param timestamp   seconds since 1970 when it was written
 * @param system      CPU and OS
 * @param threads     the threads in list order; the crashed one carries the exception's context
 * @param modules     the loaded modules
 * @param memory      the saved memory (stacks and whatever else the writer kept)
 * @param exception   why the process died, when it did
 * @param pid         the process id (misc info stream), when given
 * @param texts       text streams by name (Linux {@code /proc} files: {@code maps}, {@code status},
 *                    {@code cpuinfo}, {@code auxv} (hex), {@code environ}, {@code cmdline}, {@code lsb-release})
 * @param annotations Crashpad's simple annotations (process-wide, then per module as {@code module:key})
 * @param problems    what could not be read (the result is partial when not empty), one line each
 */
record Minidump(long timestamp, SystemInfo system, List<DumpThread> threads, List<DumpModule> modules,
                DumpMemory memory, Optional<DumpException> exception, OptionalLong pid, Map<String, String> texts,
                Map<String, String> annotations, List<String> problems) {
    Minidump {
        threads = List.copyOf(threads);
        modules = List.copyOf(modules);
        texts = Map.copyOf(texts);
        // Problems quote names from the dump: one line each, whatever the dump holds.
        problems = problems.stream().map(p -> p.replace('\n', ' ').replace('\r', ' ')).toList();
    }
}
