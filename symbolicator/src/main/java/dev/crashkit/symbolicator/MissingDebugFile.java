package dev.crashkit.symbolicator;

import java.util.Optional;

/**
 * A debug file that would have named frames of a report: the one accounting the command line's
 * batch summary, the server's missing list and Spark's rows share.
 *
 * @param debugId the image's UUID / build-id, as printed
 * @param image   the image's name
 * @param arch    the image's architecture, when the report says
 * @param frames  frames of the report that fell into the image and got no name for want of it (at least 1)
 */
public record MissingDebugFile(String debugId, String image, Optional<String> arch, int frames) {
}
