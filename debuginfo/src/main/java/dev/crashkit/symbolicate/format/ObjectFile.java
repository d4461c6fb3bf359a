package dev.crashkit.symbolicate.format;

import dev.crashkit.core.ObjectFormatException;
import dev.crashkit.core.model.Arch;
import dev.crashkit.core.model.DebugId;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * One object file image, whatever its container: a thin Mach-O, one slice of a universal Mach-O,
 * or an ELF file (like LLVM's {@code ObjectFile} and symbolic's {@code ObjectLike}). Everything above
 * the format packages reads object files through this contract only; {@code format.detect.ObjectFiles}
 * is the one place that looks at magic numbers and picks an implementation.
 *
 * <p>Addresses are link-time addresses. Headers are parsed when the object is opened; symbols,
 * function starts, DWARF and CFI are read on request and their truncation is reported as an
 * {@link ObjectFormatException} naming the file.
 */
public interface ObjectFile {

    /** The file the image was read from (messages name it). */
    Path path();

    ObjectFormat format();

    /** Identity: Mach-O LC_UUID or ELF GNU build-id; empty when the image has none. */
    Optional<DebugId> id();

    Arch arch();

    ObjectKind kind();

    /**
     * The link-time address a report's load address corresponds to: Mach-O the {@code __TEXT}
     * vmaddr, ELF the lowest {@code PT_LOAD} address rounded down to its page.
     */
    long linkBase();

    /** The ranges the image occupies at run time ({@code LC_SEGMENT}s but {@code __PAGEZERO}; ELF {@code PT_LOAD}s). */
    List<ObjectSegment> segments();

    /** Every section, in the container's order. */
    List<ObjectSection> sections();

    /** The bytes a segment has in the file (fewer than its size in memory for zero-fill tails). */
    ByteBuffer segmentData(ObjectSegment segment) throws ObjectFormatException;

    /** Byte order of the image. */
    ByteOrder byteOrder();

    /** Size of a target address in bytes (4 or 8). */
    int addressSize();

    /** True when the image has a non-empty {@code debug_info} section. */
    boolean hasDwarf();

    /**
     * A DWARF section by its container-independent name ({@code debug_info}, {@code debug_line},
     * ...), decompressed; empty when the image does not have it or it holds no bytes.
     */
    Optional<ByteBuffer> dwarfSection(String name) throws ObjectFormatException;

    /**
     * The function symbols by the format's rules (which entries name code, how far each may reach,
     * which wins at a shared address), without one object per symbol.
     */
    FunctionSymbols functionSymbols() throws ObjectFormatException;

    /**
     * Link-time starts of every function as the container lists them (Mach-O {@code LC_FUNCTION_STARTS}),
     * ascending; empty when it does not (ELF, dSYM companions).
     */
    long[] functionStarts() throws ObjectFormatException;

    /** Call-frame information: {@code .eh_frame} / {@code __eh_frame} and {@code .debug_frame}, when present. */
    List<UnwindSection> unwindSections() throws ObjectFormatException;

    /** The separate debug file this image names ({@code .gnu_debuglink}); empty for formats without one. */
    default Optional<DebugLink> debugLink() throws ObjectFormatException {
        return Optional.empty();
    }

    /**
     * Checks that the symbol table lies inside the file without reading it, so that a loader can
     * refuse a truncated copy before choosing it.
     */
    void checkSymbols() throws ObjectFormatException;

    /**
     * Checks that every section holding bytes lies inside the file (a cut-off download is caught
     * before it is kept).
     */
    void checkSections() throws ObjectFormatException;
}
