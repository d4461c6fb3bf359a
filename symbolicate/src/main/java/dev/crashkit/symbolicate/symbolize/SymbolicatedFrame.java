package dev.crashkit.symbolicate.symbolize;

import dev.crashkit.core.model.DebugId;
import dev.crashkit.core.model.Trust;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * One output line for one input frame. An input frame with inlined calls becomes several of
 * these with the same {@code index}: inlined ones first, the concrete function last.
 *
 * @param index         position of the input frame in its thread
 * @param address       the address as recorded (PAC bits kept, for printing)
 * @param image         name of the image holding the address
 * @param imageLoadAddress load address of that image (for {@code 0xLOAD + offset} when unnamed)
 * @param symbol        demangled name (equals {@code mangled} until a demangler applies)
 * @param mangled       raw linkage name, Mach-O leading underscore removed
 * @param symbolAddress runtime address of the symbol's start
 * @param offset        {@code address - symbolAddress}, or the offset into the image when unnamed
 * @param source        what answered: "dwarf", "symtab", "exports", "objc", "swift", "function_starts" (a
 *                      boundary without a name), or "report" (names already in the input)
 * @param trust         how the capturing unwinder found the input frame, when the report says
 */
public record SymbolicatedFrame(int index, long address, Optional<String> image, OptionalLong imageLoadAddress,
                                Optional<DebugId> imageId, Optional<String> symbol, Optional<String> mangled,
                                OptionalLong symbolAddress, long offset, Optional<String> file,
                                OptionalInt line, OptionalInt column, boolean inlined, FrameStatus status,
                                Optional<String> source, Optional<Trust> trust) {
    public SymbolicatedFrame {
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(trust, "trust");
    }

    /** A frame without a trust label. */
    public SymbolicatedFrame(int index, long address, Optional<String> image, OptionalLong imageLoadAddress,
                             Optional<DebugId> imageId, Optional<String> symbol, Optional<String> mangled,
                             OptionalLong symbolAddress, long offset, Optional<String> file, OptionalInt line,
                             OptionalInt column, boolean inlined, FrameStatus status, Optional<String> source) {
        this(index, address, image, imageLoadAddress, imageId, symbol, mangled, symbolAddress, offset, file, line,
                column, inlined, status, source, Optional.empty());
    }
}
