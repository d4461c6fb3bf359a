package dev.crashkit.server.symbolication;

/** An uploaded report or debug file that cannot be read; the message says why (answered with 400). */
public final class BadInputException extends Exception {
    public BadInputException(String message) {
        super(message);
    }
}
