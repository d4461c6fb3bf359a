package dev.crashkit.symbolicate.symbolize;

import dev.crashkit.core.model.Image;
import java.util.Optional;

/**
 * A report image with what matching found for it: its status, the module that answers (when the
 * status is OK) and its slide (runtime minus link-time address: the report's, else the load address
 * minus the module's link base).
 */
public record MatchedImage(Image image, ImageStatus status, Optional<DebugModule> module, long slide) {

    /** The link-time address of a runtime address in this image. */
    public long toLinkTime(long runtimeAddress) {
        return runtimeAddress - slide;
    }
}
