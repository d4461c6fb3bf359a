package dev.crashkit.symbolicate.symbolize;

import dev.crashkit.core.model.Image;
import java.util.Optional;

/**
 * A report image with what matching found for it: its status, the module that answers (when the
 * status is OK) and its slide (runtime minus link-time address: the report's, else the load address
 * minus the module's link base).
 */
public record MatchedImage(Image image, ImageStatus status, Optional<DebugModule> module, long slide) {

    /** An image before matching: only the report's own ranges place it (to see which images frames use). */
    static MatchedImage unmatched(Image image) {
        return new MatchedImage(image, new ImageStatus(image, Optional.empty(), ImageStatus.Status.NO_DEBUG_FILE,
                Optional.of("not matched yet")), Optional.empty(), 0);
    }

    /** The link-time address of a runtime address in this image. */
    public long toLinkTime(long runtimeAddress) {
        return runtimeAddress - slide;
    }
}
