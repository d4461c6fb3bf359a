package dev.crashkit.symbolicate.sources;

import java.net.URI;
import java.nio.file.Path;
import java.util.List;

/** Fetches one URL into a file. Implementations: {@link HttpTransport}, {@link FileTransport}. */
interface Transport {

    /** How one attempt ended. */
    enum Status {
        /** The body is in the target file, complete. */
        FOUND,
        /** The server says there is no such file (404/410, or no file at that path). */
        NOT_FOUND,
        /** Worth another attempt: 5xx, 429, a timeout, a broken connection. */
        RETRYABLE,
        /** Not worth retrying: refused (401/403), too large, an unexpected answer. */
        FAILED
    }

    /**
     * @param detail why, for a warning (never containing header values)
     * @param retryAfterMillis the server's Retry-After, or -1
     */
    record Outcome(Status status, String detail, long bytes, long retryAfterMillis) {
        static Outcome found(long bytes) {
            return new Outcome(Status.FOUND, "", bytes, -1);
        }

        static Outcome notFound() {
            return new Outcome(Status.NOT_FOUND, "not found", 0, -1);
        }

        static Outcome retryable(String detail) {
            return new Outcome(Status.RETRYABLE, detail, 0, -1);
        }

        static Outcome failed(String detail) {
            return new Outcome(Status.FAILED, detail, 0, -1);
        }
    }

    /**
     * Writes the body of {@code url} to {@code target} (which exists and is empty); on anything
     * but {@link Status#FOUND} the target's content is undefined and the caller deletes it.
     * Progress is reported to {@code progress} under {@code label} once the size is known.
     */
    Outcome get(URI url, List<SymbolServer.Header> headers, Path target, ProgressListener progress, String label)
            throws InterruptedException;

    /**
     * The URLs to try for one candidate path; more than one where a file share holds a folder
     * (a {@code .dSYM} bundle behind LLDB's UUID symlink) instead of a file.
     */
    default List<URI> expand(URI url) {
        return List.of(url);
    }
}
