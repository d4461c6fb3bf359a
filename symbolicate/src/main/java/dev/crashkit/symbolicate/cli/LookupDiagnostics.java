package dev.crashkit.symbolicate.cli;

import dev.crashkit.core.Diagnostics;
import java.io.PrintWriter;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Problems met while looking addresses up (a damaged DWARF unit: the symbol table answered
 * instead). Each arrives once (the module cache and modules keep their failures); they are
 * printed with {@code -v} and always counted, so that a run without {@code -v} ends with one line
 * saying how many there were.
 */
final class LookupDiagnostics implements Diagnostics {
    private final PrintWriter err;
    private final boolean verbose;
    private final AtomicLong count = new AtomicLong();

    LookupDiagnostics(PrintWriter err, boolean verbose) {
        this.err = err;
        this.verbose = verbose;
    }

    @Override
    public void warn(String message) {
        count.incrementAndGet();
        if (verbose) {
            synchronized (err) {
                err.println("warning: " + message);
            }
        }
    }

    long count() {
        return count.get();
    }

    /** The closing line when problems were only counted (nothing when there were none or they were shown). */
    void summarise() {
        long n = count.get();
        if (n > 0 && !verbose) {
            err.println("warning: " + n + " problem(s) in debug files, other name sources used instead (--verbose lists them)");
        }
    }
}
