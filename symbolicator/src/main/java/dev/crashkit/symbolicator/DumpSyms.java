package dev.crashkit.symbolicator;

import dev.crashkit.core.CrashkitException;
import dev.crashkit.core.ObjectFormatException;
import dev.crashkit.symbolicate.dumpsyms.DumpSymsException;
import dev.crashkit.symbolicate.dumpsyms.MachOSymbolFileWriter;
import dev.crashkit.symbolicate.format.macho.MachOFile;
import dev.crashkit.symbolicate.format.macho.MachOImage;
import java.util.List;
import dev.crashkit.symbolicate.dumpsyms.SymbolFileWriter;
import dev.crashkit.symbolicate.format.detect.ObjectFiles;
import dev.crashkit.symbolicate.format.ObjectFormat;
import dev.crashkit.symbolicate.format.elf.ElfFile;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Optional;

/**
 * Breakpad symbol files ({@code .sym}) from our debug files, as Breakpad's {@code dump_syms} writes them, for
 * {@code minidump_stackwalk}, symbol servers and our own minidump walker.
 */
public final class DumpSyms {
    /** Writes the symbol file's text. */
    private interface Body {
        void write(Writer out) throws DumpSymsException, IOException;
    }

    private final Body body;
    private final SymbolFileWriter.ModuleId id;

    private DumpSyms(SymbolFileWriter.ModuleId id, Body body) {
        this.body = body;
        this.id = id;
    }

    private static SymbolFileWriter.ModuleId moduleId(SymbolFileWriter writer) throws CrashkitException {
        try {
            return writer.moduleId();
        } catch (DumpSymsException e) {
            throw new CrashkitException(e.getMessage());
        }
    }

    /**
     * Opens a debug file: an ELF file, or a thin Mach-O file or dSYM (see the other {@code open}).
     *
     * @param file an ELF executable, library or debug file with a GNU build-id, or a Mach-O file or dSYM
     * @param name the module name for the MODULE line, or empty for the file's name
     * @param os   the operating system for an ELF file's MODULE line ({@code Linux} as dump_syms writes)
     * @param cfi  whether to write STACK CFI records
     * @return the writer for that file
     * @throws CrashkitException when the file cannot be read, is neither ELF nor Mach-O, or has no build-id or
     *                           UUID; the message is one line naming the file
     */
    public static DumpSyms open(Path file, Optional<String> name, String os, boolean cfi) throws CrashkitException {
        return open(file, Optional.empty(), Optional.empty(), name, os, cfi);
    }

    private static DumpSyms openElf(Path file, Optional<String> name, String os, boolean cfi, boolean inlines)
            throws CrashkitException {
        if (peek(file) != ObjectFormat.ELF) {
            throw new CrashkitException(file + ": not an ELF file, nor Mach-O (dump-syms reads ELF executables,"
                    + " libraries and debug files, Mach-O binaries and dSYMs)");
        }
        ElfFile elf;
        try {
            elf = ElfFile.open(file);
        } catch (ObjectFormatException e) {
            throw new CrashkitException(e.getMessage());
        }
        String moduleName = name.orElse(file.getFileName().toString());
        SymbolFileWriter writer = new SymbolFileWriter(elf, new SymbolFileWriter.Options(moduleName, os, cfi, inlines));
        return new DumpSyms(moduleId(writer), writer::write);
    }

    /**
     * Opens an ELF file, a Mach-O file (thin or universal) or a dSYM (the bundle or its DWARF file), and for
     * Mach-O optionally the dSYM of a binary, as Breakpad's Mac {@code dump_syms -g DSYM BINARY} takes them:
     * FILE, FUNC, line and PUBLIC records from the dSYM, STACK CFI from both (the binary's {@code __eh_frame}
     * entries that overlap none of the dSYM's), provided both have the same name, architecture and UUID
     * (architectures compared by CPU type and subtype, so an arm64e binary goes with its dSYM, which
     * Breakpad's Linux-built tool refuses; the MODULE line names the dSYM's).
     *
     * @param file the ELF file, Mach-O binary, dSYM bundle or dSYM DWARF file
     * @param dsym the binary's dSYM (bundle or DWARF file), Mach-O only
     * @param arch the slice of a universal file ({@code x86_64}, {@code arm64}, ...), as {@code dump_syms -a};
     *             required when the file has more than one
     * @param name the module name, or empty for the file's name (for a bundle, its DWARF file's name)
     * @param os   the operating system of an ELF file's MODULE line (Mach-O is always {@code mac})
     * @param cfi  whether to write STACK CFI records
     * @return the writer for that file
     * @throws CrashkitException when a file cannot be read or does not fit; the message is one line naming it
     */
    public static DumpSyms open(Path file, Optional<Path> dsym, Optional<String> arch, Optional<String> name, String os,
            boolean cfi) throws CrashkitException {
        return open(file, dsym, arch, name, os, cfi, false);
    }

    /**
     * As {@link #open(Path, Optional, Optional, Optional, String, boolean)}, optionally with INLINE_ORIGIN and
     * INLINE records for the calls the compiler inlined, as {@code dump_syms -d} writes them (from the DWARF of an
     * ELF file or a dSYM; a Mach-O binary's stabs have none).
     *
     * @param file    the ELF file, Mach-O binary, dSYM bundle or dSYM DWARF file
     * @param dsym    the binary's dSYM (bundle or DWARF file), Mach-O only
     * @param arch    the slice of a universal file, as {@code dump_syms -a}
     * @param name    the module name, or empty for the file's name
     * @param os      the operating system of an ELF file's MODULE line
     * @param cfi     whether to write STACK CFI records
     * @param inlines whether to write inline records ({@code -d})
     * @return the writer for that file
     * @throws CrashkitException when a file cannot be read or does not fit; the message is one line naming it
     */
    public static DumpSyms open(Path file, Optional<Path> dsym, Optional<String> arch, Optional<String> name, String os,
            boolean cfi, boolean inlines) throws CrashkitException {
        Path object = ImageLookup.resolveBundle(file);
        if (peek(object) != ObjectFormat.MACH_O) {
            if (dsym.isPresent() || arch.isPresent()) {
                throw new CrashkitException(file + ": not a Mach-O file (--dsym and --arch are for Mach-O files)");
            }
            return openElf(object, name, os, cfi, inlines);
        }
        if (dsym.isEmpty()) {
            MachOSymbolFileWriter writer = machO(object, arch, name, cfi, inlines);
            MachOSymbolFileWriter.Module module = read(writer);
            return new DumpSyms(macId(writer), out -> writer.write(out, module));
        }
        Path dwarfFile = ImageLookup.resolveBundle(dsym.get());
        if (peek(dwarfFile) != ObjectFormat.MACH_O) {
            throw new CrashkitException(dsym.get() + ": not a Mach-O dSYM");
        }
        MachOSymbolFileWriter primary = machO(dwarfFile, arch, name, cfi, inlines);
        MachOSymbolFileWriter.Module module = read(primary);
        SymbolFileWriter.ModuleId id = macId(primary);
        if (cfi) {
            MachOSymbolFileWriter binary = machO(object, arch, name, cfi, inlines);
            SymbolFileWriter.ModuleId binaryId = macId(binary);
            if (!binaryId.name().equals(id.name()) || !binary.sameArchitecture(primary)
                    || !binaryId.debugId().equals(id.debugId())) {
                throw new CrashkitException(file + " and " + dsym.get() + " do not match: binary " + binaryId.name()
                        + " " + binaryId.arch() + " " + binaryId.debugId() + ", dSYM " + id.name() + " " + id.arch()
                        + " " + id.debugId());
            }
            module.copyCfiFrom(read(binary));
        }
        return new DumpSyms(id, out -> primary.write(out, module));
    }

    private static ObjectFormat peek(Path file) throws CrashkitException {
        byte[] head = new byte[64];
        try (var in = Files.newInputStream(file)) {
            int n = in.readNBytes(head, 0, head.length);
            head = java.util.Arrays.copyOf(head, n);
        } catch (IOException e) {
            throw new CrashkitException(file + ": cannot read: " + e.getMessage());
        }
        return ObjectFiles.peek(head).orElse(null);
    }

    private static MachOSymbolFileWriter machO(Path file, Optional<String> arch, Optional<String> name, boolean cfi,
            boolean inlines) throws CrashkitException {
        MachOFile macho;
        try {
            macho = MachOFile.open(file);
        } catch (ObjectFormatException e) {
            throw new CrashkitException(e.getMessage());
        }
        List<MachOImage> slices = macho.slices();
        MachOImage image;
        if (arch.isPresent()) {
            if (!MachOSymbolFileWriter.knownArchNames().contains(arch.get())) {
                throw new CrashkitException("unknown architecture " + arch.get() + " (known: "
                        + String.join(", ", MachOSymbolFileWriter.knownArchNames()) + ")");
            }
            image = MachOSymbolFileWriter.selectSlice(slices, arch.get()).orElseThrow(() -> new CrashkitException(
                    file + ": no " + arch.get() + " slice (has " + archs(slices) + ")"));
        } else if (slices.size() == 1) {
            image = slices.get(0);
        } else {
            throw new CrashkitException(file + ": " + slices.size() + " architectures (" + archs(slices)
                    + "): choose one with --arch");
        }
        return new MachOSymbolFileWriter(image, name.orElse(file.getFileName().toString()), cfi, inlines);
    }

    private static String archs(List<MachOImage> slices) {
        return slices.stream().map(s -> MachOSymbolFileWriter.archName(s.cpuType(), s.cpuSubtype())
                .orElse("cpu " + s.cpuType())).collect(java.util.stream.Collectors.joining(", "));
    }

    private static SymbolFileWriter.ModuleId macId(MachOSymbolFileWriter writer) throws CrashkitException {
        try {
            return writer.moduleId();
        } catch (DumpSymsException e) {
            throw new CrashkitException(e.getMessage());
        }
    }

    private static MachOSymbolFileWriter.Module read(MachOSymbolFileWriter writer) throws CrashkitException {
        try {
            return writer.read();
        } catch (DumpSymsException e) {
            throw new CrashkitException(e.getMessage());
        }
    }

    /** {@return the Breakpad debug id of the MODULE line} */
    public String debugId() {
        return id.debugId();
    }

    /** {@return the module name of the MODULE line} */
    public String moduleName() {
        return id.name();
    }

    /**
     * Writes the symbol file.
     *
     * @param out where the text goes (not closed)
     * @throws CrashkitException when the file's symbols, DWARF or CFI are corrupt
     * @throws IOException       when writing fails
     */
    public void write(Writer out) throws IOException {
        try {
            body.write(out);
        } catch (DumpSymsException e) {
            throw new CrashkitException(e.getMessage());
        }
    }

    /**
     * Writes the symbol file into a symbol store as {@code NAME/DEBUGID/NAME.sym} (the layout
     * {@code minidump_stackwalk} and symbol servers use), through a temporary file renamed into place.
     *
     * @param store the store's top folder
     * @return the file written
     * @throws IOException when the file's symbols are corrupt or writing fails
     */
    public Path writeTo(Path store) throws IOException {
        Path folder = store.resolve(id.name()).resolve(id.debugId());
        Files.createDirectories(folder);
        Path target = folder.resolve(id.name() + ".sym");
        Path tmp = Files.createTempFile(folder, ".dump-syms", ".tmp");
        try {
            try (Writer w = new BufferedWriter(new OutputStreamWriter(Files.newOutputStream(tmp), StandardCharsets.UTF_8),
                    1 << 16)) {
                write(w);
            }
            Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(tmp);
        }
        return target;
    }
}
