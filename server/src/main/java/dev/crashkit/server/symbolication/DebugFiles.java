package dev.crashkit.server.symbolication;

import dev.crashkit.core.CrashkitException;
import dev.crashkit.symbolicator.DebugFileIdentity;
import dev.crashkit.symbolicator.Demangling;
import dev.crashkit.symbolicator.DiagnosticSink;
import dev.crashkit.symbolicator.SymbolCachePolicy;
import dev.crashkit.symbolicator.SymbolCacheStats;
import dev.crashkit.symbolicator.SymbolSources;
import dev.crashkit.symbolicator.Symbolicator;
import dev.crashkit.symbolicator.SymbolicatorConfig;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The debug files the server symbolicates with: the {@code --dsym} paths plus every uploaded file under
 * the store folder, and the symbol servers for identities none of those has, all through one
 * {@link Symbolicator} configured as the command line's is (the same index cache layout, symbol caches
 * in {@code <cache folder>/symcache} built on first use, downloads under the cache folder). An upload
 * makes it index again ({@link #reload}): reports symbolicated from then on find the new file.
 */
public final class DebugFiles implements AutoCloseable {

    /** One identity found in an uploaded file. */
    public record Identity(String debugId, String arch, boolean debugInfo, String member) {
    }

    /**
     * Brings into the upload folder the files holding some of these identities that the database knows
     * but this instance does not have (uploaded through another instance into the shared blob store).
     */
    @FunctionalInterface
    public interface Fetcher {
        /** How many files it brought. */
        int fetch(Collection<String> debugIds) throws IOException;
    }

    /** The debug files a report needs could not be fetched now (the shared store failed): retry later. */
    public static final class Unavailable extends IOException {
        Unavailable(String message, Throwable cause) {
            super(message, cause);
        }
    }

    private final Symbolicator symbolicator;
    /** An uploaded file's folder name (asked for each matched image of every report: compiled once). */
    private static final java.util.regex.Pattern SHA256_HEX = java.util.regex.Pattern.compile("[0-9a-f]{64}");

    private final Path uploads;
    private volatile Fetcher fetcher = ids -> 0;

    private DebugFiles(Symbolicator symbolicator, Path uploads) {
        this.symbolicator = symbolicator;
        this.uploads = uploads.toAbsolutePath().normalize();
    }

    /**
     * The SHA-256 of the uploaded file a matched debug file is (or is a member of): uploads are kept as
     * {@code <upload folder>/<sha256>/<name>}; empty for a {@code --dsym} path or a symbol server's file.
     */
    public Optional<String> uploadedSha256(Path debugFile) {
        Path p = debugFile.toAbsolutePath().normalize();
        if (!p.startsWith(uploads) || p.getNameCount() <= uploads.getNameCount()) {
            return Optional.empty();
        }
        String first = p.getName(uploads.getNameCount()).toString();
        return SHA256_HEX.matcher(first).matches() ? Optional.of(first) : Optional.empty();
    }

    /** Where files missing here are fetched from (a shared blob store); by default nowhere. */
    public void fetchWith(Fetcher f) {
        this.fetcher = f;
    }

    /**
     * Fetches files holding any of {@code debugIds} that are stored but not here, and indexes them.
     *
     * @return whether any were fetched (a symbolication may now find more)
     * @throws Unavailable when the store could not give them now
     */
    boolean fetchMissing(Collection<String> debugIds) throws Unavailable {
        int fetched;
        try {
            fetched = fetcher.fetch(debugIds);
        } catch (IOException e) {
            throw new Unavailable(e.getMessage(), e);
        }
        if (fetched == 0) {
            return false;
        }
        try {
            reload();
        } catch (IOException e) {
            throw new Unavailable("indexing fetched debug files: " + e.getMessage(), e);
        }
        return true;
    }

    /**
     * Indexes {@code dsyms} and the upload folder.
     *
     * @param sources     the symbol servers, as for the CLI
     * @param cacheFolder index cache, extracted archive members, downloads, symbol caches (under the data folder)
     * @param symbolCache whether modules go through symbol caches ({@code --no-symcache}: false)
     * @throws IllegalArgumentException when a symbol server or header is malformed or names no server
     */
    public static DebugFiles open(List<Path> dsyms, SymbolSources sources, Path uploads, Path cacheFolder,
                                  boolean symbolCache, Consumer<String> warnings) throws IOException {
        Files.createDirectories(uploads);
        Files.createDirectories(cacheFolder);
        List<Path> roots = new ArrayList<>(dsyms);
        roots.add(uploads);
        SymbolicatorConfig config = SymbolicatorConfig.defaults()
                .withDebugFiles(roots)
                .withSymbolSources(sources)
                .withCacheFolder(Optional.of(cacheFolder))
                .withSymbolCache(symbolCache ? SymbolCachePolicy.BUILD_ON_FIRST_USE : SymbolCachePolicy.OFF)
                .withDemangling(Demangling.SIMPLIFIED) // the signature's names, and the UI's
                .withDiagnostics(DiagnosticSink.all(warnings));
        return new DebugFiles(Symbolicator.open(config), uploads);
    }

    /** Scans every root again (cheap for files already indexed): the next reports find the new files. */
    public void reload() throws IOException {
        symbolicator.refresh();
    }

    @Override
    public void close() {
        symbolicator.close();
    }

    /**
     * Deletes the symbol caches (and archive members extracted for them) built from the uploaded files with
     * these SHA-256s, whose local copies went: a file uploaded again gets a fresh cache on first use.
     *
     * @return how many symbol caches were deleted
     */
    public int dropCachesOf(Collection<String> sha256s) throws IOException {
        List<Path> roots = new ArrayList<>();
        for (String sha : sha256s) {
            if (!SHA256_HEX.matcher(sha).matches()) {
                throw new IllegalArgumentException("not a SHA-256: " + sha);
            }
            roots.add(uploads.resolve(sha));
        }
        return symbolicator.dropCachesBuiltFrom(roots);
    }

    /** Changes at every {@link #reload()}: a symbolication that began before one may have missed files. */
    public long generation() {
        return symbolicator.generation();
    }

    Symbolicator symbolicator() {
        return symbolicator;
    }

    /** What the symbol cache did so far (for /metrics). */
    public SymbolCacheStats symbolCacheStats() {
        return symbolicator.symbolCacheStats();
    }

    /** The identities in one uploaded file; refuses files that are no object file, dSYM or archive of them. */
    public List<Identity> identify(Path file) throws BadInputException, IOException {
        List<DebugFileIdentity> ids;
        try {
            ids = symbolicator.identify(file);
        } catch (CrashkitException e) {
            // The library names the staged file; the client knows it as its upload.
            throw new BadInputException(e.getMessage().replace(file.toString(), "upload"));
        }
        List<Identity> out = new ArrayList<>();
        for (DebugFileIdentity id : ids) {
            out.add(new Identity(id.debugId(), id.arch(), id.debugInfo(), id.member().orElse("")));
        }
        return out;
    }
}
