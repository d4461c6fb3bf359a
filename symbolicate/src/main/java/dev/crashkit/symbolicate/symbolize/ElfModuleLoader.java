package dev.crashkit.symbolicate.symbolize;

import dev.crashkit.core.CrashkitException;
import dev.crashkit.core.model.DebugId;
import dev.crashkit.symbolicate.dwarf.DwarfContext;
import dev.crashkit.symbolicate.format.elf.DebugLink;
import dev.crashkit.symbolicate.format.elf.ElfFile;
import dev.crashkit.symbolicate.symtab.ElfSymbolTables;
import dev.crashkit.symbolicate.symtab.SymbolTable;
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

    static ModuleCache.Loaded load(DebugId id, List<DebugFileIndex.Entry> entries, MemberStore members,
                                   DebugFileIndex index) throws CrashkitException {
        List<ElfFile> files = new ArrayList<>();
        List<String> errors = new ArrayList<>();
        for (DebugFileIndex.Entry e : entries) {
            try {
                files.add(ElfFile.open(members.path(e)));
            } catch (CrashkitException ex) {
                errors.add(ex.getMessage());
            }
        }
        if (files.isEmpty()) {
            return ModuleCache.Loaded.failed(String.join("; ", errors));
        }
        List<ElfFile> dwarfCandidates = new ArrayList<>(files.stream().filter(ElfFile::hasDwarf).toList());
        if (dwarfCandidates.isEmpty()) {
            viaDebugLink(files, index).ifPresent(dwarfCandidates::add);
        }
        // The first file whose DWARF opens answers: a copy with, say, zstd sections we cannot
        // decompress must not hide a zlib or plain one with the same build-id.
        Optional<ElfFile> withDwarf = Optional.empty();
        Optional<DwarfContext> dwarf = Optional.empty();
        for (ElfFile f : dwarfCandidates) {
            try {
                dwarf = Optional.of(DwarfContext.open(f.path().toString(), f.dwarfSections()));
                withDwarf = Optional.of(f);
                break;
            } catch (CrashkitException ex) {
                errors.add(ex.getMessage());
            }
        }
        ElfFile layout = files.stream().filter(f -> !f.loadSegments().isEmpty()).findFirst().orElse(files.get(0));
        SymbolTable best = SymbolTable.empty();
        List<ElfFile> symbolSources = new ArrayList<>(files);
        withDwarf.ifPresent(symbolSources::add);
        for (ElfFile f : symbolSources) {
            try {
                SymbolTable t = ElfSymbolTables.build(f);
                if (t.size() > best.size()) {
                    best = t;
                }
            } catch (CrashkitException ex) {
                errors.add(ex.getMessage());
            }
        }
        DebugModule m = DebugModule.ofElf(layout, best, dwarf);
        Path shown = withDwarf.map(ElfFile::path).orElse(layout.path());
        return new ModuleCache.Loaded(Optional.of(new DebugModule(shown, m.arch(), m.linkBase(), m.ranges(),
                m.symbols(), m.dwarf())), Optional.empty());
    }

    private static Optional<ElfFile> viaDebugLink(List<ElfFile> files, DebugFileIndex index) {
        for (ElfFile f : files) {
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
                        ElfFile debug = ElfFile.open(c);
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
