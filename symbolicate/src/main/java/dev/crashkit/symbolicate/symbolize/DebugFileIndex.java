package dev.crashkit.symbolicate.symbolize;

import dev.crashkit.symbolicate.SymbolicationException;
import dev.crashkit.symbolicate.format.FileBytes;
import dev.crashkit.symbolicate.format.ObjectFormatException;
import dev.crashkit.symbolicate.format.macho.MachOFile;
import dev.crashkit.symbolicate.format.macho.MachOImage;
import dev.crashkit.symbolicate.model.DebugId;
import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Every debug file found under the {@code --dsym} paths, indexed by UUID / build-id. Images are
 * matched by identity only; names serve only to explain a mismatch.
 */
public final class DebugFileIndex {

    /** One slice of one file that carries an identity. */
    public record Entry(DebugId id, Path file, String arch, boolean dsym, String name) {
    }

    private final Map<DebugId, List<Entry>> byId;
    private final Map<String, List<Entry>> byName;

    private DebugFileIndex(Map<DebugId, List<Entry>> byId, Map<String, List<Entry>> byName) {
        this.byId = byId;
        this.byName = byName;
    }

    /** An index with nothing in it. */
    public static DebugFileIndex empty() {
        return new DebugFileIndex(Map.of(), Map.of());
    }

    /**
     * Scans files, {@code .dSYM} bundles and folders (recursively). A path given explicitly that
     * does not exist or is not a readable object file is an error; unreadable files met while
     * walking a folder are reported to {@code diagnostics} and skipped.
     */
    public static DebugFileIndex scan(List<Path> roots, Diagnostics diagnostics) throws SymbolicationException {
        Map<DebugId, List<Entry>> byId = new LinkedHashMap<>();
        Map<String, List<Entry>> byName = new HashMap<>();
        for (Path root : roots) {
            if (!Files.exists(root)) {
                throw new SymbolicationException(root + ": no such file or folder");
            }
            if (Files.isDirectory(root)) {
                walk(root, byId, byName, diagnostics);
            } else if (!add(root, byId, byName, diagnostics, true)) {
                throw new SymbolicationException(root + ": not a Mach-O file, dSYM or folder");
            }
        }
        for (Map.Entry<DebugId, List<Entry>> e : byId.entrySet()) {
            // dSYM companions first: they carry the full symbol table (and DWARF); then by path for stable output.
            e.getValue().sort(Comparator.comparing((Entry x) -> !x.dsym()).thenComparing(x -> x.file().toString()));
            long dsyms = e.getValue().stream().filter(Entry::dsym).count();
            if (dsyms > 1) {
                diagnostics.warn("UUID " + e.getKey() + " is in " + dsyms + " dSYMs; using " + e.getValue().get(0).file());
            }
        }
        return new DebugFileIndex(byId, byName);
    }

    private static void walk(Path root, Map<DebugId, List<Entry>> byId, Map<String, List<Entry>> byName,
                             Diagnostics diagnostics) throws SymbolicationException {
        try {
            Files.walkFileTree(root, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
                    if (attrs.isRegularFile() && attrs.size() >= 32) {
                        try {
                            add(file, byId, byName, diagnostics, false);
                        } catch (ObjectFormatException e) {
                            diagnostics.warn("skipping " + e.getMessage());
                        }
                    }
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFileFailed(Path file, IOException e) {
                    diagnostics.warn("skipping " + file + ": " + e.getMessage());
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException e) {
            throw new SymbolicationException(root + ": cannot list folder: " + e.getMessage(), e);
        }
    }

    /** Indexes one file; false when it is not an object file at all. */
    private static boolean add(Path file, Map<DebugId, List<Entry>> byId, Map<String, List<Entry>> byName,
                               Diagnostics diagnostics, boolean explicit) throws ObjectFormatException {
        byte[] head;
        try {
            head = FileBytes.head(file, 8);
        } catch (IOException e) {
            throw new ObjectFormatException(file + ": cannot read: " + e.getMessage(), e);
        }
        if (!MachOFile.matches(head)) {
            return false;
        }
        MachOFile mf = MachOFile.open(file);
        String name = imageName(file);
        for (MachOImage slice : mf.slices()) {
            if (slice.uuid().isEmpty()) {
                diagnostics.warn(file + " (" + slice.arch() + "): no LC_UUID, cannot be matched to a report");
                continue;
            }
            Entry e = new Entry(slice.uuid().get(), file, slice.arch(), slice.fileType() == MachOImage.MH_DSYM, name);
            byId.computeIfAbsent(e.id(), k -> new ArrayList<>()).add(e);
            byName.computeIfAbsent(name.toLowerCase(Locale.ROOT), k -> new ArrayList<>()).add(e);
        }
        return true;
    }

    /** The image name a file stands for: its file name (the DWARF file inside a dSYM is named after the image). */
    static String imageName(Path file) {
        return file.getFileName().toString();
    }

    /** Entries with this identity, dSYMs first. */
    public List<Entry> find(DebugId id) {
        return byId.getOrDefault(id, List.of());
    }

    /** Entries whose file is named like the image (for explaining UUID mismatches). */
    public List<Entry> findByName(String imageName) {
        return byName.getOrDefault(imageName.toLowerCase(Locale.ROOT), List.of());
    }

    public int size() {
        return byId.values().stream().mapToInt(List::size).sum();
    }
}
