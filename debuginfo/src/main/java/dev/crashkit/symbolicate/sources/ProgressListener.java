package dev.crashkit.symbolicate.sources;

import java.io.PrintWriter;

/**
 * Told about downloads as they go, to draw progress on a terminal. Implementations must be
 * thread-safe: parallel downloads report at the same time.
 */
public interface ProgressListener {

    /** One download in flight. */
    interface Download {
        /** {@code bytes} received so far. */
        void advanced(long bytes);

        /** Finished, successfully or not. */
        void done();
    }

    /**
     * A download of {@code what} begins.
     *
     * @param totalBytes expected size, or -1 when the server did not say
     */
    Download start(String what, long totalBytes);

    /** Ignores everything (no terminal, tests, servers). */
    static ProgressListener none() {
        return (what, total) -> new Download() {
            @Override
            public void advanced(long bytes) {
            }

            @Override
            public void done() {
            }
        };
    }

    /**
     * One self-overwriting line on {@code terminal} (standard error of a console) for downloads
     * of at least {@code minBytes}; smaller ones finish too fast to be worth drawing.
     */
    static ProgressListener terminal(PrintWriter terminal, long minBytes) {
        return new TerminalProgress(terminal, minBytes, System::nanoTime);
    }
}
