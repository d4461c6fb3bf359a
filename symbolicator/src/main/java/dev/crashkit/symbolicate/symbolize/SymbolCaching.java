package dev.crashkit.symbolicate.symbolize;

import dev.crashkit.core.Diagnostics;
import dev.crashkit.core.model.DebugId;
import dev.crashkit.symbolicate.dwarf.DwarfContext;
import dev.crashkit.symbolicate.dwarf.FlatDwarf;
import dev.crashkit.symbolicate.dwarf.SourceLookup;
import dev.crashkit.symbolicate.format.ObjectFile;
import dev.crashkit.symbolicate.format.detect.ObjectFiles;
import dev.crashkit.symbolicate.format.macho.MachOImage;
import dev.crashkit.symbolicate.locate.DebugFileIndex;
import dev.crashkit.symbolicate.symcache.ModuleLayout;
import dev.crashkit.symbolicate.symcache.SymCache;
import dev.crashkit.symbolicate.symcache.SymCacheKey;
import dev.crashkit.symbolicate.symcache.SymCacheStore;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Modules through the symbol cache: a module whose cache exists is opened from it (no object
 * file or DWARF is parsed); a module loaded from its files is flattened once into a new cache and
 * answered from that. Answers are the same either way (see {@link FlatDwarf}); the cache is keyed
 * by the identity and every candidate file's path, size and modification time.
 */
public final class SymbolCaching {
    /** Threads that flatten one module's DWARF: the two cores of a small machine, more when there are. */
    private static final int THREADS = Math.max(2, Math.min(4, Runtime.getRuntime().availableProcessors()));

    /** When a debug file without a cache gets one. */
    public enum Build {
        /** The first time it is used: runs that look up many addresses (batch, the server) amortise it. */
        FIRST_USE,
        /**
         * The second time (a marker remembers the first): a one-off command answers its first run
         * from the DWARF, decoding only the units its addresses touch, as llvm-symbolizer does.
         */
        SECOND_USE,
        /**
         * Never during the run: a second use is answered from the DWARF like the first and counted
         * as wanted ({@link SymCacheCounters#wanted()}), for the caller to build the cache apart
         * (the command line starts a background process), so the run that asked never waits for it.
         */
        APART
    }

    private final SymCacheStore store;
    private final SymCacheCounters counters;

    public SymbolCaching(SymCacheStore store) {
        this(store, new SymCacheCounters());
    }

    /** Counting what it opens and builds in {@code counters}. */
    public SymbolCaching(SymCacheStore store, SymCacheCounters counters) {
        this.store = store;
        this.counters = counters;
    }

    /** Whether a module without a cache under {@code key} should get one now (marks a first use). */
    public boolean buildNow(SymCacheKey key, Build when) {
        return switch (when) {
            case FIRST_USE -> true;
            case SECOND_USE -> store.usedBefore(key);
            case APART -> {
                if (store.usedBefore(key)) {
                    counters.countWanted();
                }
                yield false;
            }
        };
    }

    /** The key of the module with identity {@code id} built from {@code entries}, or empty when a file cannot be read now. */
    static Optional<SymCacheKey> key(DebugId id, List<DebugFileIndex.Entry> entries) {
        SymCacheKey.Builder k = SymCacheKey.builder(id.toString()).field("id", id.kind() + ":" + id);
        try {
            for (DebugFileIndex.Entry e : entries) {
                k.field("entry", e.container() + "\t" + e.arch().label() + "\t" + e.debugInfo() + "\t" + e.name()
                        + "\t" + (e.member().isPresent() ? e.member().get().name() : "-"));
                k.file("file", e.file());
            }
        } catch (IOException e) {
            return Optional.empty();
        }
        return Optional.of(k.build());
    }

    /** The key of a module made from one object file alone ({@code slice}: how its slice was chosen). */
    public static Optional<SymCacheKey> fileKey(Path file, String slice) {
        try {
            return Optional.of(SymCacheKey.builder(String.valueOf(file.getFileName())).field("slice", slice)
                    .file("file", file).build());
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /**
     * The module from its cache when a good one exists; a bad one is reported and left for
     * rebuilding, and one whose binary for stripped names is gone is stale. When a lookup later
     * finds the cache damaged, the module answers from {@code fromFiles} (the DWARF of its debug
     * files, loaded then; empty when they cannot be read).
     */
    public Optional<DebugModule> open(SymCacheKey key, Diagnostics diagnostics,
                                      Supplier<Optional<SourceLookup>> fromFiles) {
        SymCacheStore.Opened o = store.open(key);
        // Plain ifs, not lambdas: the run that writes the class-data archive is a first use, which
        // never comes here, so lambdas here would be spun at run time on every warm run.
        if (o.problem().isPresent()) {
            diagnostics.warn("symbol cache " + o.problem().get() + " (rebuilding it)");
        }
        return usable(o, diagnostics, fromFiles);
    }

    /**
     * As {@link #open}, but only a good cache: empty, and nothing said, when it is missing, bad
     * or stale (left for {@link #open} to report and rebuild).
     */
    public Optional<DebugModule> openIfGood(SymCacheKey key, Diagnostics diagnostics,
                                            Supplier<Optional<SourceLookup>> fromFiles) {
        SymCacheStore.Opened o = store.open(key);
        return o.problem().isPresent() ? Optional.empty() : usable(o, diagnostics, fromFiles);
    }

    /**
     * The module of an opened cache; empty when there is none, or when it is stale: the binary its
     * names for stripped code come from is gone.
     */
    private Optional<DebugModule> usable(SymCacheStore.Opened o, Diagnostics diagnostics,
                                         Supplier<Optional<SourceLookup>> fromFiles) {
        if (o.cache().isEmpty()) {
            return Optional.empty();
        }
        Optional<ModuleLayout.Binary> stripped = o.cache().get().layout().strippedNamesFrom();
        if (stripped.isPresent() && !Files.isRegularFile(Path.of(stripped.get().file()))) {
            return Optional.empty();
        }
        counters.countOpened();
        return Optional.of(module(o.cache().get(), diagnostics, fromFiles));
    }

    /**
     * The module answered from a new cache of {@code live}, or {@code live} itself when it has no
     * DWARF or the DWARF cannot be flattened faithfully (it then answers as before).
     */
    public DebugModule build(SymCacheKey key, List<Path> inputs, DebugModule live, Diagnostics diagnostics) {
        Optional<SourceLookup> dwarf = live.dwarf();
        return build(key, inputs, live, diagnostics, () -> dwarf);
    }

    /**
     * As {@link #build(SymCacheKey, List, DebugModule, Diagnostics)}, but the module answered from the
     * new cache keeps no hold on {@code live}: should a lookup find the cache damaged, it answers from
     * {@code fromFiles} (the debug files loaded again, as for a cache opened from disk) instead, so a
     * batch building many caches keeps none of their DWARF ({@code ModuleCache} then releases it).
     */
    public DebugModule build(SymCacheKey key, List<Path> inputs, DebugModule live, Diagnostics diagnostics,
                             Supplier<Optional<SourceLookup>> fromFiles) {
        Optional<SourceLookup> dwarf = live.dwarf();
        if (dwarf.isEmpty() || !(dwarf.get() instanceof DwarfContext context)) {
            return live;
        }
        // Names for stripped code come from the binary's metadata, read again when needed.
        Optional<ModuleLayout.Binary> names = Optional.empty();
        if (live.fallback() instanceof StrippedNameFallback s && s.image().id().isPresent()) {
            names = Optional.of(new ModuleLayout.Binary(s.image().file().toString(), s.image().id().get().toString()));
        } else if (live.fallback() != NameFallback.none()) {
            return live; // a fallback the cache could not bring back
        }
        try {
            SymCacheKey full = key;
            for (Path extra : extraFiles(live, inputs)) {
                full = full.withExtraFile(extra);
            }
            FlatDwarf flat = context.flatten(THREADS);
            List<ModuleLayout.Segment> segments = new ArrayList<>();
            for (LinkRange r : live.ranges()) {
                segments.add(new ModuleLayout.Segment(r.start(), r.size()));
            }
            ModuleLayout layout = new ModuleLayout(live.file().toString(), live.arch(), live.linkBase(), segments,
                    names);
            // A file already there was not opened (damaged, other version or inputs): this replaces it.
            boolean replacing = Files.exists(store.path(key));
            SymCacheStore.Built built = store.build(full, layout, live.symbols(), flat, context.fileName());
            counters.countBuilt(replacing);
            built.problem().ifPresent(p -> diagnostics.warn(p));
            return module(built.cache(), diagnostics, fromFiles);
        } catch (IOException | IllegalArgumentException e) { // DwarfException is an IOException
            return live; // not cacheable: the DWARF keeps answering, exactly as without a cache
        }
    }

    /** The file the module answers from when it is not among the key's inputs (an ELF debug-link companion). */
    private static List<Path> extraFiles(DebugModule live, List<Path> inputs) {
        Path f = live.file();
        return inputs.contains(f) || !Files.isRegularFile(f) ? List.of() : List.of(f);
    }

    private static DebugModule module(SymCache c, Diagnostics diagnostics, Supplier<Optional<SourceLookup>> fromFiles) {
        ModuleLayout l = c.layout();
        List<LinkRange> ranges = new ArrayList<>(l.segments().size());
        for (ModuleLayout.Segment s : l.segments()) {
            ranges.add(new LinkRange(s.start(), s.size()));
        }
        NameFallback fallback = l.strippedNamesFrom().isPresent()
                ? new ReopenedNames(l.strippedNamesFrom().get(), diagnostics) : NameFallback.none();
        return new DebugModule(Path.of(l.file()), l.arch(), l.linkBase(), ranges, c.symbols(),
                Optional.of(new CacheOrFiles(c, fromFiles, diagnostics)), c.heapBytes(), diagnostics, fallback);
    }

    /**
     * The stripped-code names of a cached module: the binary they come from is opened again the
     * first time an address needs them (as the loader opened it), then its metadata is read as then.
     */
    private static final class ReopenedNames implements NameFallback {
        private final ModuleLayout.Binary binary;
        private final Diagnostics diagnostics;
        private volatile NameFallback names;

        ReopenedNames(ModuleLayout.Binary binary, Diagnostics diagnostics) {
            this.binary = binary;
            this.diagnostics = diagnostics;
        }

        @Override
        public Optional<dev.crashkit.symbolicate.format.macho.names.NameHit> lookup(long linkAddress) {
            NameFallback n = names;
            if (n == null) {
                synchronized (this) {
                    n = names;
                    if (n == null) {
                        n = open();
                        names = n;
                    }
                }
            }
            return n.lookup(linkAddress);
        }

        private NameFallback open() {
            try {
                Optional<DebugId> id = DebugId.parse(binary.id());
                Optional<ObjectFile> slice = id.isEmpty() ? Optional.empty()
                        : ObjectFiles.openWithId(Path.of(binary.file()), id.get());
                if (slice.isPresent() && slice.get() instanceof MachOImage image) {
                    return new StrippedNameFallback(image, diagnostics);
                }
                diagnostics.warn(binary.file() + ": no slice " + binary.id() + " any more (file changed?); "
                        + "stripped code stays unnamed");
            } catch (dev.crashkit.core.CrashkitException e) {
                diagnostics.warn(e.getMessage() + "; stripped code stays unnamed");
            }
            return NameFallback.none();
        }
    }
}
