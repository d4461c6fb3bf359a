package dev.crashkit.symbolicator;

import dev.crashkit.core.model.DebugId;
import dev.crashkit.core.model.Trust;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * One symbolicated frame. An input frame with inlined calls becomes several, with the same
 * {@code index}: the inlined ones first (innermost first), the concrete function last.
 *
 * @param index         position of the input frame in its thread
 * @param address       the address as recorded
 * @param image         name of the image holding the address
 * @param imageId       that image's UUID / build-id
 * @param function      the function's name as printed (demangled per the configuration)
 * @param linkageName   the raw linkage name
 * @param functionAddress runtime address of the function's start
 * @param offset        {@code address - functionAddress}, or the offset into the image when unnamed
 * @param file          source file
 * @param line          source line
 * @param column        source column
 * @param inlined       an inlined call (not the last entry of its input frame)
 * @param status        whether a name was found, or why not
 * @param nameSource    what answered: dwarf, symtab, exports, objc, swift, function_starts, report
 * @param trust         how the capturing unwinder found the frame, when the report says
 */
public record StackFrame(int index, long address, Optional<String> image, Optional<DebugId> imageId,
                         Optional<String> function, Optional<String> linkageName, OptionalLong functionAddress,
                         long offset, Optional<String> file, OptionalInt line, OptionalInt column, boolean inlined,
                         Status status, Optional<String> nameSource, Optional<Trust> trust) {

    /** Why a frame has (or lacks) a name. */
    public enum Status {
        /** A function name (and maybe file and line) was found. */
        SYMBOLICATED,
        /** The image's debug file has no function at the address (header, stubs, padding). */
        NO_SYMBOL,
        /** The image has no debug file. */
        NO_DEBUG_FILE,
        /** No image of the report holds the address. */
        NO_IMAGE
    }
}
