package dev.crashkit.capture.report;

import dev.crashkit.core.model.Arch;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Everything one capture recorded about a process, before it is written as crashreport/1.
 *
 * @param jitNames  names of JIT-compiled code by start address (from the JVM's perf map), used to
 *                  label frames outside every image
 * @param exception the uncaught Java exception that triggered the capture, as printed by the JVM
 */
public record Snapshot(long pid, String processName, Arch arch, String os, String timestamp,
                       Optional<String> reason, Optional<Long> crashedThread, List<LoadedImage> images,
                       List<CapturedThread> threads, Map<Long, JitSymbol> jitNames, Optional<String> exception) {
    public Snapshot {
        images = List.copyOf(images);
        threads = List.copyOf(threads);
        jitNames = Map.copyOf(jitNames);
    }

    /** A JIT-compiled method's code range. */
    public record JitSymbol(long start, long size, String name) {
    }
}
