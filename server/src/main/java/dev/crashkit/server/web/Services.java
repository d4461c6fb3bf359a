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
import dev.crashkit.server.worker.Workers;

/** What the HTTP handlers use. */
public record Services(Limits limits, ReportStore reports, Queue queue, Results results, Groups groups,
                       DebugFileStore debugFileStore, DebugFiles debugFiles, ReportSymbolicator symbolicator,
                       Workers workers, Metrics metrics, Search search, Triage triage) {

    /** Request body limits in bytes. */
    public record Limits(long maxReportBytes, long maxDebugFileBytes) {
    }
}
