package dev.crashkit.server.symbolication;

import dev.crashkit.core.CrashkitException;
import dev.crashkit.symbolicate.locate.ArchiveLimits;
import dev.crashkit.symbolicate.locate.IndexCache;
import dev.crashkit.symbolicate.symbolize.DebugFileIndex;
import dev.crashkit.symbolicate.symbolize.MemberStore;
import dev.crashkit.symbolicate.symbolize.ModuleCache;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * The debug files the server symbolicates with: the {@code --dsym} paths plus every uploaded file under
 * the store folder, indexed by UUID / build-id with the symbolicator's index (archive limits and
 * hash-named extraction as in the CLI). An upload swaps in a new index and module cache: the old cache
 * remembers that the new identities were missing, and must not answer again.
 */
public final class DebugFiles {

    /** One identity found in an uploaded file. */
    public record Identity(String debugId, String arch, boolean debugInfo, String member) {
    }

    private final List<Path> roots;
    private final Path cacheFolder;
    private final Consumer<String> warnings;
    private final AtomicLong generation = new AtomicLong();
    private volatile ModuleCache modules;

    private DebugFiles(List<Path> roots, Path cacheFolder, Consumer<String> warnings) {
        this.roots = List.copyOf(roots);
        this.cacheFolder = cacheFolder;
        this.warnings = warnings;
    }

    /**
     * Indexes {@code dsyms} and the upload folder.
     *
     * @param cacheFolder index cache and extracted archive members (under the server's data folder)
     */
    public static DebugFiles open(List<Path> dsyms, Path uploads, Path cacheFolder, Consumer<String> warnings)
            throws IOException {
        Files.createDirectories(uploads);
        Files.createDirectories(cacheFolder);
        List<Path> roots = new ArrayList<>(dsyms);
        roots.add(uploads);
        DebugFiles d = new DebugFiles(roots, cacheFolder, warnings);
        d.reload();
        return d;
    }

    /** Scans every root again (cheap for files already indexed) and replaces the module cache. */
    public synchronized void reload() throws IOException {
        IndexCache cache = IndexCache.open(cacheFolder.resolve("index"));
        DebugFileIndex index = DebugFileIndex.scan(roots,
                new DebugFileIndex.ScanOptions(Optional.of(cache), ArchiveLimits.defaults()), warnings::accept);
        modules = new ModuleCache(index, new MemberStore(Optional.of(cacheFolder), ArchiveLimits.defaults()));
        generation.incrementAndGet();
    }

    /** Changes at every {@link #reload()}: a symbolication that began before one may have missed files. */
    public long generation() {
        return generation.get();
    }

    ModuleCache modules() {
        return modules;
    }

    /**
     * The identities in one uploaded file; refuses files that are no object file, dSYM or archive of them.
     * Synchronized with {@link #reload()}: both write the same index cache.
     */
    public synchronized List<Identity> identify(Path file) throws BadInputException, IOException {
        IndexCache cache = IndexCache.open(cacheFolder.resolve("index"));
        List<String> problems = new ArrayList<>();
        try {
            DebugFileIndex.scan(List.of(file), new DebugFileIndex.ScanOptions(Optional.of(cache),
                    ArchiveLimits.defaults()), problems::add);
        } catch (CrashkitException e) {
            throw new BadInputException(e.getMessage().replace(file.toString(), "upload"));
        }
        Optional<List<IndexCache.Item>> items = cache.get(file, Files.size(file),
                Files.getLastModifiedTime(file).toMillis());
        List<Identity> out = new ArrayList<>();
        for (IndexCache.Item item : items.orElse(List.of())) {
            out.add(new Identity(item.slice().id().toString(), item.slice().arch().label(), item.slice().debugInfo(),
                    item.member().orElse("")));
        }
        if (out.isEmpty()) {
            throw new BadInputException("no UUID or build-id found in the upload"
                    + (problems.isEmpty() ? "" : ": " + problems.get(0).replace(file.toString(), "upload")));
        }
        return out;
    }
}
