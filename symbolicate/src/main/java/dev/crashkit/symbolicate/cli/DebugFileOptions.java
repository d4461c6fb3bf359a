package dev.crashkit.symbolicate.cli;

import dev.crashkit.core.CrashkitException;
import dev.crashkit.launcher.DefaultCacheFolder;
import dev.crashkit.symbolicator.Demangling;
import dev.crashkit.symbolicator.DiagnosticSink;
import dev.crashkit.symbolicator.SymbolCachePolicy;
import dev.crashkit.symbolicator.Symbolicator;
import dev.crashkit.symbolicator.SymbolicatorConfig;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** Options shared by the commands that symbolicate reports: where debug files are, caching, naming. */
final class DebugFileOptions {

    /** The values of --demangle, as picocli lists them; {@link Demangling} decides what they mean. */
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

    /** Second uses leave their caches to a background run ({@link SymcacheInBackground}); set by the command. */
    boolean buildApart;

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

    private Said said;

    /** Problems in debug files printed as met, not only counted (atos: the one file asked about). */
    boolean alwaysSayLookups;

    Demangling demangling() {
        return Demangling.fromName(demangle.name());
    }

    /** The cache folder, unless --no-cache. */
    Optional<Path> cacheFolder() {
        return noCache ? Optional.empty() : Optional.of(cacheDir != null ? cacheDir : DefaultCacheFolder.path());
    }

    /**
     * The symbolicator over the --dsym paths, with the symbol servers (if any) behind it for images no
     * --dsym file has. Noise from files met inside folders (unreadable files, object files without a
     * UUID or build-id such as a system folder's {@code crt1.o}) is summarised in one line unless
     * verbose: a symbol folder full of unrelated files should not bury the output. Files named
     * explicitly always get their warning.
     *
     * @param firstUse symbol caches built on a debug file's first use (batch) rather than its second
     */
    Symbolicator open(PrintWriter err, boolean firstUse, int openAhead) throws CrashkitException {
        return open(err, config(err, firstUse, openAhead));
    }

    /** The symbolicator of {@code config}, its usage errors in the options' words. */
    Symbolicator open(PrintWriter err, SymbolicatorConfig config) throws CrashkitException {
        Symbolicator s;
        try {
            s = Symbolicator.open(config);
        } catch (IllegalArgumentException e) {
            throw new OptionValueException(SymbolServerOptions.refused(e));
        }
        said.summariseSkipped();
        return s;
    }

    /** The configuration the options describe. */
    SymbolicatorConfig config(PrintWriter err, boolean firstUse, int openAhead) throws CrashkitException {
        said = new Said(err);
        Optional<Path> cache = cacheFolder();
        SymbolCachePolicy policy = noSymcache ? SymbolCachePolicy.OFF
                : firstUse || buildSymcache ? SymbolCachePolicy.BUILD_ON_FIRST_USE
                : buildApart ? SymbolCachePolicy.BUILD_APART : SymbolCachePolicy.BUILD_ON_SECOND_USE;
        long budget = moduleCacheMb != null ? Math.max(1, moduleCacheMb) * 1024 * 1024 : 0;
        return SymbolicatorConfig.defaults()
                .withDebugFiles(dsyms)
                .withSymbolSources(symbolServers.sources(environment))
                .withCacheFolder(cache)
                .withSymbolCache(policy)
                .withMemoryBudget(budget)
                .withDemangling(demangling())
                .withDiagnostics(said)
                .withOpenAhead(openAhead)
                .whenDebugFilesReleased(new CollectGarbage());
    }

    /**
     * Collects garbage when symbol-cache builds have let go of a quarter of the module budget in debug
     * files: the command line runs on the serial collector ({@link Relaunch}), which would keep their
     * mappings for the whole batch (BENCHMARKS.md, cold batch memory). Only the command line does this; the
     * library leaves it to the caller ({@link SymbolicatorConfig#whenDebugFilesReleased}). A class, not a
     * method reference: none is spun at run time.
     */
    private static final class CollectGarbage implements Runnable {
        @Override
        public void run() {
            System.gc();
        }
    }

    /** Problems met in debug files while symbolicating, counted (after {@link #open}). */
    long lookupProblems() {
        return said.lookups.get();
    }

    /** The closing line when lookup problems were only counted (nothing when there were none or they were shown). */
    void summariseLookups() {
        long n = said.lookups.get();
        if (n > 0 && !verbose) {
            said.err.println("warning: " + n + " problem(s) in debug files, other name sources used instead (--verbose lists them)");
        }
    }

    /**
     * What the symbolicator says, as the command line says it: scan warnings said or counted for
     * {@link #summariseSkipped} unless verbose; problems in debug files printed with -v and always
     * counted, so that a run without -v ends with one line saying how many there were; download and
     * re-unwind warnings always printed; download progress on a terminal.
     */
    private final class Said implements DiagnosticSink {
        private final PrintWriter err;
        private int skipped;
        private int unmatchable;
        private final AtomicLong lookups = new AtomicLong();

        Said(PrintWriter err) {
            this.err = err;
        }

        @Override
        public void indexing(String m) {
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

        @Override
        public void lookup(String message) {
            lookups.incrementAndGet();
            if (verbose || alwaysSayLookups) {
                synchronized (err) {
                    err.println("warning: " + message);
                }
            }
        }

        @Override
        public void download(String message) {
            err.println("warning: " + message);
        }

        @Override
        public void unwinding(String message) {
            err.println("warning: " + message);
        }

        @Override
        public Optional<PrintWriter> progressTerminal() {
            return System.console() != null ? Optional.of(err) : Optional.empty();
        }

        void summariseSkipped() {
            DebugFileOptions.summariseSkipped(err, skipped, unmatchable);
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
