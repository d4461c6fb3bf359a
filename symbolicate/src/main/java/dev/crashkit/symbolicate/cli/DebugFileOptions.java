package dev.crashkit.symbolicate.cli;

import dev.crashkit.core.CrashkitException;
import dev.crashkit.symbolicate.demangle.DemangleStyle;
import dev.crashkit.symbolicate.locate.ArchiveLimits;
import dev.crashkit.symbolicate.locate.DebugFileIndex;
import dev.crashkit.symbolicate.locate.IndexCache;
import dev.crashkit.symbolicate.locate.MemberStore;
import dev.crashkit.symbolicate.sources.DebugFileSource;
import dev.crashkit.symbolicate.symbolize.ModuleCache;
import dev.crashkit.symbolicate.symbolize.SymbolCaching;
import dev.crashkit.symbolicate.symcache.SymCacheStore;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Map;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** Options shared by the commands that symbolicate reports: where debug files are, caching, naming. */
final class DebugFileOptions {

    enum Demangle { simplified, full, none }

    @Option(names = {"--dsym", "--symbols"}, paramLabel = "PATH",
            description = ".dSYM bundle, DWARF file, Mach-O or ELF file, .xcarchive, zip/tar/tar.gz archive, or folder searched recursively")
    List<Path> dsyms = new ArrayList<>();

    @Option(names = "--demangle", defaultValue = "simplified",
            description = "simplified (as Apple crash reports), full, or none (default: ${DEFAULT-VALUE})")
    Demangle demangle;

    @Option(names = "--cache-dir", paramLabel = "DIR",
            description = "index cache and extracted archive members (default: $CRASHKIT_CACHE, $XDG_CACHE_HOME/crashkit or ~/.cache/crashkit)")
    Path cacheDir;

    @Option(names = "--no-cache", description = "do not read or write anything in the cache folder (debug-file index, symbol caches)")
    boolean noCache;

    @Option(names = "--no-symcache", description = "do not read or write symbol caches (flattened DWARF + symbols per debug file); "
            + "the debug-file index is still cached")
    boolean noSymcache;

    @Option(names = "--build-symcache", description = "build the symbol cache of every debug file used now "
            + "(default: on a debug file's second use; the first run answers from its DWARF, decoding only what "
            + "its addresses touch; batch builds on first use)")
    boolean buildSymcache;

    @Mixin
    SymbolServerOptions symbolServers = new SymbolServerOptions();

    /** Where DEBUGINFOD_URLS and ${env:…} in a server config file are read (tests replace it). */
    Map<String, String> environment = System.getenv();

    @Option(names = {"-v", "--verbose"},
            description = "list every file skipped while scanning --dsym folders and every problem met in debug files")
    boolean verbose;

    @Option(names = "--module-cache-mb", paramLabel = "MB",
            description = "keep at most this many MB of loaded debug files (default: a quarter of the RAM, at least the heap)")
    Long moduleCacheMb;

    private LookupDiagnostics lookups;

    Optional<DemangleStyle> style() {
        switch (demangle) {
            case full: return Optional.of(DemangleStyle.FULL);
            case none: return Optional.empty();
            default: return Optional.of(DemangleStyle.SIMPLIFIED);
        }
    }

    /**
     * Indexes the --dsym paths and returns the module cache over them, with the symbol servers
     * (if any) behind it for images no --dsym file has. Noise from files met inside folders
     * (unreadable files, object files without a UUID or build-id such as a system folder's
     * {@code crt1.o}) is summarised in one line unless verbose: a symbol folder full of
     * unrelated files should not bury the output. Files named explicitly always get their warning.
     */
    ModuleCache modules(PrintWriter err) throws CrashkitException {
        return modules(err, buildSymcache ? SymbolCaching.Build.FIRST_USE : SymbolCaching.Build.SECOND_USE);
    }

    /** As {@link #modules(PrintWriter)}, missing symbol caches built {@code when} given. */
    ModuleCache modules(PrintWriter err, SymbolCaching.Build when) throws CrashkitException {
        Optional<Path> cache = noCache ? Optional.empty()
                : Optional.of(cacheDir != null ? cacheDir : IndexCache.defaultFolder());
        // Servers first: a bad --symbol-server value is reported before a long folder scan.
        DebugFileSource remote = symbolServers.source(cache, environment, err);
        // Plain code and a named class, not Optional.map(IndexCache::open) and a lambda: on the index
        // thread, first in the run, a method reference spun a method-handle class (BENCHMARKS.md).
        Optional<IndexCache> indexCache = cache.isPresent() ? Optional.of(IndexCache.open(cache.get()))
                : Optional.empty();
        DebugFileIndex.ScanOptions options = new DebugFileIndex.ScanOptions(indexCache, ArchiveLimits.defaults());
        ScanWarnings warnings = new ScanWarnings(err);
        DebugFileIndex index = DebugFileIndex.scan(dsyms, options, warnings);
        summariseSkipped(err, warnings.skipped, warnings.unmatchable);
        lookups = new LookupDiagnostics(err, verbose);
        long budget = moduleCacheMb != null ? Math.max(1, moduleCacheMb) * 1024 * 1024 : ModuleCache.DEFAULT_BUDGET;
        ModuleCache.Options o = new ModuleCache.Options(budget, lookups).whenFilesReleased(new CollectGarbage());
        if (cache.isPresent() && !noSymcache) {
            o = o.withSymbolCache(SymCacheStore.in(cache.get()), when);
        }
        return new ModuleCache(index, new MemberStore(cache, ArchiveLimits.defaults()), remote, o);
    }

    /**
     * Collects garbage when symbol-cache builds have let go of a quarter of the module budget in debug
     * files: the command line runs on the serial collector ({@link Relaunch}), which would keep their
     * mappings for the whole batch (BENCHMARKS.md, cold batch memory). Only the command line does this; the
     * library leaves it to the caller ({@link ModuleCache.Options#whenFilesReleased}). A class, not a method
     * reference: none is spun at run time.
     */
    private static final class CollectGarbage implements Runnable {
        @Override
        public void run() {
            System.gc();
        }
    }

    /** Where the scan's warnings go: said, or counted for {@link #summariseSkipped} unless verbose. */
    private final class ScanWarnings implements dev.crashkit.core.Diagnostics {
        private final PrintWriter err;
        int skipped;
        int unmatchable;

        ScanWarnings(PrintWriter err) {
            this.err = err;
        }

        @Override
        public void warn(String m) {
            if (verbose) {
                err.println("warning: " + m);
            } else if (m.startsWith("skipping ")) {
                skipped++;
            } else if (cannotBeMatched(m) && !aboutExplicitFile(m)) {
                unmatchable++;
            } else {
                err.println("warning: " + m);
            }
        }
    }

    /**
     * The one line that stands for the files met in folders that cannot serve as debug files (a
     * system folder has dozens: crt1.o, a gzip that is no tar...); nothing when there were none.
     */
    static void summariseSkipped(PrintWriter err, int unreadable, int unmatchable) {
        int n = unreadable + unmatchable;
        if (n == 0) {
            return;
        }
        List<String> why = new ArrayList<>();
        if (unmatchable > 0) {
            why.add(unmatchable + " without a UUID or build-id");
        }
        if (unreadable > 0) {
            why.add(unreadable + " unreadable or damaged");
        }
        err.println("warning: skipped " + n + " file(s) under --dsym that are not usable debug files ("
                + String.join(", ", why) + "); -v lists them");
    }

    /** Where symbol caches are read and written, unless turned off. */
    Optional<SymCacheStore> symbolCache() {
        return noCache || noSymcache ? Optional.empty()
                : Optional.of(SymCacheStore.in(cacheDir != null ? cacheDir : IndexCache.defaultFolder()));
    }

    /** Problems met in debug files while symbolicating (after {@link #modules}). */
    LookupDiagnostics lookups() {
        return lookups;
    }

    /** The scan's "no LC_UUID" / "without a GNU build-id" warnings. */
    private static boolean cannotBeMatched(String message) {
        return message.endsWith("cannot be matched to a report");
    }

    private boolean aboutExplicitFile(String message) {
        for (Path p : dsyms) {
            String s = p.toString();
            if (!java.nio.file.Files.isDirectory(p) && (message.startsWith(s + ":") || message.startsWith(s + " ("))) {
                return true;
            }
        }
        return false;
    }
}
