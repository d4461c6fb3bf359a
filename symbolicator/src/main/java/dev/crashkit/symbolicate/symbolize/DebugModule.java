package dev.crashkit.symbolicate.symbolize;

import dev.crashkit.core.Diagnostics;
import dev.crashkit.core.ObjectFormatException;
import dev.crashkit.core.model.Arch;
import dev.crashkit.symbolicate.dwarf.DwarfContext;
import dev.crashkit.symbolicate.dwarf.DwarfException;
import dev.crashkit.symbolicate.dwarf.DwarfSections;
import dev.crashkit.symbolicate.dwarf.SourceFrame;
import dev.crashkit.symbolicate.dwarf.SourceLookup;
import dev.crashkit.symbolicate.format.ObjectFile;
import dev.crashkit.symbolicate.format.ObjectSegment;
import dev.crashkit.symbolicate.symtab.SymbolTable;
import dev.crashkit.symbolicate.symtab.SymbolTables;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Everything loaded for one image identity: the file that answers, its link-time layout, its
 * symbol index and, when present, its DWARF. Shared between reports and threads.
 *
 * <p>A damaged part of the DWARF (one unit, say) does not stop lookups: the symbol table answers
 * for addresses in it, and the problem is reported to the module's {@link Diagnostics} once, the
 * first time an address lands in it (the DWARF reader keeps the failure, so it is not decoded again).
 */
public final class DebugModule {
    private final Path file;
    private final Arch arch;
    private final long linkBase;
    private final List<LinkRange> ranges;
    private final SymbolTable symbols;
    private final Optional<SourceLookup> dwarf;
    private final long mappedBytes;
    private final Diagnostics diagnostics;
    private final NameFallback fallback;
    private final Set<String> reported = ConcurrentHashMap.newKeySet();
    /** {@link #hasSignalTrampolines}, once known. */
    private volatile Boolean signalTrampolines;

    /**
     * @param linkBase    link-time address the report's load address corresponds to (see {@link ObjectFile#linkBase})
     * @param ranges      link-time ranges the image occupies, to find the image of an address when the
     *                    report gives no size
     * @param dwarf       source locations: the DWARF itself or a symbol cache built from it
     * @param mappedBytes bytes of the files it maps (what the module cache budgets)
     * @param fallback    names for stripped code neither DWARF nor the symbol table covers
     */
    public DebugModule(Path file, Arch arch, long linkBase, List<LinkRange> ranges, SymbolTable symbols,
                       Optional<? extends SourceLookup> dwarf, long mappedBytes, Diagnostics diagnostics,
                       NameFallback fallback) {
        this.file = Objects.requireNonNull(file, "file");
        this.arch = Objects.requireNonNull(arch, "arch");
        this.linkBase = linkBase;
        this.ranges = List.copyOf(ranges);
        this.symbols = Objects.requireNonNull(symbols, "symbols");
        this.dwarf = Optional.ofNullable(Objects.requireNonNull(dwarf, "dwarf").orElse(null)); // no lambda to link
        this.mappedBytes = mappedBytes;
        this.diagnostics = Objects.requireNonNull(diagnostics, "diagnostics");
        this.fallback = Objects.requireNonNull(fallback, "fallback");
    }

    /** A module without names for stripped code. */
    public DebugModule(Path file, Arch arch, long linkBase, List<LinkRange> ranges, SymbolTable symbols,
                       Optional<? extends SourceLookup> dwarf, long mappedBytes, Diagnostics diagnostics) {
        this(file, arch, linkBase, ranges, symbols, dwarf, mappedBytes, diagnostics, NameFallback.none());
    }

    /**
     * A module for one object file alone: its own symbols (bounded by its own function starts) and
     * its DWARF when it has some.
     */
    public static DebugModule open(ObjectFile object, Diagnostics diagnostics) throws ObjectFormatException {
        Optional<DwarfContext> dwarf = object.hasDwarf()
                ? Optional.of(DwarfContext.open(object.path().toString(), DwarfSections.of(object))) : Optional.empty();
        return of(object, SymbolTables.build(object), dwarf, diagnostics);
    }

    /**
     * As {@link #open}, and a Mach-O binary also names its stripped code from its own metadata
     * (export trie, Objective-C, Swift; see {@link NameFallback}); problems go to {@code diagnostics}.
     */
    public static DebugModule openNamingStrippedCode(ObjectFile object, Diagnostics diagnostics)
            throws ObjectFormatException {
        if (!(object instanceof dev.crashkit.symbolicate.format.macho.MachOImage image)) {
            return open(object, diagnostics);
        }
        Optional<DwarfContext> dwarf = object.hasDwarf()
                ? Optional.of(DwarfContext.open(object.path().toString(), DwarfSections.of(object))) : Optional.empty();
        return of(object, SymbolTables.build(object), dwarf, diagnostics, NameFallback.forMachO(image, diagnostics));
    }

    /** A module whose layout comes from {@code layout}, with the symbols and DWARF given. */
    public static DebugModule of(ObjectFile layout, SymbolTable symbols, Optional<? extends SourceLookup> dwarf,
                                 Diagnostics diagnostics) {
        return of(layout, symbols, dwarf, diagnostics, NameFallback.none());
    }

    /** The same, with names for the stripped code of {@code layout} (see {@link NameFallback}). */
    public static DebugModule of(ObjectFile layout, SymbolTable symbols, Optional<? extends SourceLookup> dwarf,
                                 Diagnostics diagnostics, NameFallback fallback) {
        List<LinkRange> mapped = new ArrayList<>();
        for (ObjectSegment s : layout.segments()) {
            mapped.add(new LinkRange(s.address(), s.size()));
        }
        return new DebugModule(layout.path(), layout.arch(), layout.linkBase(), mapped, symbols, dwarf,
                sizeOf(layout.path()), diagnostics, fallback);
    }

    private static long sizeOf(Path p) {
        try {
            return java.nio.file.Files.size(p);
        } catch (java.io.IOException e) {
            return 0; // only a budget figure: a file that vanished maps nothing new
        }
    }

    public Path file() {
        return file;
    }

    public Arch arch() {
        return arch;
    }

    public long linkBase() {
        return linkBase;
    }

    public List<LinkRange> ranges() {
        return ranges;
    }

    /**
     * Whether its symbol table names a signal trampoline ({@link SignalFrames}), found once per module:
     * a report none of whose modules has one skips the per-frame trampoline check (two binary searches
     * per frame). Racy but benign: two threads may both find the same answer.
     */
    boolean hasSignalTrampolines() {
        Boolean known = signalTrampolines;
        if (known == null) {
            known = SignalFrames.anyTrampoline(symbols);
            signalTrampolines = known;
        }
        return known;
    }

    public SymbolTable symbols() {
        return symbols;
    }

    /** Where source locations come from: a {@link DwarfContext}, or a symbol cache built from one. */
    public Optional<SourceLookup> dwarf() {
        return dwarf;
    }

    /** Bytes of the files this module keeps mapped. */
    public long mappedBytes() {
        return mappedBytes;
    }

    /**
     * A hint that these link-time addresses are about to be looked up (see {@link SourceLookup#prepare}):
     * the DWARF decodes the units they touch in parallel, a symbol cache answers them in parallel.
     */
    public void prepare(long[] linkAddresses) {
        if (dwarf.isPresent()) { // not ifPresent: a lambda linked at run time
            dwarf.get().prepare(linkAddresses);
        }
    }

    /**
     * Answers {@code sorted} link-time addresses (ascending, each once) ahead, on this thread, when this
     * module answers from a symbol cache (see {@code CacheOrFiles.answerAhead}), to be forgotten with
     * {@link #forgetAhead}; else does nothing.
     */
    void answerAhead(long[] sorted) {
        if (dwarf.isPresent() && dwarf.get() instanceof CacheOrFiles c) {
            c.answerAhead(sorted);
        }
    }

    /** Forgets this thread's answers of {@link #answerAhead}. */
    void forgetAhead() {
        if (dwarf.isPresent() && dwarf.get() instanceof CacheOrFiles c) {
            c.forgetAhead();
        }
    }

    /**
     * Whether any number of threads may look up here at once without waiting for each other or
     * being prepared: a symbol cache, a Breakpad symbol file (tables never written after reading), or a
     * symbol table alone; not a DWARF context, whose lookups
     * are serialised and whose units are best decoded in parallel ahead ({@link #prepare}).
     */
    boolean answersConcurrently() {
        return dwarf.isEmpty() || dwarf.get() instanceof CacheOrFiles
                || dwarf.get() instanceof dev.crashkit.symbolicate.breakpad.BreakpadSymbols;
    }

    /**
     * Whether this module's lookups say nothing but through {@link Problems}, so that the order of
     * warnings stays that of one thread when several threads look up at once: not with names for
     * stripped code, whose metadata is read (and its problems said) on first use.
     */
    boolean warnsOnlyThroughProblems() {
        return fallback == NameFallback.none();
    }

    /**
     * Everything known about {@code linkAddress}: DWARF's inline chain (innermost first, the
     * concrete function last) when DWARF covers it, else the symbol table's function; empty when
     * neither does. Offsets are always from the symbol table's function start when there is one.
     */
    public List<ResolvedSymbol> lookup(long linkAddress) {
        return lookup(linkAddress, Problems.NOW);
    }

    /** As {@link #lookup(long)}, the problems met told to {@code problems}. */
    List<ResolvedSymbol> lookup(long linkAddress, Problems problems) {
        int i = symbols.indexOf(linkAddress);
        if (dwarf.isPresent()) {
            List<SourceFrame> frames;
            try {
                frames = dwarf.get().lookup(linkAddress);
            } catch (DwarfException e) {
                // A damaged unit: the symbol table still answers; say so once per problem.
                problems.met(this, e.getMessage(), " (symbol table used instead)");
                frames = List.of();
            }
            if (!frames.isEmpty()) {
                // A damaged line program: the functions are named, file and line are not; say why once.
                // (No capturing lambda here: on C1 each one is an object made through a method handle.)
                Optional<String> why = frames.get(0).lineProblem();
                if (why.isPresent()) {
                    problems.met(this, why.get(), " (functions named without file and line)");
                }
                return fromDwarf(frames, i, linkAddress);
            }
        }
        return withoutDwarf(linkAddress, i);
    }

    /**
     * The answer where DWARF has none: symbol {@code i}, else names for stripped code. Out of
     * {@link #lookup}'s way, so that C1 compiles its lambdas only when some lookup needs them.
     */
    private List<ResolvedSymbol> withoutDwarf(long linkAddress, int i) {
        if (i < 0) {
            // Precedence dwarf > symtab > exports > objc > swift > function_starts (NameSource
            // argues it): metadata names only where the linker's and compiler's records are silent.
            return fallback.lookup(linkAddress).flatMap(h -> h.name().map(n -> List.of(
                    ResolvedSymbol.fromSymbolTable(n, h.start()).withSource(h.source().jsonName()))))
                    .orElse(List.of());
        }
        return List.of(ResolvedSymbol.fromSymbolTable(symbols, i));
    }

    /** Says {@code problem} (and {@code consequence}) unless this module has said it already. */
    void sayOnce(String problem, String consequence) {
        if (reported.add(problem)) {
            diagnostics.warn(problem + consequence);
        }
    }

    /**
     * Start of the function around {@code linkAddress} when it has no name (LC_FUNCTION_STARTS of
     * a stripped image), so that offsets are printed from it.
     */
    public java.util.OptionalLong unnamedFunctionStart(long linkAddress) {
        if (symbols.indexOf(linkAddress) >= 0) {
            return java.util.OptionalLong.empty();
        }
        return fallback.lookup(linkAddress).filter(h -> h.name().isEmpty())
                .map(h -> java.util.OptionalLong.of(h.start())).orElse(java.util.OptionalLong.empty());
    }

    private List<ResolvedSymbol> fromDwarf(List<SourceFrame> frames, int symbolIndex, long linkAddress) {
        SourceFrame concrete = frames.get(frames.size() - 1);
        String source = dwarf.get().sourceName();
        long start = symbolIndex >= 0 ? symbols.start(symbolIndex)
                : concrete.startAddress().orElse(linkAddress);
        List<ResolvedSymbol> out = new ArrayList<>(frames.size());
        for (int k = 0; k < frames.size(); k++) { // not for-each: no iterator per lookup
            SourceFrame f = frames.get(k);
            Optional<String> name = f.functionName();
            Optional<String> version = Optional.empty();
            if (!f.inlined() && symbolIndex >= 0) {
                // The concrete function is named by its symbol, as llvm-symbolizer does in linkage
                // mode: DWARF may only have a short DW_AT_name (Swift thunks, C functions).
                name = Optional.of(symbols.name(symbolIndex));
                String v = symbols.version(symbolIndex);
                version = v.isEmpty() ? Optional.empty() : Optional.of(v);
            }
            out.add(new ResolvedSymbol(name.orElse("??"), start, f.file(), positive(f.line()), positive(f.column()),
                    f.inlined(), source, version));
        }
        return out;
    }

    /** Lines and columns below this are given as shared {@code OptionalInt}s, made on first use. */
    private static final int SHARED_POSITIVES = 1 << 14;
    private static final OptionalInt[] POSITIVES = new OptionalInt[SHARED_POSITIVES];

    /**
     * {@code v} when it is positive (a line or column), else empty; not a new object per entry for the
     * usual small values (two per output line of a batch). Racy but benign: equal objects.
     */
    private static OptionalInt positive(long v) {
        if (v <= 0) {
            return OptionalInt.empty();
        }
        if (v >= SHARED_POSITIVES) {
            return OptionalInt.of((int) v);
        }
        OptionalInt o = POSITIVES[(int) v];
        if (o == null) {
            o = OptionalInt.of((int) v);
            POSITIVES[(int) v] = o;
        }
        return o;
    }

    /** Names for stripped code that neither DWARF nor the symbol table covers. */
    NameFallback fallback() {
        return fallback;
    }

    /** The same module under another name (an archive member instead of its extracted copy). */
    DebugModule renamed(Path displayName) {
        return new DebugModule(displayName, arch, linkBase, ranges, symbols, dwarf, mappedBytes, diagnostics, fallback);
    }

    @Override
    public String toString() {
        return file + " (" + arch + ")";
    }
}
