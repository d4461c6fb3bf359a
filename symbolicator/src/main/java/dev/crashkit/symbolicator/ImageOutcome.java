package dev.crashkit.symbolicator;

import dev.crashkit.core.model.Image;
import java.nio.file.Path;

/** What became of one image of a report: a debug file matched, none was found, or the one found failed. */
public sealed interface ImageOutcome permits ImageOutcome.Matched, ImageOutcome.Missing, ImageOutcome.Failed {

    /** {@return the report's image} */
    Image image();

    /**
     * A debug file answered the image's frames: one with the image's UUID / build-id, or, for an image the
     * report gives no identity (an hs_err log's), one found by the image's file name ({@code by} says which).
     *
     * @param image     the report's image
     * @param debugFile the debug file that answered
     * @param by        how it was matched with the image
     */
    record Matched(Image image, Path debugFile, By by) implements ImageOutcome {
        /**
         * Matched by identity.
         *
         * @param image     the report's image
         * @param debugFile the debug file with its UUID / build-id
         */
        public Matched(Image image, Path debugFile) {
            this(image, debugFile, By.IDENTITY);
        }

        /** How the debug file was matched with the image. */
        public enum By {
            /** By the UUID / build-id the report gives. */
            IDENTITY,
            /**
             * By file name: a given file is named like the image, and a separate debug file has that file's
             * build-id. Nothing checks the named file is the one the process ran: the report has no id.
             */
            FILE_NAME_VERIFIED,
            /** By file name only: the file named like the image answered alone, nothing else vouches for it. */
            FILE_NAME_ONLY
        }
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
