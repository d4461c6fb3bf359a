package dev.crashkit.symbolicator;

import dev.crashkit.core.model.Image;
import java.nio.file.Path;

/** What became of one image of a report: a debug file matched, none was found, or the one found failed. */
public sealed interface ImageOutcome permits ImageOutcome.Matched, ImageOutcome.Missing, ImageOutcome.Failed {

    /** {@return the report's image} */
    Image image();

    /** A debug file with the image's UUID / build-id answered its frames. */
    record Matched(Image image, Path debugFile) implements ImageOutcome {
    }

    /**
     * No debug file: none has the image's identity ({@code no_debug_file}), or the image has none
     * ({@code no_uuid}).
     */
    record Missing(Image image, String reason) implements ImageOutcome {
    }

    /** A debug file was found but could not serve: unreadable, damaged, or another UUID inside. */
    record Failed(Image image, String error) implements ImageOutcome {
    }
}
