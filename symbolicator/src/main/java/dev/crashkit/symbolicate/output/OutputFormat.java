package dev.crashkit.symbolicate.output;

/** What a symbolicated report is written as. */
public enum OutputFormat {
    /** Apple-style text ({@code Thread.callStackSymbols} layout). */
    text,
    /** {@code symbolicated/1} JSON. */
    json,
    /**
     * The input's own format, symbolicated the way Xcode does it ({@code .ips}, {@code .crash});
     * formats without a symbolicated form of their own (KSCrash, PLCrashReporter, Sentry,
     * crashreport/1) are written as text.
     */
    same
}
