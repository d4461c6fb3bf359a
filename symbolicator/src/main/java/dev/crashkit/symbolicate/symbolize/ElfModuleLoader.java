package dev.crashkit.symbolicate.symbolize;

import dev.crashkit.core.Uninterruptibly;
import dev.crashkit.core.CrashkitException;
import dev.crashkit.core.Diagnostics;
import dev.crashkit.core.model.DebugId;
import dev.crashkit.symbolicate.dwarf.DwarfContext;
import dev.crashkit.symbolicate.dwarf.DwarfSections;
import dev.crashkit.symbolicate.format.DebugLink;
import dev.crashkit.symbolicate.format.ObjectFile;
import dev.crashkit.symbolicate.format.ObjectFormat;
import dev.crashkit.symbolicate.format.detect.ObjectFiles;
import dev.crashkit.symbolicate.locate.DebugFileIndex;
import dev.crashkit.symbolicate.locate.MemberStore;
import dev.crashkit.symbolicate.symtab.SymbolTable;
import dev.crashkit.symbolicate.symtab.SymbolTables;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.zip.CRC32;

/**
 * Builds an ELF module from the files with one build-id: the file with DWARF answers lines and
 * inlines (a separate debug file, usually), the richest symbol table names functions, and the
 * layout comes from whichever file has program headers. A stripped binary without a debug file
 * of its build-id may still name one through {@code .gnu_debuglink}: a file of that name next to
 * it, in its {@code .debug/} folder, or anywhere under the scanned folders, whose CRC-32 matches.
 */
final class ElfModuleLoader {
    private ElfModuleLoader() {
    }

    static ModuleCache.Load load(DebugId id, List<DebugFileIndex.Entry> entries, MemberStore members,
                                 DebugFileIndex index, Diagnostics diagnostics) throws CrashkitException {
        List<ObjectFile> files = new ArrayList<>();
        List<String> errors = new ArrayList<>();
        for (DebugFileIndex.Entry e : entries) {
            try {
                files.add(open(members.path(e)));
            } catch (CrashkitException ex) {
                errors.add(ex.getMessage());
            }
        }
        if (files.isEmpty()) {
            return new ModuleCache.Failed(String.join("; ", errors));
        }
        List<ObjectFile> dwarfCandidates = new ArrayList<>(files.stream().filter(ObjectFile::hasDwarf).toList());
        if (dwarfCandidates.isEmpty()) {
            viaDebugLink(files, index).ifPresent(dwarfCandidates::add);
        }
        // The DWARF opens on a helper thread while this one reads the symbol tables: opening inflates
        // compressed sections (libjvm.so's Debian debug file: 1-2 s of CPU).
        DwarfOpening opening = new DwarfOpening(dwarfCandidates);
        Thread helper = new Thread(opening, "elf-dwarf-open");
        helper.setDaemon(true);
        helper.start();
        SymbolTable best = SymbolTable.empty();
        List<SymbolTable> tables = new ArrayList<>();
        List<String> symbolErrors = new ArrayList<>();
        for (ObjectFile f : files) {
            best = addSymbols(f, tables, best, symbolErrors);
        }
        opening.join(helper);
        errors.addAll(opening.errors);
        Optional<ObjectFile> withDwarf = opening.file;
        Optional<DwarfContext> dwarf = opening.context;
        ObjectFile layout = files.stream().filter(f -> !f.segments().isEmpty()).findFirst().orElse(files.get(0));
        List<ObjectFile> symbolSources = new ArrayList<>(files);
        // A debug file found through .gnu_debuglink is not among the files yet.
        if (withDwarf.isPresent() && files.stream().noneMatch(f -> f == withDwarf.get())) {
            symbolSources.add(withDwarf.get());
            best = addSymbols(withDwarf.get(), tables, best, symbolErrors);
        }
        errors.addAll(symbolErrors);
        // A debug file's .symtab wins on size but knows versions only where the source chose one.
        best = SymbolTables.withVersionsFrom(best, tables);
        DebugModule m = DebugModule.of(layout, best, dwarf, diagnostics);
        Path shown = withDwarf.map(ObjectFile::path).orElse(layout.path());
        long mapped = symbolSources.stream().map(ObjectFile::path).distinct().mapToLong(ElfModuleLoader::size).sum();
        return new ModuleCache.Loaded(new DebugModule(shown, m.arch(), m.linkBase(), m.ranges(), m.symbols(), m.dwarf(),
                mapped, diagnostics));
    }

    /** Adds {@code f}'s symbol table; the larger of it and {@code best}, the earlier one on a tie. */
    private static SymbolTable addSymbols(ObjectFile f, List<SymbolTable> tables, SymbolTable best,
                                          List<String> errors) {
        try {
            SymbolTable t = SymbolTables.build(f);
            tables.add(t);
            return t.size() > best.size() ? t : best;
        } catch (CrashkitException ex) {
            errors.add(ex.getMessage());
            return best;
        }
    }

    /**
     * Opens the DWARF of the first candidate whose DWARF opens: a copy with, say, zstd sections we
     * cannot decompress must not hide a zlib or plain one with the same build-id.
     */
    private static final class DwarfOpening implements Runnable {
        private final List<ObjectFile> candidates;
        private final List<String> errors = new ArrayList<>();
        private Optional<ObjectFile> file = Optional.empty();
        private Optional<DwarfContext> context = Optional.empty();
        private Throwable failure;

        DwarfOpening(List<ObjectFile> candidates) {
            this.candidates = candidates;
        }

        @Override
        public void run() {
            try {
                for (ObjectFile f : candidates) {
                    try {
                        context = Optional.of(DwarfContext.open(f.path().toString(), DwarfSections.of(f)));
                        file = Optional.of(f);
                        return;
                    } catch (CrashkitException ex) {
                        errors.add(ex.getMessage());
                    }
                }
            } catch (RuntimeException | Error e) {
                failure = e; // met again on the loading thread, as if it had opened the DWARF itself
            }
        }

        /** Waits for the helper (which publishes its fields) and passes on what it could not handle. */
        void join(Thread helper) {
            Uninterruptibly.join(helper);
            if (failure instanceof RuntimeException e) {
                throw e;
            }
            if (failure instanceof Error e) {
                throw e;
            }
        }
    }

    private static ObjectFile open(Path path) throws CrashkitException {
        List<ObjectFile> objects = ObjectFiles.open(path);
        if (objects.size() != 1 || objects.get(0).format() != ObjectFormat.ELF) {
            throw new CrashkitException(path + ": not an ELF file any more (file changed?)");
        }
        return objects.get(0);
    }

    private static long size(Path p) {
        try {
            return Files.size(p);
        } catch (IOException e) {
            return 0; // a budget figure only
        }
    }

    private static Optional<ObjectFile> viaDebugLink(List<ObjectFile> files, DebugFileIndex index) {
        for (ObjectFile f : files) {
            Optional<DebugLink> link;
            try {
                link = f.debugLink();
            } catch (CrashkitException e) {
                continue;
            }
            if (link.isEmpty()) {
                continue;
            }
            List<Path> candidates = new ArrayList<>();
            Path dir = f.path().toAbsolutePath().getParent();
            if (dir != null) {
                candidates.add(dir.resolve(link.get().fileName()));
                candidates.add(dir.resolve(".debug").resolve(link.get().fileName()));
            }
            index.findByName(link.get().fileName()).forEach(e -> candidates.add(e.file()));
            for (Path c : candidates) {
                if (Files.isRegularFile(c) && crc32(c) == link.get().crc32()) {
                    try {
                        ObjectFile debug = open(c);
                        if (debug.hasDwarf()) {
                            return Optional.of(debug);
                        }
                    } catch (CrashkitException e) {
                        // Not usable; try the next candidate.
                    }
                }
            }
        }
        return Optional.empty();
    }

    private static long crc32(Path file) {
        CRC32 crc = new CRC32();
        byte[] buf = new byte[1 << 16];
        try (InputStream in = Files.newInputStream(file)) {
            int n;
            while ((n = in.read(buf)) > 0) {
                crc.update(buf, 0, n);
            }
        } catch (IOException e) {
            return -1;
        }
        return crc.getValue();
    }
}
