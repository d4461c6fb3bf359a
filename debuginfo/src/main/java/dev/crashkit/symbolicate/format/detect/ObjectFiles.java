package dev.crashkit.symbolicate.format.detect;

import dev.crashkit.core.ObjectFormatException;
import dev.crashkit.core.model.Arch;
import dev.crashkit.core.model.DebugId;
import dev.crashkit.symbolicate.format.FileBytes;
import dev.crashkit.symbolicate.format.ObjectFile;
import dev.crashkit.symbolicate.format.ObjectFormat;
import dev.crashkit.symbolicate.format.elf.ElfFile;
import dev.crashkit.symbolicate.format.macho.MachOFile;
import dev.crashkit.symbolicate.format.macho.MachOImage;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The one place that looks at magic numbers: {@link #peek} says which object format some bytes
 * are, {@link #open} parses a file into its {@link ObjectFile}s (one, or one per slice of a
 * universal Mach-O). Nothing else chooses a format.
 *
 * <p>{@code 0xCAFEBABE} starts both universal Mach-O files and Java class files. As file(1) and
 * LLVM's {@code identify_magic} do, it counts as Mach-O only when the next word (the slice count,
 * for a class file its version, at least 45) is small, and every slice entry within the bytes seen
 * is plausible: a CPU type with a known family, a power-of-two alignment below 2^32, an offset
 * past the header that respects it, and a non-zero size.
 */
public final class ObjectFiles {
    /** A class file's major version is at least 45; LLVM accepts fat counts below 43. */
    private static final int MAX_FAT_SLICES = 42;

    private ObjectFiles() {
    }

    /** The object format of a file starting with {@code head}; empty for anything else. */
    public static Optional<ObjectFormat> peek(byte[] head) {
        if (head.length >= 4 && head[0] == 0x7f && head[1] == 'E' && head[2] == 'L' && head[3] == 'F') {
            return Optional.of(ObjectFormat.ELF);
        }
        if (head.length < 8) {
            return Optional.empty();
        }
        ByteBuffer be = ByteBuffer.wrap(head).order(ByteOrder.BIG_ENDIAN);
        return switch (be.getInt(0)) {
            case 0xfeedface, 0xfeedfacf, 0xcefaedfe, 0xcffaedfe -> Optional.of(ObjectFormat.MACH_O);
            case 0xcafebabe, 0xcafebabf -> plausibleFat(be, be.getInt(0) == 0xcafebabf)
                    ? Optional.of(ObjectFormat.MACH_O) : Optional.empty();
            default -> Optional.empty();
        };
    }

    /** True when {@code head} begins a universal Mach-O header (not a Java class file). */
    public static boolean isUniversal(byte[] head) {
        if (head.length < 8) {
            return false;
        }
        ByteBuffer be = ByteBuffer.wrap(head).order(ByteOrder.BIG_ENDIAN);
        int magic = be.getInt(0);
        return (magic == 0xcafebabe || magic == 0xcafebabf) && plausibleFat(be, magic == 0xcafebabf);
    }

    private static boolean plausibleFat(ByteBuffer be, boolean fat64) {
        int n = be.getInt(4);
        if (n < 1 || n > MAX_FAT_SLICES) {
            return false;
        }
        int entry = fat64 ? 32 : 20;
        long headerEnd = 8L + (long) n * entry;
        for (int i = 0; i < n && 8 + (i + 1) * entry <= be.limit(); i++) {
            int at = 8 + i * entry;
            long cputype = be.getInt(at) & 0xffffffffL;
            long offset = fat64 ? be.getLong(at + 8) : be.getInt(at + 8) & 0xffffffffL;
            long size = fat64 ? be.getLong(at + 16) : be.getInt(at + 16) & 0xffffffffL;
            long align = be.getInt(at + (fat64 ? 24 : 16)) & 0xffffffffL;
            boolean knownFamily = Arch.machO(cputype, 0).isKnown() || (cputype & 0x00ff_ffffL) < 64;
            if (!knownFamily || align > 31 || offset < headerEnd || (offset & ((1L << align) - 1)) != 0 || size == 0) {
                return false;
            }
        }
        return true;
    }

    /**
     * Parses a Mach-O (every slice) or ELF file.
     *
     * @throws ObjectFormatException naming the file when it is neither, unreadable or corrupt
     */
    public static List<ObjectFile> open(Path path) throws ObjectFormatException {
        byte[] head;
        try {
            head = FileBytes.head(path, 512);
        } catch (java.nio.file.NoSuchFileException e) {
            throw new ObjectFormatException(path + ": no such file", e);
        } catch (IOException e) {
            throw new ObjectFormatException(path + ": cannot read: " + e.getMessage(), e);
        }
        Optional<ObjectFormat> format = peek(head);
        if (format.isEmpty()) {
            throw new ObjectFormatException(path + ": not a Mach-O or ELF file");
        }
        return switch (format.get()) {
            case ELF -> List.of(ElfFile.open(path));
            case MACH_O -> List.copyOf(MachOFile.open(path).slices());
        };
    }

    /** The image with identity {@code id} in a file (the matching slice of a universal file). */
    public static Optional<ObjectFile> openWithId(Path path, DebugId id) throws ObjectFormatException {
        return open(path).stream().filter(o -> o.id().map(id::equals).orElse(false)).findFirst();
    }

    /**
     * Parses the headers of one thin Mach-O image from bytes that hold at least its header and
     * load commands (what a forward-only archive reader has at hand); {@code name} names it in messages.
     */
    public static ObjectFile parseMachOHeaders(Path name, ByteBuffer headerAndCommands) throws ObjectFormatException {
        return MachOImage.parse(name, 0, headerAndCommands);
    }
}
