package dev.crashkit.symbolicate.symbolize;

import dev.crashkit.core.model.Image;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;

/** Whether a report image got a debug file, and which. */
public record ImageStatus(Image image, Optional<Path> debugFile, Status status, Optional<String> detail) {

    /** Outcome of matching one image. */
    public enum Status {
        OK, NO_DEBUG_FILE, NO_UUID, UUID_MISMATCH, UNREADABLE;

        /** Lower-cased once: output asks for it per image of every report. */
        private final String jsonName = name().toLowerCase(Locale.ROOT);

        public String jsonName() {
            return jsonName;
        }
    }
}
