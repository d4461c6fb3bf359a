package dev.crashkit.symbolicator;

import java.io.PrintWriter;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Where a {@link Symbolicator} says what went wrong without failing: files skipped while indexing the
 * debug-file paths, problems met in debug files while looking addresses up (another name source then
 * answers), and symbol-server trouble. Called from any thread; each problem arrives once.
 */
public interface DiagnosticSink {

    /**
     * A file under the debug-file paths that cannot serve (unreadable, damaged, no UUID or build-id).
     *
     * @param message one line naming the file and what is wrong
     */
    default void indexing(String message) {
    }

    /**
     * A problem in a debug file met while looking addresses up (a damaged DWARF unit, a rebuilt cache).
     *
     * @param message one line naming the file and what is wrong
     */
    default void lookup(String message) {
    }

    /**
     * A thread whose re-unwind stopped early or could not start (it keeps the frames it had).
     *
     * @param message one line naming the thread and why
     */
    default void unwinding(String message) {
    }

    /**
     * A symbol server that failed, refused or answered something unusable.
     *
     * @param message one line naming the server and what happened (never a header value)
     */
    default void download(String message) {
    }

    /**
     * A terminal to draw download progress on (large debug files from symbol servers); empty for none,
     * the default: progress is for a person watching a command line.
     *
     * @return the terminal, or empty
     */
    default Optional<PrintWriter> progressTerminal() {
        return Optional.empty();
    }

    /** {@return a sink that drops every message} */
    static DiagnosticSink none() {
        return new DiagnosticSink() { };
    }

    /**
     * {@return a sink that passes every message to {@code to}, whatever its kind}
     *
     * @param to receives each message, from any thread
     */
    static DiagnosticSink all(Consumer<String> to) {
        return new DiagnosticSink() {
            @Override
            public void indexing(String message) {
                to.accept(message);
            }

            @Override
            public void lookup(String message) {
                to.accept(message);
            }

            @Override
            public void download(String message) {
                to.accept(message);
            }

            @Override
            public void unwinding(String message) {
                to.accept(message);
            }
        };
    }
}
