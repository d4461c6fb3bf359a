package dev.crashkit.symbolicate.symcache;

import dev.crashkit.symbolicate.dwarf.FlatDwarf;
import dev.crashkit.symbolicate.locate.StaleTemporaries;
import dev.crashkit.symbolicate.symtab.SymbolTable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

/**
 * The folder of symbol cache files ({@code <cache folder>/symcache}). Opening reads and checks a
 * file's header, page checksums and small tables (see {@link SymCache}); a file that fails is not
 * used (the caller rebuilds it). An open cache keeps its file open and reads pages from it as
 * lookups need them (a mapping of the whole file when the page budget has room, else positional
 * reads into page slots: see {@link Pages}). Storing writes a
 * temporary file next to the final one and renames it into place atomically, so concurrent
 * builders (two CLI runs, batch workers in different processes) never see a partial file and the
 * last complete one wins. Files are never rewritten in place: an open older file stays readable
 * after a rename replaces it.
 */
public final class SymCacheStore {
    /** Name of the subfolder of the cache folder. */
    public static final String FOLDER = "symcache";

    private final Path folder;
    private final PageCache pages;

    private SymCacheStore(Path folder, PageCache pages) {
        this.folder = folder;
        this.pages = pages;
    }

    /** The store inside a cache folder (created on first write). */
    public static SymCacheStore in(Path cacheFolder) {
        return new SymCacheStore(cacheFolder.resolve(FOLDER), new PageCache(DEFAULT_PAGES));
    }

    /** Pages kept when no module cache sets a budget (tests, tools). */
    static final long DEFAULT_PAGES = 4L << 20;

    /** The same folder, caches opened keeping their pages in {@code cache}. */
    public SymCacheStore withPages(PageCache cache) {
        return new SymCacheStore(folder, cache);
    }

    /** Where opened caches keep the pages lookups read. */
    public PageCache pages() {
        return pages;
    }

    public Path folder() {
        return folder;
    }

    /** Where the cache for {@code key} lives. */
    public Path path(SymCacheKey key) {
        return folder.resolve(key.fileName());
    }

    /**
     * Whether a debug file was used before without a cache (a marker next to where its cache goes):
     * a one-off run answers from the DWARF itself, which decodes only what its addresses touch, and
     * leaves the marker; the next run builds the cache (flattening all of the DWARF pays from the
     * second use on). Marks the key as used when it was not. A folder that cannot be written counts
     * as used (no marker would ever appear).
     */
    public boolean usedBefore(SymCacheKey key) {
        Path marker = marker(key);
        if (Files.exists(marker)) {
            return true;
        }
        try {
            Files.createDirectories(folder);
            Files.newByteChannel(marker, StandardOpenOption.CREATE, StandardOpenOption.WRITE).close();
            return false;
        } catch (IOException e) {
            return true;
        }
    }

    private Path marker(SymCacheKey key) {
        return folder.resolve(key.fileName() + ".used");
    }

    /** Outcome of opening: a cache, or why there is none (absent, or found bad). */
    public record Opened(Optional<SymCache> cache, Optional<String> problem) {
    }

    /**
     * The cache for {@code key} when a good one exists. A file that is damaged, of another
     * version or built for other inputs is reported in {@code problem}.
     */
    public Opened open(SymCacheKey key) {
        Path p = path(key);
        FileChannel ch;
        try {
            ch = FileChannel.open(p, StandardOpenOption.READ);
        } catch (NoSuchFileException e) {
            return new Opened(Optional.empty(), Optional.empty());
        } catch (IOException e) {
            return new Opened(Optional.empty(), Optional.of(p + ": cannot read (" + e.getMessage() + ")"));
        }
        PageSource.FileSource source = new PageSource.FileSource(p, ch);
        boolean opened = false;
        try {
            long size = source.size();
            if (size > Integer.MAX_VALUE) {
                return discard(p, "larger than 2 GiB");
            }
            SymCache c = SymCache.open(source, size, key, pages);
            opened = true;
            return new Opened(Optional.of(c), Optional.empty());
        } catch (BadSymCacheException e) {
            return discard(p, e.getMessage());
        } catch (IOException e) {
            return new Opened(Optional.empty(), Optional.of(p + ": cannot read (" + e.getMessage() + ")"));
        } finally {
            if (!opened) {
                close(source);
            }
        }
    }

    private static void close(PageSource.FileSource source) {
        try {
            source.close();
        } catch (IOException e) {
            // nothing was written: nothing to lose
        }
    }

    /**
     * A bad file is left where it is: the caller's rebuild renames a good one over it (deleting it
     * here could delete the good file another process just put in place).
     */
    private Opened discard(Path p, String why) {
        return new Opened(Optional.empty(), Optional.of(p + ": " + why));
    }

    /**
     * Lays out the cache for {@code key}, stores it and opens the stored file. When the folder
     * cannot be written the cache is opened from memory instead (this run still gains from it)
     * and the problem is returned with it.
     *
     * @throws IllegalArgumentException when the inputs cannot be cached faithfully (a string that
     *     would not read back the same, a file over 2 GiB): the caller keeps the DWARF itself
     */
    public Built build(SymCacheKey key, ModuleLayout layout, SymbolTable symbols, FlatDwarf dwarf, String dwarfName) {
        Optional<String> problem;
        try {
            Path p = store(key, layout, symbols, dwarf, dwarfName);
            Opened o = open(key);
            if (o.cache().isPresent()) {
                return new Built(o.cache().get(), Optional.empty());
            }
            problem = Optional.of(o.problem().orElse(p + ": vanished after writing"));
        } catch (IOException e) {
            problem = Optional.of(path(key) + ": cannot write symbol cache (" + e.getMessage() + ")");
        }
        try {
            ByteBuffer bytes = SymCacheWriter.write(key, layout, symbols, dwarf, dwarfName);
            return new Built(SymCache.open(PageSource.of(bytes), bytes.capacity(), key, pages), problem);
        } catch (BadSymCacheException e) {
            throw new IllegalStateException("a symbol cache just laid out does not read back: " + e.getMessage(), e);
        }
    }

    /**
     * What {@link #removeBuiltFrom} deleted: the cache files, and every input file their keys named (the
     * debug files under the roots and any other), for the caller to delete what it derived from them.
     */
    public record Removed(List<Path> caches, List<SymCacheKey.Input> inputs) {
        public Removed {
            caches = List.copyOf(caches);
            inputs = List.copyOf(inputs);
        }
    }

    /**
     * Deletes the caches built from a file under any of {@code roots} (debug files that were removed,
     * or are about to be), with their first-use markers: such a cache can never be opened again (its key
     * names the file's size and time, which a file stored again at the same path does not have), it only
     * takes room. A file whose key cannot be read (damaged, partly written) is left to the rebuild that
     * replaces it. Reads each cache's key (a few pages), one file at a time.
     *
     * @param roots files or folders, compared with the real paths keys hold (a root that is gone is
     *              compared by the real path of its parent folder)
     * @throws IOException when the folder cannot be listed or a cache cannot be deleted
     */
    public Removed removeBuiltFrom(Collection<Path> roots) throws IOException {
        if (roots.isEmpty() || !Files.isDirectory(folder)) {
            return new Removed(List.of(), List.of());
        }
        List<Path> under = new ArrayList<>();
        for (Path root : roots) {
            Path absolute = root.toAbsolutePath().normalize();
            under.add(absolute);
            Path parent = absolute.getParent();
            if (parent != null && Files.isDirectory(parent)) {
                under.add(parent.toRealPath().resolve(absolute.getFileName()));
            }
        }
        List<Path> caches = new ArrayList<>();
        List<SymCacheKey.Input> named = new ArrayList<>();
        try (DirectoryStream<Path> files = Files.newDirectoryStream(folder, "*.symc")) {
            for (Path p : files) {
                if (p.getFileName().toString().startsWith(".")) {
                    continue; // a build's temporary file
                }
                Optional<List<SymCacheKey.Input>> inputs = inputs(p);
                if (inputs.isEmpty()
                        || inputs.get().stream().noneMatch(i -> under.stream().anyMatch(i.file()::startsWith))) {
                    continue;
                }
                Files.deleteIfExists(p);
                Files.deleteIfExists(folder.resolve(p.getFileName() + ".used"));
                caches.add(p);
                named.addAll(inputs.get());
            }
        }
        return new Removed(caches, named);
    }

    /** The files a cache's key names ({@code file=} and {@code extra=} lines); empty when it cannot be read. */
    private static Optional<List<SymCacheKey.Input>> inputs(Path cache) {
        byte[] key;
        try (FileChannel ch = FileChannel.open(cache, StandardOpenOption.READ)) {
            PageSource.FileSource source = new PageSource.FileSource(cache, ch);
            key = SymCache.storedKey(source, source.size());
        } catch (IOException | BadSymCacheException e) { // left to the rebuild that replaces it
            return Optional.empty();
        }
        return Optional.of(SymCacheKey.inputs(key));
    }

    /** A built cache and, when it could not be stored, why. */
    public record Built(SymCache cache, Optional<String> problem) {
    }

    /** Streams the cache into a temporary file, then renames it into place. */
    private Path store(SymCacheKey key, ModuleLayout layout, SymbolTable symbols, FlatDwarf dwarf, String dwarfName)
            throws IOException {
        Files.createDirectories(folder);
        Path target = path(key);
        Path tmp = Files.createTempFile(folder, ".tmp-", ".symc");
        try {
            try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.WRITE)) {
                SymCacheWriter.write(key, layout, symbols, dwarf, dwarfName, new SymCacheWriter.Output() {
                    @Override
                    public void body(ByteBuffer chunk, long at) throws IOException {
                        ch.write(chunk, at);
                    }

                    @Override
                    public void header(ByteBuffer header) throws IOException {
                        while (header.hasRemaining()) {
                            ch.write(header, header.position());
                        }
                    }
                });
            }
            try {
                Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
            }
            // The first-use marker has done its job; were the cache removed later, a run would
            // answer from the DWARF again and the one after would rebuild it.
            Files.deleteIfExists(marker(key));
            // What killed builds left: each is as large as a cache, and nothing else would ever remove it.
            StaleTemporaries.remove(folder, ".tmp-*.symc", Instant.now());
        } finally {
            Files.deleteIfExists(tmp);
        }
        return target;
    }
}
