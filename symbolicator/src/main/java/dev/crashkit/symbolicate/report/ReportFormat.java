package dev.crashkit.symbolicate.report;

/** The crash-report formats the symbolicator knows, detected from a file's content. */
public enum ReportFormat {
    /** Apple JSON {@code .ips} (bug_type 309): one-line JSON header, then a JSON body. */
    IPS,
    /** Apple legacy text {@code .crash}, optionally preceded by an {@code .ips} JSON header line. */
    APPLE_CRASH,
    /** KSCrash JSON, including its SentryCrash fork. */
    KSCRASH,
    /** PLCrashReporter binary report: the magic {@code plcrash}, a version byte, then protobuf. */
    PLCRASH,
    /** Our own {@code crashreport/1} JSON. */
    CRASHREPORT,
    /** A Sentry event JSON (threads and debug_meta images). */
    SENTRY,
    /**
     * Apple MetricKit JSON: an {@code MXDiagnosticPayload}, an array of them, one diagnostic's
     * {@code jsonRepresentation}, or an {@code MXCallStackTree}. One report per diagnostic.
     */
    METRICKIT,
    /** A HotSpot JVM fatal error log ({@code hs_err_pid<N>.log}). */
    HS_ERR,
    /** A minidump (Breakpad, Crashpad, Windows): the magic {@code MDMP}, then streams. */
    MINIDUMP
}
