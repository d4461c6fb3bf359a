package dev.crashkit.symbolicate.symbolize;

import dev.crashkit.core.model.Image;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;

/** Whether a report image got a debug file, and which. */
public record ImageStatus(Image image, Optional<Path> debugFile, Status status, Optional<String> detail) {

    /**
     * Outcome of matching one image. {@code BY_NAME} and {@code BY_NAME_VERIFIED}: an image without any
     * identity (an hs_err log's) matched by its file name; verified when a separate debug file has the
     * build-id of the file so named.
     */
    public enum Status {
        OK, BY_NAME_VERIFIED, BY_NAME, NO_DEBUG_FILE, NO_UUID, UUID_MISMATCH, UNREADABLE;

        /** Lower-cased once: output asks for it per image of every report. */
        private final String jsonName = name().toLowerCase(Locale.ROOT);

        public String jsonName() {
            return jsonName;
        }

        /** Whether a debug file answers the image's frames. */
        public boolean matched() {
            return this == OK || this == BY_NAME_VERIFIED || this == BY_NAME;
        }
    }
}
