package dev.crashkit.symbolicator;

import dev.crashkit.core.model.DebugId;
import dev.crashkit.core.model.ReportedFrame;
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
 * @param symbolVersion the ELF symbol version split off the name ({@code GLIBC_2.3.2}), when it has one
 * @param reported      what the report itself names the frame, when we found no name and it gives one
 *                      (symbolicated/1's {@code reported})
 * @param keptFromCapture the input frame is the capture's: a re-unwind could not rebuild it
 */
public record StackFrame(int index, long address, Optional<String> image, Optional<DebugId> imageId,
                         Optional<String> function, Optional<String> linkageName, OptionalLong functionAddress,
                         long offset, Optional<String> file, OptionalInt line, OptionalInt column, boolean inlined,
                         Status status, Optional<String> nameSource, Optional<Trust> trust,
                         Optional<String> symbolVersion, Optional<ReportedFrame> reported, boolean keptFromCapture) {

    /**
     * A frame without symbol version, reported names, or capture flag.
     *
     * @param index           position of the input frame in its thread
     * @param address         the address as recorded
     * @param image           name of the image holding the address
     * @param imageId         that image's UUID / build-id
     * @param function        the function's name as printed
     * @param linkageName     the raw linkage name
     * @param functionAddress runtime address of the function's start
     * @param offset          {@code address - functionAddress}, or the offset into the image when unnamed
     * @param file            source file
     * @param line            source line
     * @param column          source column
     * @param inlined         an inlined call (not the last entry of its input frame)
     * @param status          whether a name was found, or why not
     * @param nameSource      what answered
     * @param trust           how the capturing unwinder found the frame, when the report says
     */
    public StackFrame(int index, long address, Optional<String> image, Optional<DebugId> imageId,
                      Optional<String> function, Optional<String> linkageName, OptionalLong functionAddress,
                      long offset, Optional<String> file, OptionalInt line, OptionalInt column, boolean inlined,
                      Status status, Optional<String> nameSource, Optional<Trust> trust) {
        this(index, address, image, imageId, function, linkageName, functionAddress, offset, file, line, column,
                inlined, status, nameSource, trust, Optional.empty(), Optional.empty(), false);
    }

    /** Why a frame has (or lacks) a name. */
    public enum Status {
        /** A function name (and maybe file and line) was found. */
        SYMBOLICATED,
        /** The image's debug file has no function at the address (header, stubs, padding). */
        NO_SYMBOL,
        /** The image has no debug file. */
        NO_DEBUG_FILE,
        /** No image of the report holds the address. */
        NO_IMAGE;

        /** Lower-cased once: the name symbolicated/1 prints, asked for every frame. */
        private final String label = name().toLowerCase(java.util.Locale.ROOT);

        /** {@return the name symbolicated/1 prints: {@code symbolicated}, {@code no_symbol}, ...} */
        public String label() {
            return label;
        }
    }
}
