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
 * @param path    the image's full path, when the report gives it
 * @param origin  whose image it is ({@link ImageOrigin}): a system image's debug file is not the app's to upload
 */
public record MissingDebugFile(String debugId, String image, Optional<String> arch, int frames, Optional<String> path,
                               ImageOrigin origin) {
}
