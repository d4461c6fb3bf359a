package dev.crashkit.symbolicate.report;

import dev.crashkit.core.model.ThreadTrace;
import java.util.Map;
import java.util.Optional;

/**
 * The format-specific side of a parsed report: the original content plus what the in-memory
 * model does not carry but a writer or renderer needs (symbols already in the input, queue names).
 * Thread and frame indexes are positions in {@link dev.crashkit.core.model.CrashReport#threads()}.
 */
public interface ReportDocument {

    /** The symbol the input already names for a frame, e.g. a runtime {@code dladdr} name. */
    default Optional<PresetSymbol> presetSymbol(int thread, int frame) {
        return Optional.empty();
    }

    /**
     * The backtrace of the uncaught exception ({@code lastExceptionBacktrace} / {@code Last Exception
     * Backtrace:}), when the report has one. It is not a thread of the process: its id is
     * {@link #EXCEPTION_THREAD_ID}. Symbolicate it like a thread and hand the result to the format's
     * writer to have it rewritten too.
     */
    default Optional<ThreadTrace> exceptionBacktrace() {
        return Optional.empty();
    }

    /** The id given to {@link #exceptionBacktrace()}. */
    long EXCEPTION_THREAD_ID = -1;

    /** Names the exception backtrace pseudo-thread. */
    String EXCEPTION_THREAD_NAME = "Last Exception Backtrace";

    /**
     * The registers the report records for a thread (usually only the crashed one), name to value,
     * in the report's order; empty when there are none.
     */
    default Map<String, Long> registers(int thread) {
        return Map.of();
    }

    /**
     * The printed stack trace of the uncaught Java exception that triggered the report (our capture's
     * crashreport/1 {@code java_exception}), when there is one.
     */
    default Optional<String> javaException() {
        return Optional.empty();
    }

    /**
     * Which part of a multi-report input this report is (e.g. {@code crashDiagnostics[0]} of a
     * MetricKit payload, {@code Filters/…/x.crash} of an Xcode crash point); empty for a whole input.
     */
    default Optional<String> part() {
        return Optional.empty();
    }

    /**
     * For a part of a multi-report input: the bytes of an input that holds this report alone and
     * reads back to it (a MetricKit payload with only this diagnostic), so that a server can store
     * each report apart. Empty for a whole input (its own bytes are that).
     */
    default Optional<byte[]> standalone() {
        return Optional.empty();
    }

    /**
     * For a report of a hang rather than a crash ({@code "kind": "hang"} in crashreport/1, a MetricKit
     * hang diagnostic): which thread stopped answering and for how long. Empty for a crash.
     */
    default Optional<HangInfo> hang() {
        return Optional.empty();
    }

    /**
     * Problems the reader met that did not stop it (a frame whose library the report does not map), one
     * line each, in input order; empty when there were none.
     */
    default java.util.List<String> notes() {
        return java.util.List.of();
    }

    /** The dispatch queue a thread was running, when the report says. */
    default Optional<String> queue(int thread) {
        return Optional.empty();
    }
}
