package dev.crashkit.symbolicate.locate;

import dev.crashkit.core.CrashkitException;
import dev.crashkit.core.Diagnostics;
import dev.crashkit.core.ObjectFormatException;
import dev.crashkit.core.model.Arch;
import dev.crashkit.core.model.DebugId;
import dev.crashkit.symbolicate.breakpad.SymbolFilePeek;
import dev.crashkit.symbolicate.format.FileBytes;
import dev.crashkit.symbolicate.format.ObjectFile;
import dev.crashkit.symbolicate.format.ObjectFormat;
import dev.crashkit.symbolicate.format.detect.ObjectFiles;
import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Every debug file found under the {@code --dsym} paths, indexed by UUID / build-id and by file name.
 * Images are matched by identity; names explain a mismatch, and give the identity of an image whose
 * report has none (an hs_err log's), which the symbolizer then looks up by that identity. Archives (zip, tar, tar.gz)
 * are listed without extracting; an optional {@link IndexCache} makes repeated scans of the same
 * folders cheap.
 */
public final class DebugFileIndex {

    /** One slice of one file (or archive member) that carries an identity. */
    public record Entry(DebugId id, Path file, Arch arch, boolean debugInfo, SliceId.Container container, String name,
                        Optional<ArchiveMember> member) {
        /** Where the bytes are, for messages. */
        public String location() {
            return member.isPresent() ? member.get().toString() : file.toString();
        }
    }

    /**
     * Debug files first, then by location (a class, not {@code Comparator.comparing}: the JDK's
     * comparator lambdas are spun at run time on every run, the class-data archive lacks them).
     */
    private static final Comparator<Entry> DEBUG_FILES_FIRST = new DebugFilesFirst();

    private static final class DebugFilesFirst implements Comparator<Entry> {
        @Override
        public int compare(Entry a, Entry b) {
            if (a.debugInfo() != b.debugInfo()) {
                return a.debugInfo() ? -1 : 1;
            }
            return a.location().compareTo(b.location());
        }
    }

    /** How to scan: optional persistent cache, limits for archives. */
    public record ScanOptions(Optional<IndexCache> cache, ArchiveLimits limits) {
        public static ScanOptions defaults() {
            return new ScanOptions(Optional.empty(), ArchiveLimits.defaults());
        }
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

    /** Scans without a persistent cache. */
    public static DebugFileIndex scan(List<Path> roots, Diagnostics diagnostics) throws CrashkitException {
        return scan(roots, ScanOptions.defaults(), diagnostics);
    }

    /**
     * Scans files, {@code .dSYM} bundles, {@code .xcarchive} and other folders (recursively) and
     * archives. A path given explicitly that does not exist or is not a readable object file or
     * archive is an error; unreadable files met while walking a folder are reported to
     * {@code diagnostics} (as "skipping …") and skipped.
     */
    public static DebugFileIndex scan(List<Path> roots, ScanOptions options, Diagnostics diagnostics)
            throws CrashkitException {
        Scan scan = new Scan(options, diagnostics);
        for (Path root : roots) {
            if (!Files.exists(root)) {
                throw new CrashkitException(root + ": no such file or folder");
            }
            if (Files.isDirectory(root)) {
                scan.walk(followed(root));
            } else if (!scan.add(root, true)) {
                throw new CrashkitException(root + ": not a Mach-O or ELF file, dSYM, Breakpad .sym, archive or folder");
            }
        }
        if (options.cache().isPresent()) {
            try {
                options.cache().get().save();
            } catch (IOException e) {
                diagnostics.warn("cannot save the index cache in " + options.cache().get().folder() + ": " + e.getMessage());
            }
        }
        for (Map.Entry<DebugId, List<Entry>> e : scan.byId.entrySet()) {
            // Debug files first (dSYM companions, ELF files with DWARF): they carry the full symbol
            // table and DWARF; then by path for stable output.
            e.getValue().sort(DEBUG_FILES_FIRST);
            long dsyms = 0;
            for (Entry x : e.getValue()) {
                if (x.debugInfo() && x.container() == SliceId.Container.MACHO) {
                    dsyms++;
                }
            }
            if (dsyms > 1) {
                diagnostics.warn("UUID " + e.getKey() + " is in " + dsyms + " dSYMs; using " + e.getValue().get(0).location());
            }
        }
        return new DebugFileIndex(scan.byId, scan.byName);
    }

    /**
     * A folder given as a symbolic link is walked where it points: the walk does not follow links
     * (a system folder is full of them), and would otherwise index nothing under it.
     */
    private static Path followed(Path root) throws CrashkitException {
        if (!Files.isSymbolicLink(root)) {
            return root;
        }
        try {
            return root.toRealPath();
        } catch (IOException e) {
            throw new CrashkitException(root + ": cannot follow link: " + e.getMessage(), e);
        }
    }

    /** Mutable state of one scan. */
    private static final class Scan {
        final ScanOptions options;
        final Diagnostics diagnostics;
        final Map<DebugId, List<Entry>> byId = new LinkedHashMap<>();
        final Map<String, List<Entry>> byName = new HashMap<>();
        /**
         * Files already indexed, by file key (device + inode) or else real path: the same dSYM named
         * twice, inside a folder also given, through a link or a hard link is one dSYM.
         */
        final Set<Object> seen = new HashSet<>();

        Scan(ScanOptions options, Diagnostics diagnostics) {
            this.options = options;
            this.diagnostics = diagnostics;
        }

        void walk(Path root) throws CrashkitException {
            try {
                Files.walkFileTree(root, new SimpleFileVisitor<>() {
                    @Override
                    public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
                        if (attrs.isRegularFile() && attrs.size() >= 32) {
                            try {
                                // The walk already has size and mtime: no second stat per file
                                // (a DeviceSupport folder has thousands).
                                add(file, false, attrs.size(), attrs.lastModifiedTime().toMillis(),
                                        attrs.fileKey());
                            } catch (CrashkitException e) {
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
                throw new CrashkitException(root + ": cannot list folder: " + e.getMessage(), e);
            }
        }

        /** Indexes one file; false when it is neither an object file nor an archive. */
        boolean add(Path file, boolean explicit) throws CrashkitException {
            long size;
            long mtime;
            Object fileKey;
            try {
                BasicFileAttributes attrs = Files.readAttributes(file, BasicFileAttributes.class);
                size = attrs.size();
                mtime = attrs.lastModifiedTime().toMillis();
                fileKey = attrs.fileKey();
            } catch (IOException e) {
                throw new ObjectFormatException(file + ": cannot read: " + e.getMessage(), e);
            }
            // Outside the try: a CrashkitException is an IOException, and already names the file.
            return add(file, explicit, size, mtime, fileKey);
        }

        boolean add(Path file, boolean explicit, long size, long mtime, Object fileKey) throws CrashkitException {
            if (!seen.add(fileKey != null ? fileKey : identity(file))) {
                return true;
            }
            // Plain code, no lambdas: this runs first on the index thread of every run, where each
            // lambda's call site is linked through method handles (BENCHMARKS.md, start path).
            Optional<IndexCache> cache = options.cache();
            Optional<List<IndexCache.Item>> cached = cache.isPresent() ? cache.get().get(file, size, mtime)
                    : Optional.empty();
            List<IndexCache.Item> items;
            if (cached.isPresent()) {
                items = cached.get();
            } else {
                Optional<List<IndexCache.Item>> read = read(file);
                if (read.isEmpty()) {
                    return false;
                }
                items = read.get();
                if (cache.isPresent()) {
                    cache.get().put(file, size, mtime, items);
                }
            }
            if (items.isEmpty() && !explicit) {
                return true;
            }
            for (IndexCache.Item item : items) {
                Optional<ArchiveMember> member = item.member().isPresent()
                        ? Optional.of(new ArchiveMember(file, item.member().get())) : Optional.empty();
                String name = member.isPresent() ? baseName(member.get().name()) : baseName(file.toString());
                Entry e = new Entry(item.slice().id(), file, item.slice().arch(), item.slice().debugInfo(),
                        item.slice().container(), name, member);
                listOf(byId, e.id()).add(e);
                listOf(byName, name.toLowerCase(Locale.ROOT)).add(e);
            }
            return true;
        }

        /** The list of {@code key} in {@code map}, added when missing (computeIfAbsent without a lambda). */
        private static <K> List<Entry> listOf(Map<K, List<Entry>> map, K key) {
            List<Entry> l = map.get(key);
            if (l == null) {
                l = new ArrayList<>();
                map.put(key, l);
            }
            return l;
        }

        private static Path identity(Path file) {
            try {
                return file.toRealPath();
            } catch (IOException e) {
                return file.toAbsolutePath().normalize(); // unreadable: add() reports it
            }
        }

        /** The identities in a file; empty when it is not a format we index. */
        private Optional<List<IndexCache.Item>> read(Path file) throws CrashkitException {
            byte[] head;
            try {
                head = FileBytes.head(file, 512);
            } catch (IOException e) {
                throw new ObjectFormatException(file + ": cannot read: " + e.getMessage(), e);
            }
            List<IndexCache.Item> items = new ArrayList<>();
            Optional<ObjectFormat> format = ObjectFiles.peek(head);
            if (format.isPresent()) {
                for (ObjectFile object : ObjectFiles.open(file)) {
                    if (object.id().isEmpty()) {
                        diagnostics.warn(noId(file, object));
                        continue;
                    }
                    items.add(new IndexCache.Item(Optional.empty(), SliceId.of(object)));
                }
                return Optional.of(items);
            }
            if (SymbolFilePeek.matches(head)) {
                try (java.io.InputStream in = Files.newInputStream(file)) {
                    for (SliceId s : SymbolFileSlice.read(in, file.toString(), diagnostics)) {
                        items.add(new IndexCache.Item(Optional.empty(), s));
                    }
                } catch (IOException e) {
                    throw new ObjectFormatException(file + ": cannot read: " + e.getMessage(), e);
                }
                return Optional.of(items);
            }
            if (Archives.matches(head)) {
                for (Archives.Listed l : Archives.list(file, head, options.limits(), diagnostics)) {
                    for (SliceId s : l.slices()) {
                        items.add(new IndexCache.Item(Optional.of(l.member().name()), s));
                    }
                }
                return Optional.of(items);
            }
            return Optional.empty();
        }
    }

    /** Why an image without identity is not indexed (the one-line warning). */
    private static String noId(Path file, ObjectFile object) {
        return object.format() == ObjectFormat.ELF
                ? file + ": ELF file without a GNU build-id, cannot be matched to a report"
                : file + " (" + object.arch() + "): no LC_UUID, cannot be matched to a report";
    }

    /** The image name a file stands for: its file name (the DWARF file inside a dSYM is named after the image). */
    static String baseName(String path) {
        String p = path.replace('\\', '/');
        return p.substring(p.lastIndexOf('/') + 1);
    }

    /**
     * Entries with this identity, dSYMs first. A Breakpad symbol file without {@code INFO CODE_ID}
     * knows only the first 16 bytes of an ELF build-id (its GUID holds no more): an identity of
     * another length also finds the symbol files indexed under its first 16 bytes (zero-padded as
     * {@code dump_syms} pads a short one), after the files of its own.
     */
    public List<Entry> find(DebugId id) {
        List<Entry> exact = byId.getOrDefault(id, List.of());
        byte[] raw = id.bytes();
        if (raw.length == 16) {
            return exact;
        }
        List<Entry> truncated = byId.getOrDefault(DebugId.buildId(java.util.Arrays.copyOf(raw, 16)), List.of());
        if (truncated.isEmpty()) {
            return exact;
        }
        List<Entry> out = new ArrayList<>(exact);
        for (Entry e : truncated) {
            if (e.container() == SliceId.Container.BREAKPAD) {
                out.add(e);
            }
        }
        return out;
    }

    /**
     * Entries whose file (or archive member) is named like the image, case-insensitively: to explain UUID
     * mismatches, and to find the identity of an image the report gives none.
     */
    public List<Entry> findByName(String imageName) {
        return byName.getOrDefault(imageName.toLowerCase(Locale.ROOT), List.of());
    }

    /** The identities indexed, each once. */
    public List<DebugId> ids() {
        return List.copyOf(byId.keySet());
    }

    public int size() {
        return byId.values().stream().mapToInt(List::size).sum();
    }
}
