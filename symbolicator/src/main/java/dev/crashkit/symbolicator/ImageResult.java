package dev.crashkit.symbolicator;

import dev.crashkit.core.model.Image;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;

/**
 * One entry of a symbolicated/1 document's {@code images}, as values ({@link Symbolication#imageResults()}).
 *
 * @param image     the report's image (name, UUID / build-id, arch, load address)
 * @param debugFile the debug file that answered its frames, when one did
 * @param status    the document's status: {@code ok}, {@code by_name_verified}, {@code by_name},
 *                  {@code no_debug_file}, {@code no_uuid}, {@code uuid_mismatch} or {@code unreadable}
 * @param detail    what went wrong or how it was matched, when the document says
 */
public record ImageResult(Image image, Optional<Path> debugFile, String status, Optional<String> detail) {
    /**
     * Checks that no component is null.
     *
     * @param image     the report's image
     * @param debugFile the debug file that answered its frames, when one did
     * @param status    the document's status
     * @param detail    what went wrong or how it was matched, when the document says
     */
    public ImageResult {
        Objects.requireNonNull(image, "image");
        Objects.requireNonNull(debugFile, "debugFile");
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(detail, "detail");
    }
}
