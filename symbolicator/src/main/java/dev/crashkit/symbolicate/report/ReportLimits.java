package dev.crashkit.symbolicate.report;

import dev.crashkit.core.ReportException;
import dev.crashkit.core.model.CrashReport;
import dev.crashkit.core.model.ThreadTrace;
import java.util.Locale;

/**
 * Bounds on one crash report, so that a hostile or broken report costs bounded memory and time and
 * fails with one line instead of exhausting the heap. The byte limit is checked before a report is
 * read; the counts right after it is parsed, before anything is symbolicated or written.
 *
 * @param maxBytes   largest report read (it is held in memory while parsed), at most 2 GiB
 * @param maxThreads threads per report
 * @param maxFrames  frames per report, all threads together
 * @param maxImages  images per report
 */
public record ReportLimits(long maxBytes, int maxThreads, int maxFrames, int maxImages) {

    /** 256 MiB: far above real reports (a few MB), low enough to parse in a default heap. */
    public static final long DEFAULT_MAX_BYTES = 256L << 20;
    /** Real reports have tens to a few hundred threads. */
    public static final int DEFAULT_MAX_THREADS = 10_000;
    /** Apple and KSCrash stop a stack at 512 frames; this leaves room for thousands of deep threads. */
    public static final int DEFAULT_MAX_FRAMES = 1_000_000;
    /** A macOS process maps one to two thousand images. */
    public static final int DEFAULT_MAX_IMAGES = 100_000;
    /** A Java array cannot hold more. */
    public static final long MAX_BYTES_CEILING = Integer.MAX_VALUE - 8;

    public ReportLimits {
        if (maxBytes < 1 || maxBytes > MAX_BYTES_CEILING) {
            throw new IllegalArgumentException("report size limit must be 1.." + MAX_BYTES_CEILING + " bytes: " + maxBytes);
        }
        if (maxThreads < 1 || maxFrames < 1 || maxImages < 1) {
            throw new IllegalArgumentException("report count limits must be at least 1");
        }
    }

    public static ReportLimits defaults() {
        return new ReportLimits(DEFAULT_MAX_BYTES, DEFAULT_MAX_THREADS, DEFAULT_MAX_FRAMES, DEFAULT_MAX_IMAGES);
    }

    /** Refuses a report of {@code size} bytes over the limit, naming the flag that raises it. */
    public void checkSize(String source, long size) throws ReportException {
        if (size > maxBytes) {
            throw new ReportException(String.format(Locale.ROOT,
                    "%s: report too large (%d bytes, limit %d; see --max-report-size)", source, size, maxBytes));
        }
    }

    /** Refuses a parsed report with more threads, frames or images than allowed. */
    public void checkCounts(String source, CrashReport report) throws ReportException {
        over(source, report.threads().size(), maxThreads, "threads", "--max-threads");
        over(source, report.images().size(), maxImages, "images", "--max-images");
        long frames = 0;
        for (ThreadTrace t : report.threads()) {
            frames += t.frames().size();
        }
        over(source, frames, maxFrames, "frames", "--max-frames");
    }

    private static void over(String source, long count, long max, String what, String flag) throws ReportException {
        if (count > max) {
            throw new ReportException(String.format(Locale.ROOT, "%s: %d %s, over the limit of %d (see %s)",
                    source, count, what, max, flag));
        }
    }
}
