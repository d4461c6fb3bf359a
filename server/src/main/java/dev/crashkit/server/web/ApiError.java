package dev.crashkit.server.web;

/** A request the API refuses: answered {@code {"error": message}} with {@code status}. */
final class ApiError extends RuntimeException {
    final int status;

    ApiError(int status, String message) {
        super(message, null, false, false);
        this.status = status;
    }
}
