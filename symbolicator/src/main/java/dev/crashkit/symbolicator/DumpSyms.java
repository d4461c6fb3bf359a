package dev.crashkit.symbolicator;

import dev.crashkit.core.CrashkitException;
import dev.crashkit.core.ObjectFormatException;
import dev.crashkit.symbolicate.dumpsyms.DumpSymsException;
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
    private final SymbolFileWriter writer;
    private final SymbolFileWriter.ModuleId id;

    private DumpSyms(SymbolFileWriter writer) throws CrashkitException {
        this.writer = writer;
        this.id = writer.moduleId();
    }

    /**
     * Opens a debug file.
     *
     * @param file an ELF executable, library or debug file with a GNU build-id
     * @param name the module name for the MODULE line, or empty for the file's name
     * @param os   the operating system for the MODULE line ({@code Linux} as dump_syms writes)
     * @param cfi  whether to write STACK CFI records
     * @return the writer for that file
     * @throws CrashkitException when the file cannot be read, is not ELF, or has no build-id; the message is one
     *                           line naming the file
     */
    public static DumpSyms open(Path file, Optional<String> name, String os, boolean cfi) throws CrashkitException {
        byte[] head = new byte[64];
        try (var in = Files.newInputStream(file)) {
            int n = in.readNBytes(head, 0, head.length);
            head = java.util.Arrays.copyOf(head, n);
        } catch (IOException e) {
            throw new CrashkitException(file + ": cannot read: " + e.getMessage());
        }
        if (ObjectFiles.peek(head).orElse(null) != ObjectFormat.ELF) {
            throw new CrashkitException(file + ": not an ELF file (dump-syms reads ELF executables, libraries and debug files)");
        }
        ElfFile elf;
        try {
            elf = ElfFile.open(file);
        } catch (ObjectFormatException e) {
            throw new CrashkitException(e.getMessage());
        }
        String moduleName = name.orElse(file.getFileName().toString());
        return new DumpSyms(new SymbolFileWriter(elf, new SymbolFileWriter.Options(moduleName, os, cfi)));
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
            writer.write(out);
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
