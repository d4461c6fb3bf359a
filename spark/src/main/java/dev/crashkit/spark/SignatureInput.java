package dev.crashkit.spark;

import java.util.List;
import java.util.Optional;

/**
 * What the grouping signature is computed from, in values of this module: the exception type or
 * signal and the crashed thread's symbolicated frames, innermost first.
 * TEMPORARY (with {@link TemporarySignature}) until the server's CrashSignature is on main.
 *
 * @param imageOffset offset into the image, for frames without a symbol
 */
record SignatureInput(Optional<String> type, List<Frame> frames) {
    SignatureInput {
        frames = List.copyOf(frames);
    }

    /** One frame: its image (name and path), its function name, or its offset into the image. */
    record Frame(Optional<String> image, Optional<String> imagePath, Optional<String> symbol,
                 Optional<Long> imageOffset) {
    }
}
