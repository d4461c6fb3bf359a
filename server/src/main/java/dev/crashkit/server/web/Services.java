package dev.crashkit.server.web;

import dev.crashkit.server.metrics.Metrics;
import dev.crashkit.server.store.DebugFileStore;
import dev.crashkit.server.store.Groups;
import dev.crashkit.server.store.Queue;
import dev.crashkit.server.store.ReportStore;
import dev.crashkit.server.store.Results;
import dev.crashkit.server.store.Search;
import dev.crashkit.server.store.Triage;
import dev.crashkit.server.symbolication.DebugFiles;
import dev.crashkit.server.symbolication.ReportSymbolicator;
import dev.crashkit.server.worker.Cleanup;
import dev.crashkit.server.worker.Workers;

/**
 * What the HTTP handlers use.
 *
 * @param jdbcUrl the database (an admin's backup reads a SQLite one)
 */
public record Services(Limits limits, ReportStore reports, Queue queue, Results results, Groups groups,
                       DebugFileStore debugFileStore, DebugFiles debugFiles, ReportSymbolicator symbolicator,
                       Workers workers, Metrics metrics, Search search, Triage triage, Cleanup cleanup,
                       String jdbcUrl) {

    /**
     * Request body limits in bytes; {@code uploadChunkSize}: the chunk size sentry-cli's chunked upload is told
     * to use.
     */
    public record Limits(long maxReportBytes, long maxDebugFileBytes, int uploadChunkSize) {
        public static final int DEFAULT_UPLOAD_CHUNK_SIZE = 8 * 1024 * 1024;

        public Limits(long maxReportBytes, long maxDebugFileBytes) {
            this(maxReportBytes, maxDebugFileBytes, DEFAULT_UPLOAD_CHUNK_SIZE);
        }
    }
}
