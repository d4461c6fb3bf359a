package dev.crashkit.symbolicator;

import dev.crashkit.symbolicate.report.ReportLimits;

/**
 * How big a report may be: its bytes, and the threads, frames and images it holds. A report over
 * a limit is refused with a one-line error naming it, before it costs memory in proportion.
 *
 * @param maxBytes   largest input, in bytes
 * @param maxThreads most threads
 * @param maxFrames  most frames, all threads together
 * @param maxImages  most images
 */
public record InputLimits(long maxBytes, int maxThreads, int maxFrames, int maxImages) {
    /** Largest {@code maxBytes} a report can have (one Java array). */
    public static final long MAX_BYTES_CEILING = ReportLimits.MAX_BYTES_CEILING;

    /**
     * Checks the limits.
     *
     * @param maxBytes   largest input, in bytes
     * @param maxThreads most threads
     * @param maxFrames  most frames, all threads together
     * @param maxImages  most images
     * @throws IllegalArgumentException a limit below 1, or {@code maxBytes} over {@link #MAX_BYTES_CEILING}
     */
    public InputLimits {
        new ReportLimits(maxBytes, maxThreads, maxFrames, maxImages); // the same checks, the same messages
    }

    /** {@return the default limits: 256 MB, 10,000 threads, 1,000,000 frames, 100,000 images} */
    public static InputLimits defaults() {
        ReportLimits d = ReportLimits.defaults();
        return new InputLimits(d.maxBytes(), d.maxThreads(), d.maxFrames(), d.maxImages());
    }

    /**
     * {@return these limits with another largest input}
     *
     * @param bytes largest input, in bytes
     */
    public InputLimits withMaxBytes(long bytes) {
        return new InputLimits(bytes, maxThreads, maxFrames, maxImages);
    }

    ReportLimits internal() {
        return new ReportLimits(maxBytes, maxThreads, maxFrames, maxImages);
    }
}
