package dev.crashkit.core.model;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A raw crash report, whatever format it came from: the process, the optional crash details, the
 * images loaded in the process and every thread's frames as runtime addresses.
 */
public record CrashReport(ProcessInfo process, Optional<CrashInfo> crash, List<Image> images,
                          List<ThreadTrace> threads) {
    public CrashReport {
        Objects.requireNonNull(process, "process");
        Objects.requireNonNull(crash, "crash");
        images = List.copyOf(images);
        threads = List.copyOf(threads);
    }
}
