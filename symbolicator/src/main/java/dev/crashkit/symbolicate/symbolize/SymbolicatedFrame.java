package dev.crashkit.symbolicate.symbolize;

import dev.crashkit.core.model.DebugId;
import dev.crashkit.core.model.Frame;
import dev.crashkit.core.model.Image;
import dev.crashkit.core.model.ReportedFrame;
import dev.crashkit.core.model.Trust;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * One output line for one input frame. An input frame with inlined calls becomes several of
 * these with the same {@code index}: inlined ones first, the concrete function last. The
 * symbolizer builds them with the factories below only ({@link #noImage}, {@link #unnamed},
 * {@link #functionStart}, {@link #named}).
 *
 * @param index         position of the input frame in its thread
 * @param address       the address as recorded (PAC bits kept, for printing)
 * @param image         name of the image holding the address
 * @param imageLoadAddress load address of that image (for {@code 0xLOAD + offset} when unnamed)
 * @param symbol        demangled name (equals {@code mangled} until a demangler applies)
 * @param mangled       raw linkage name, Mach-O leading underscore removed
 * @param symbolAddress runtime address of the symbol's start
 * @param offset        {@code address - symbolAddress}, or the offset into the image when unnamed
 * @param source        what answered: "dwarf", "breakpad" (a .sym file's FUNC records), "symtab", "exports", "objc", "swift", "function_starts" (a
 *                      boundary without a name), or "report" (no name of ours: {@code reported} names it)
 * @param trust         how the capturing unwinder found the input frame, when the report says
 * @param reported      the names the report itself gives the input frame, when it gives any
 * @param keptFromCapture the input frame is the capture's: a re-unwind could not rebuild it
 * @param symbolVersion the ELF symbol version split off the name ({@code GLIBC_2.3.2}), when it has one
 */
public record SymbolicatedFrame(int index, long address, Optional<String> image, OptionalLong imageLoadAddress,
                                Optional<DebugId> imageId, Optional<String> symbol, Optional<String> mangled,
                                OptionalLong symbolAddress, long offset, Optional<String> file,
                                OptionalInt line, OptionalInt column, boolean inlined, FrameStatus status,
                                Optional<String> source, Optional<Trust> trust, Optional<ReportedFrame> reported,
                                boolean keptFromCapture, Optional<String> symbolVersion) {
    public SymbolicatedFrame {
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(trust, "trust");
        Objects.requireNonNull(reported, "reported");
        Objects.requireNonNull(symbolVersion, "symbolVersion");
    }

    /** An entry whose name has no version. */
    public SymbolicatedFrame(int index, long address, Optional<String> image, OptionalLong imageLoadAddress,
                             Optional<DebugId> imageId, Optional<String> symbol, Optional<String> mangled,
                             OptionalLong symbolAddress, long offset, Optional<String> file,
                             OptionalInt line, OptionalInt column, boolean inlined, FrameStatus status,
                             Optional<String> source, Optional<Trust> trust, Optional<ReportedFrame> reported,
                             boolean keptFromCapture) {
        this(index, address, image, imageLoadAddress, imageId, symbol, mangled, symbolAddress, offset, file, line,
                column, inlined, status, source, trust, reported, keptFromCapture, Optional.empty());
    }

    /** An entry with nothing from the report but its address. */
    public SymbolicatedFrame(int index, long address, Optional<String> image, OptionalLong imageLoadAddress,
                             Optional<DebugId> imageId, Optional<String> symbol, Optional<String> mangled,
                             OptionalLong symbolAddress, long offset, Optional<String> file,
                             OptionalInt line, OptionalInt column, boolean inlined, FrameStatus status,
                             Optional<String> source, Optional<Trust> trust) {
        this(index, address, image, imageLoadAddress, imageId, symbol, mangled, symbolAddress, offset, file, line,
                column, inlined, status, source, trust, Optional.empty(), false, Optional.empty());
    }

    /**
     * What the report said that this entry lacks: set when we found no name (or no image) and the
     * report names the symbol (or the image). Output falls back to it, so no name of the input is lost.
     */
    public Optional<ReportedFrame> reportedFallback() {
        if (reported.isEmpty() || symbol.isPresent()) {
            return Optional.empty();
        }
        ReportedFrame r = reported.get();
        return r.symbol().isPresent() || (image.isEmpty() && r.image().isPresent()) ? reported : Optional.empty();
    }

    /** "report" when we find no name for {@code f} but its report names it. */
    private static Optional<String> reportSource(Frame f) {
        return f.reported().flatMap(ReportedFrame::symbol).isPresent() ? Optional.of("report") : Optional.empty();
    }

    /** An input frame no image of the report holds. */
    static SymbolicatedFrame noImage(int index, Frame f) {
        return new SymbolicatedFrame(index, f.address(), Optional.empty(), OptionalLong.empty(), Optional.empty(),
                Optional.empty(), Optional.empty(), OptionalLong.empty(), 0, Optional.empty(), OptionalInt.empty(),
                OptionalInt.empty(), false, FrameStatus.NO_IMAGE, reportSource(f), f.trust(), f.reported(),
                f.keptFromCapture());
    }

    /**
     * An input frame in {@code img} that gets no name ({@code status} says why), printed as image + offset;
     * {@code imageName} and {@code imageLoadAddress} are {@code img}'s, as every frame in it carries them.
     */
    static SymbolicatedFrame unnamed(int index, Frame f, Image img, Optional<String> imageName,
                                     OptionalLong imageLoadAddress, long imageOffset, FrameStatus status) {
        return new SymbolicatedFrame(index, f.address(), imageName, imageLoadAddress,
                img.id(), Optional.empty(), Optional.empty(), OptionalLong.empty(), imageOffset, Optional.empty(),
                OptionalInt.empty(), OptionalInt.empty(), false, status, reportSource(f), f.trust(), f.reported(),
                f.keptFromCapture());
    }

    /**
     * An input frame in a stripped function that has no name but a known start (function starts):
     * printed from that start.
     *
     * @param symbolAddress runtime address of the function's start
     * @param pc            the frame's address with pointer-authentication bits removed
     */
    static SymbolicatedFrame functionStart(int index, Frame f, Image img, Optional<String> imageName,
                                           OptionalLong imageLoadAddress, long symbolAddress, long pc) {
        return new SymbolicatedFrame(index, f.address(), imageName, imageLoadAddress,
                img.id(), Optional.empty(), Optional.empty(), OptionalLong.of(symbolAddress), pc - symbolAddress,
                Optional.empty(), OptionalInt.empty(), OptionalInt.empty(), false, FrameStatus.NO_SYMBOL,
                reportSource(f).or(() -> Optional.of("function_starts")), f.trust(), f.reported(),
                f.keptFromCapture());
    }

    /** The {@code source} of entries named by a debug file: the two usual ones made once. */
    private static final Optional<String> DWARF = Optional.of("dwarf");
    private static final Optional<String> SYMTAB = Optional.of("symtab");

    private static Optional<String> source(String s) {
        return s.equals("dwarf") ? DWARF : s.equals("symtab") ? SYMTAB : Optional.of(s);
    }

    /**
     * One entry of the inline chain a debug file gives for an input frame. The Optionals are passed in
     * as made once per report (the image's), per chain (the symbol's address) or per entry (the names,
     * one for both when the symbol is its linkage name): this runs for every output line of a batch.
     *
     * @param symbol        the name as printed (demangled or raw)
     * @param mangled       the raw linkage name ({@code r.name()})
     * @param symbolAddress runtime address of the concrete function's start
     * @param pc            the frame's address with pointer-authentication bits removed
     */
    static SymbolicatedFrame named(int index, Frame f, Image img, Optional<String> imageName,
                                   OptionalLong imageLoadAddress, ResolvedSymbol r, Optional<String> symbol,
                                   Optional<String> mangled, OptionalLong symbolAddress, long pc) {
        return new SymbolicatedFrame(index, f.address(), imageName, imageLoadAddress, img.id(), symbol, mangled,
                symbolAddress, pc - symbolAddress.getAsLong(), r.file(), r.line(), r.column(), r.inlined(),
                FrameStatus.SYMBOLICATED, source(r.source()), f.trust(), f.reported(), f.keptFromCapture(),
                r.version());
    }
}
