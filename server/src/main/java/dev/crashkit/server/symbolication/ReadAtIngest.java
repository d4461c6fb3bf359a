package dev.crashkit.server.symbolication;

import dev.crashkit.symbolicator.Report;
import java.lang.ref.SoftReference;
import java.nio.ByteBuffer;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Reports read at ingest, handed over to the worker that symbolicates them, so that a report is not read
 * twice on one server (issue 32 goal 4). Keyed by the bytes themselves (equal content, not a hash of it),
 * each taken at most once; bounded by count and by the bytes held, the oldest dropped first; the reports
 * are held softly so that the heap can take them back. A worker that finds nothing (another server's
 * report, one dropped, a restart) reads the stored bytes as before: the same bytes and limits give the
 * same report.
 */
final class ReadAtIngest {
    /** A report as read, and the dimensions ingest took from it ({@link ReportDimensions#of}) when it was ingest. */
    record Read(Report report, Optional<Dimensions> dimensions) {
    }

    private final int maxEntries;
    private final int maxBytes;
    private final long maxTotalBytes;
    /** In insertion order: the eldest first. */
    private final LinkedHashMap<ByteBuffer, SoftReference<Read>> reports = new LinkedHashMap<>();
    private long totalBytes;

    /**
     * @param maxEntries    most reports held
     * @param maxBytes      largest report (in bytes) held; larger ones are read again by the worker
     * @param maxTotalBytes most report bytes held together
     */
    ReadAtIngest(int maxEntries, int maxBytes, long maxTotalBytes) {
        this.maxEntries = maxEntries;
        this.maxBytes = maxBytes;
        this.maxTotalBytes = maxTotalBytes;
    }

    /** Keeps {@code read}, read from exactly {@code body} (which must not change afterwards). */
    void put(byte[] body, Read read) {
        if (body.length > maxBytes) {
            return;
        }
        synchronized (reports) {
            SoftReference<Read> before = reports.put(ByteBuffer.wrap(body).asReadOnlyBuffer(), new SoftReference<>(read));
            if (before == null) {
                totalBytes += body.length;
            }
            Iterator<Map.Entry<ByteBuffer, SoftReference<Read>>> eldest = reports.entrySet().iterator();
            while (reports.size() > maxEntries || totalBytes > maxTotalBytes) {
                totalBytes -= eldest.next().getKey().capacity();
                eldest.remove();
            }
        }
    }

    /** The report read from bytes equal to {@code body}, removed; empty when none is held. */
    Optional<Read> take(byte[] body) {
        if (body.length > maxBytes) {
            return Optional.empty();
        }
        SoftReference<Read> held;
        synchronized (reports) {
            held = reports.remove(ByteBuffer.wrap(body));
            if (held != null) {
                totalBytes -= body.length;
            }
        }
        return held == null ? Optional.empty() : Optional.ofNullable(held.get());
    }

    int size() {
        synchronized (reports) {
            return reports.size();
        }
    }

    long bytes() {
        synchronized (reports) {
            return totalBytes;
        }
    }
}
