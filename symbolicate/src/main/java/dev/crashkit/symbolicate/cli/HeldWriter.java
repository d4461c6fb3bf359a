package dev.crashkit.symbolicate.cli;

import java.io.IOException;
import java.io.Writer;

/**
 * A writer that keeps what it is given until {@link #release}, then hands it on and passes
 * everything after straight through; never released, it shows nothing. Lets work that runs
 * alongside another step (indexing the debug files while the report is read) print its warnings
 * only once that step has succeeded, in the order they came. Thread-safe.
 */
final class HeldWriter extends Writer {
    private final Writer target;
    private StringBuilder held = new StringBuilder();

    HeldWriter(Writer target) {
        this.target = target;
    }

    /** Writes what was held and lets later writes through. */
    synchronized void release() throws IOException {
        if (held != null) {
            target.write(held.toString());
            target.flush();
            held = null;
        }
    }

    @Override
    public synchronized void write(char[] cbuf, int off, int len) throws IOException {
        if (held != null) {
            held.append(cbuf, off, len);
        } else {
            target.write(cbuf, off, len);
        }
    }

    @Override
    public synchronized void flush() throws IOException {
        if (held == null) {
            target.flush();
        }
    }

    @Override
    public void close() throws IOException {
        flush();
    }
}
