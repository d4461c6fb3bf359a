package dev.crashkit.server.symbolication;

import dev.crashkit.symbolicator.ImageOrigin;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The result of symbolicating one stored report.
 *
 * @param symbolicatedJson the symbolicated/1 document
 * @param status           {@code symbolicated} (every image with frames had a debug file, but perhaps system
 *                         images: the OS's, the JDK's, JNA's) or {@code partial} (an image of the app's, or of
 *                         unknown origin, had none)
 * @param appImages        names of the report's images that are the app's own (highlighted in the UI)
 * @param missing          images with frames but no debug file (system ones too, each with its origin)
 * @param dimensions       what the report says about version, OS, device and time
 * @param frameText        function names of its crashed thread, one per line (searched by {@code q})
 * @param usedUploads      SHA-256s of the uploaded debug files that answered frames (for the debug file retention)
 */
public record Outcome(String symbolicatedJson, String status, Group group, List<String> appImages,
                      List<MissingImage> missing, Dimensions dimensions, String frameText, Set<String> usedUploads) {
    public Outcome {
        appImages = List.copyOf(appImages);
        missing = List.copyOf(missing);
        usedUploads = Set.copyOf(usedUploads);
    }

    /** The crash group a report belongs to (see {@code CrashSignature}). */
    public record Group(String id, String title, String exception, List<String> frames) {
        public Group {
            frames = List.copyOf(frames);
        }
    }

    /** An image that frames fell into without a debug file, and whose image it is. */
    public record MissingImage(String debugId, String name, Optional<String> arch, int frames, ImageOrigin origin) {
        /** {@return whether the report waits for it to be complete: the app's images and those of unknown origin} */
        public boolean keepsPartial() {
            return origin != ImageOrigin.SYSTEM;
        }
    }
}
