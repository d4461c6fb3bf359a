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
    /**
     * Checks that {@code process} and {@code crash} are not null and copies the lists (unmodifiable).
     *
     * @param process what the report says about the process
     * @param crash the exception or signal, when the report has one
     * @param images the images loaded in the process
     * @param threads every thread's frames
     */
    public CrashReport {
        Objects.requireNonNull(process, "process");
        Objects.requireNonNull(crash, "crash");
        images = List.copyOf(images);
        threads = List.copyOf(threads);
    }
}
