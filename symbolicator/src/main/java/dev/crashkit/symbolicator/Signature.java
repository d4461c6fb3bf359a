package dev.crashkit.symbolicator;

import java.util.List;

/**
 * What groups a crash with its duplicates (rule {@code crashsig/1}, README "Grouping rule"): the
 * exception and the top frames of the crashed thread in the app's own code, simplified names.
 *
 * @param id        the first 16 hex digits of SHA-256 over the rule's version, exception and frames
 * @param title     exception + " in " + the first frame
 * @param exception the exception type / signal, or the uncaught Java exception's class
 * @param frames    the frames that decide, top first
 */
public record Signature(String id, String title, String exception, List<String> frames) {
    /**
     * Copies {@code frames}.
     *
     * @param id        the first 16 hex digits of SHA-256 over the rule's version, exception and frames
     * @param title     exception + " in " + the first frame
     * @param exception the exception type / signal, or the uncaught Java exception's class
     * @param frames    the frames that decide, top first
     */
    public Signature {
        frames = List.copyOf(frames);
    }
}
