package dev.crashkit.server.symbolication;

import dev.crashkit.symbolicator.Report;
import java.lang.ref.SoftReference;
import java.nio.ByteBuffer;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Reports read at ingest, handed over to the worker that symbolicates them, so that a report is not read
 * twice on one server (issue 32 goal 4). Keyed by the bytes themselves (equal content, not a hash of it),
 * each taken at most once; bounded by count and size, the oldest dropped first, and held softly so that
 * the heap can take them back. A worker that finds nothing (another server's report, one dropped, a
 * restart) reads the stored bytes as before: the same bytes and limits give the same report.
 */
final class ReadAtIngest {
    private final int maxEntries;
    private final int maxBytes;
    private final Map<ByteBuffer, SoftReference<Report>> reports;

    /**
     * @param maxEntries most reports held
     * @param maxBytes   largest report (in bytes) held; larger ones are read again by the worker
     */
    ReadAtIngest(int maxEntries, int maxBytes) {
        this.maxEntries = maxEntries;
        this.maxBytes = maxBytes;
        this.reports = new LinkedHashMap<>(16, 0.75f, false) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<ByteBuffer, SoftReference<Report>> eldest) {
                return size() > ReadAtIngest.this.maxEntries;
            }
        };
    }

    /** Keeps {@code report}, read from exactly {@code body} (which must not change afterwards). */
    void put(byte[] body, Report report) {
        if (body.length > maxBytes) {
            return;
        }
        synchronized (reports) {
            reports.put(ByteBuffer.wrap(body).asReadOnlyBuffer(), new SoftReference<>(report));
        }
    }

    /** The report read from bytes equal to {@code body}, removed; empty when none is held. */
    Optional<Report> take(byte[] body) {
        if (body.length > maxBytes) {
            return Optional.empty();
        }
        SoftReference<Report> held;
        synchronized (reports) {
            held = reports.remove(ByteBuffer.wrap(body));
        }
        return held == null ? Optional.empty() : Optional.ofNullable(held.get());
    }

    int size() {
        synchronized (reports) {
            return reports.size();
        }
    }
}
