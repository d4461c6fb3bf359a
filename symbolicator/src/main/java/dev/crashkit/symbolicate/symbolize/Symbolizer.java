package dev.crashkit.symbolicate.symbolize;

import dev.crashkit.core.model.Arch;
import dev.crashkit.core.model.CrashReport;
import dev.crashkit.core.model.DebugId;
import dev.crashkit.core.model.Frame;
import dev.crashkit.core.model.Image;
import dev.crashkit.core.model.ThreadTrace;
import dev.crashkit.symbolicate.demangle.DemangleStyle;
import dev.crashkit.symbolicate.demangle.detect.Demanglers;
import dev.crashkit.symbolicate.locate.DebugFileIndex;
import dev.crashkit.symbolicate.symtab.SymbolTable;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Symbolicates crash reports against the debug files of a {@link ModuleCache}. Stateless apart
 * from the cache, so one instance serves many reports (and threads).
 */
public final class Symbolizer {
    private final ModuleCache modules;
    private final Optional<DemangleStyle> demangle;

    /** @param demangle style for {@code symbol}, or empty to print raw linkage names */
    public Symbolizer(ModuleCache modules, Optional<DemangleStyle> demangle) {
        this.modules = modules;
        this.demangle = demangle;
    }

    /** Told of each thread of a report as soon as it is symbolicated, in order, on the symbolicating thread. */
    @FunctionalInterface
    public interface ThreadSink {
        void accept(int index, SymbolicatedThread thread);
    }

    /**
     * A sink that may also be told of threads from several threads at once, in any order: a big
     * report's threads are then symbolicated on two cores ({@link ConcurrentThreads}) when its
     * modules allow it, and each is handed over by the thread that did it; else {@link #accept}
     * is called as for any sink.
     */
    public interface ConcurrentThreadSink extends ThreadSink {
        void acceptConcurrently(int index, SymbolicatedThread thread);
    }

    public SymbolicatedReport symbolicate(CrashReport report) {
        return symbolicate(report, IGNORE);
    }

    /** A sink that keeps nothing (a class, not a lambda: none is spun at run time). */
    private static final ThreadSink IGNORE = new ThreadSink() {
        @Override
        public void accept(int index, SymbolicatedThread thread) {
        }
    };

    /** As {@link #symbolicate(CrashReport)}, handing each thread to {@code sink} once its frames are done. */
    public SymbolicatedReport symbolicate(CrashReport report, ThreadSink sink) {
        long mask = addressMask(report);
        if (modules.hasRemote()) {
            // Symbol servers: only images that frames point into.
            modules.prefetch(referenced(report, mask), imageNames(report));
        }
        List<MatchedImage> matched = new ArrayList<>(report.images().size());
        for (Image img : report.images()) {
            matched.add(match(img));
        }
        ImageResolver resolver = new ImageResolver(matched);
        boolean trampolines = false;
        for (int i = 0; !trampolines && i < matched.size(); i++) {
            Optional<DebugModule> module = matched.get(i).module();
            trampolines = module.isPresent() && module.get().hasSignalTrampolines();
        }
        if (sink instanceof ConcurrentThreadSink && concurrentLookups(report, matched)) {
            // Nothing to prepare: each thread's signal frames are marked by the thread that does it.
            Threads work = new Threads(report, null, trampolines, mask, resolver);
            List<SymbolicatedThread> threads = List.of(ConcurrentThreads.run(report.threads().size(), work,
                    (ConcurrentThreadSink) sink));
            return new SymbolicatedReport(report, statuses(matched), threads, work.missingDebugFile);
        }
        List<List<Frame>> marked = new ArrayList<>(report.threads().size());
        for (ThreadTrace t : report.threads()) {
            // Without a module that has a trampoline, no frame starts one: the check is skipped.
            marked.add(trampolines ? SignalFrames.markExactPcs(t.frames(), new Trampolines(mask, resolver)) : t.frames());
        }
        if (worthPreparing(marked, matched)) {
            prepare(marked, mask, resolver);
        }
        Threads work = new Threads(report, marked, trampolines, mask, resolver);
        List<SymbolicatedThread> threads = new ArrayList<>(marked.size());
        for (int ti = 0; ti < marked.size(); ti++) {
            SymbolicatedThread done = work.thread(ti, Problems.NOW);
            threads.add(done);
            sink.accept(ti, done);
        }
        return new SymbolicatedReport(report, statuses(matched), threads, work.missingDebugFile);
    }

    /**
     * Looks up ahead, on this thread and in address order, what the frames of {@code reports} will
     * look up in symbol caches (a batch worker's chunk of small reports): this thread's lookups are
     * then answered from there until the returned object is closed. The answers are the caches' own,
     * so nothing symbolicated changes; an address not gathered here is looked up as before. Nothing is
     * gathered when symbol servers are configured (their images are fetched per report).
     *
     * @param reports the reports this thread symbolicates next
     * @return forgets the answers when closed (on this thread)
     */
    public LookupsAhead lookAhead(List<CrashReport> reports) {
        if (modules.hasRemote()) {
            return new LookupsAhead(List.of());
        }
        Map<DebugModule, Addresses> byModule = new IdentityHashMap<>();
        for (CrashReport report : reports) {
            List<MatchedImage> matched = new ArrayList<>(report.images().size());
            for (Image img : report.images()) {
                matched.add(match(img));
            }
            ModuleAddresses gather = new ModuleAddresses(addressMask(report), new ImageResolver(matched), byModule);
            for (ThreadTrace t : report.threads()) {
                for (Frame f : t.frames()) {
                    gather.add(f);
                }
            }
        }
        List<DebugModule> answered = new ArrayList<>(byModule.size());
        LookupsAhead ahead = new LookupsAhead(answered);
        try {
            for (Map.Entry<DebugModule, Addresses> e : byModule.entrySet()) {
                answered.add(e.getKey()); // forgotten on close, whether its answers were kept or not
                e.getKey().answerAhead(ParallelAnswers.distinct(e.getValue().toArray()));
            }
        } catch (RuntimeException | Error e) {
            ahead.close(); // no answers left behind on this thread
            throw e;
        }
        return ahead;
    }

    private static List<ImageStatus> statuses(List<MatchedImage> matched) {
        List<ImageStatus> statuses = new ArrayList<>(matched.size());
        for (MatchedImage m : matched) {
            statuses.add(m.status());
        }
        return statuses;
    }

    /**
     * Whether this report's threads are worth symbolicating on two cores, and every module they
     * may look up in answers any number of threads at once without preparing (a symbol cache) and
     * says its problems through {@link Problems} (so warnings keep their order). A DWARF is left
     * to one thread: its lookups are serialised, and its units are decoded in parallel ahead.
     */
    private static boolean concurrentLookups(CrashReport report, List<MatchedImage> matched) {
        long frames = 0;
        for (ThreadTrace t : report.threads()) {
            frames += t.frames().size();
        }
        if (!ConcurrentThreads.worthIt(report.threads().size(), frames)) {
            return false;
        }
        for (MatchedImage m : matched) {
            if (m.module().isPresent() && !(m.module().get().answersConcurrently()
                    && m.module().get().warnsOnlyThroughProblems())) {
                return false;
            }
        }
        return true;
    }

    /**
     * The frames of one thread of a report (a class, not a lambda: none is spun at run time), from
     * its frames marked ahead, or (null) marked here when some module has signal trampolines.
     */
    private final class Threads implements ConcurrentThreads.Work {
        private final CrashReport report;
        private final List<List<Frame>> marked;
        private final boolean trampolines;
        private final long mask;
        private final ImageResolver resolver;
        private final ReportImages images;
        /** Whether a frame was found in an image without a debug file (a {@code NO_DEBUG_FILE} frame). */
        volatile boolean missingDebugFile;

        Threads(CrashReport report, List<List<Frame>> marked, boolean trampolines, long mask, ImageResolver resolver) {
            this.report = report;
            this.marked = marked;
            this.trampolines = trampolines;
            this.mask = mask;
            this.resolver = resolver;
            this.images = new ReportImages(resolver);
        }

        @Override
        public SymbolicatedThread thread(int index, Problems problems) {
            List<Frame> frames = marked != null ? marked.get(index) : report.threads().get(index).frames();
            if (marked == null && trampolines) {
                frames = SignalFrames.markExactPcs(frames, new Trampolines(mask, resolver));
            }
            List<SymbolicatedFrame> out = new ArrayList<>(3 * frames.size()); // inlined chains: more entries than frames
            boolean missing = false;
            for (int fi = 0; fi < frames.size(); fi += FRAMES_PER_CALL) {
                missing |= frames(frames, fi, Math.min(frames.size(), fi + FRAMES_PER_CALL), problems, out);
            }
            if (missing) {
                missingDebugFile = true;
            }
            return new SymbolicatedThread(report.threads().get(index), out);
        }

        /**
         * Input frames {@code [from, to)}; true when one of them is in an image without a debug file. A
         * call per {@value #FRAMES_PER_CALL} frames, not one loop over the thread: that loop would run
         * interpreted to its end (called once per thread, never compiled in place on C1), where this
         * method is compiled after its first hundred calls.
         */
        private boolean frames(List<Frame> frames, int from, int to, Problems problems, List<SymbolicatedFrame> out) {
            boolean missing = false;
            for (int fi = from; fi < to; fi++) {
                missing |= frame(fi, frames.get(fi), mask, images, problems, out) == FrameStatus.NO_DEBUG_FILE;
            }
            return missing;
        }
    }

    /** Input frames symbolicated per call of {@code Threads.frames}. */
    static final int FRAMES_PER_CALL = 16;

    /**
     * The report's address mask: its process's architecture, else its first image's that has one.
     * Plain code, not lambdas: each lambda call site is linked at run time on every start.
     */
    private static long addressMask(CrashReport report) {
        Optional<Arch> arch = report.process().arch();
        for (int i = 0; arch.isEmpty() && i < report.images().size(); i++) {
            arch = report.images().get(i).arch();
        }
        return arch.isPresent() ? arch.get().addressMask() : -1L;
    }

    /** Whether a signal trampoline starts at a frame's address (a class: no lambda linked at run time). */
    private static final class Trampolines implements java.util.function.LongPredicate {
        private final long mask;
        private final ImageResolver resolver;

        Trampolines(long mask, ImageResolver resolver) {
            this.mask = mask;
            this.resolver = resolver;
        }

        @Override
        public boolean test(long address) {
            return trampolineStartsAt(address & mask, resolver);
        }
    }

    /**
     * Whether some module may use this report's addresses ahead ({@link #prepare}): a DWARF, or a symbol
     * cache given at least {@link ParallelAnswers#MIN_ADDRESSES} of them (a symbol table alone uses none).
     * A batch's reports (100 frames) have too few, and their addresses are not even gathered.
     */
    private static boolean worthPreparing(List<List<Frame>> threads, List<MatchedImage> matched) {
        long frames = 0;
        for (List<Frame> t : threads) {
            frames += t.size();
        }
        if (frames >= ParallelAnswers.MIN_ADDRESSES) {
            return true;
        }
        for (MatchedImage m : matched) {
            if (m.module().isPresent() && !m.module().get().answersConcurrently()) {
                return true;
            }
        }
        return false;
    }

    /**
     * Tells each module the addresses this report will look up in it, so a module answered from
     * its DWARF decodes the units they touch in parallel before the lookups start (and a symbol
     * cache answers them in parallel).
     */
    private static void prepare(List<List<Frame>> threads, long mask, ImageResolver resolver) {
        ModuleAddresses byModule = new ModuleAddresses(mask, resolver);
        for (List<Frame> frames : threads) {
            for (Frame f : frames) {
                byModule.add(f);
            }
        }
        for (Map.Entry<DebugModule, Addresses> e : byModule.modules.entrySet()) {
            e.getKey().prepare(e.getValue().toArray());
        }
    }

    /**
     * The addresses frames look up, by module. One call per frame, not a loop body: this runs once
     * per report before anything is compiled, and a method called per frame is compiled after a
     * few hundred frames where a loop body stays interpreted (BENCHMARKS.md, warm child).
     */
    private static final class ModuleAddresses {
        private final long mask;
        private final ImageResolver resolver;
        final Map<DebugModule, Addresses> modules;

        ModuleAddresses(long mask, ImageResolver resolver) {
            this(mask, resolver, new IdentityHashMap<>());
        }

        /** Adding to {@code modules} (several reports' addresses gathered together). */
        ModuleAddresses(long mask, ImageResolver resolver, Map<DebugModule, Addresses> modules) {
            this.mask = mask;
            this.resolver = resolver;
            this.modules = modules;
        }

        /** The frame's lookup address in its module, found as {@code frame(…)} finds it. */
        void add(Frame f) {
            long pc = f.address() & mask;
            long lookup = f.returnAddress() && pc != 0 ? pc - 1 : pc;
            Optional<MatchedImage> m = resolver.find(lookup);
            Optional<DebugModule> module = m.isPresent() ? m.get().module() : Optional.empty();
            if (module.isEmpty()) {
                return;
            }
            Addresses a = modules.get(module.get());
            if (a == null) {
                a = new Addresses();
                modules.put(module.get(), a);
            }
            a.add(m.get().toLinkTime(lookup));
        }
    }

    /** A growing list of addresses. */
    private static final class Addresses {
        private long[] values = new long[64];
        private int size;

        void add(long v) {
            if (size == values.length) {
                values = java.util.Arrays.copyOf(values, 2 * size);
            }
            values[size++] = v;
        }

        long[] toArray() {
            return java.util.Arrays.copyOf(values, size);
        }
    }

    /** Identities of the images that frames point into, found from the report's own ranges. */
    /** Each identity's image name as the report gives it (its first image with that identity). */
    private static Map<DebugId, String> imageNames(CrashReport report) {
        Map<DebugId, String> out = new java.util.HashMap<>();
        for (Image img : report.images()) {
            if (img.id().isPresent() && !img.name().isEmpty()) {
                out.putIfAbsent(img.id().get(), img.name());
            }
        }
        return out;
    }

    private static List<DebugId> referenced(CrashReport report, long mask) {
        ImageResolver r = new ImageResolver(report.images().stream().map(MatchedImage::unmatched).toList());
        Set<DebugId> out = new LinkedHashSet<>();
        for (ThreadTrace t : report.threads()) {
            for (Frame f : t.frames()) {
                long pc = f.address() & mask;
                r.find(f.returnAddress() && pc != 0 ? pc - 1 : pc)
                        .flatMap(m -> m.image().id()).filter(id -> !id.isZero()).ifPresent(out::add);
            }
        }
        return List.copyOf(out);
    }

    /** True when a signal trampoline's symbol starts exactly at {@code pc} (see {@link SignalFrames}). */
    private static boolean trampolineStartsAt(long pc, ImageResolver resolver) {
        Optional<MatchedImage> m = resolver.find(pc);
        if (m.isEmpty() || m.get().module().isEmpty()) {
            return false;
        }
        SymbolTable symbols = m.get().module().get().symbols();
        long link = m.get().toLinkTime(pc);
        int i = symbols.indexOf(link);
        return i >= 0 && symbols.start(i) == link && SignalFrames.isTrampolineName(symbols.name(i));
    }

    /**
     * Matches one image with its module by identity; only an image without any identity is matched by its
     * file name ({@link NameMatch}), and its status says so. Otherwise names only explain a mismatch.
     */
    private MatchedImage match(Image img) {
        ImageStatus status;
        Optional<DebugModule> module = Optional.empty();
        if (img.id().isEmpty()) {
            NameMatch.Result byName = NameMatch.find(modules.index(), img);
            if (byName instanceof NameMatch.Found found) {
                ModuleCache.Load load = modules.get(found.id());
                module = load.loaded();
                status = byName(img, found, load);
            } else {
                status = new ImageStatus(img, Optional.empty(), ImageStatus.Status.NO_UUID,
                        Optional.of(((NameMatch.NotFound) byName).reason()));
            }
        } else if (img.id().get().isZero()) {
            status = new ImageStatus(img, Optional.empty(), ImageStatus.Status.NO_UUID,
                    Optional.of("the report gives no UUID for this image"));
        } else {
            DebugId id = img.id().get();
            ModuleCache.Load load = modules.get(id);
            if (load instanceof ModuleCache.Loaded l) {
                status = new ImageStatus(img, Optional.of(l.module().file()), ImageStatus.Status.OK, Optional.empty());
            } else if (load instanceof ModuleCache.Failed f) {
                status = new ImageStatus(img, Optional.empty(), ImageStatus.Status.UNREADABLE, Optional.of(f.error()));
            } else {
                status = missing(img, id, (ModuleCache.Missing) load);
            }
            module = load.loaded();
        }
        long slide = img.slide().isPresent() ? img.slide().getAsLong()
                : img.loadAddress() - (module.isPresent() ? module.get().linkBase() : 0L); // no method reference to link
        return new MatchedImage(img, status, module, slide);
    }

    private static ImageStatus byName(Image img, NameMatch.Found found, ModuleCache.Load load) {
        if (load instanceof ModuleCache.Loaded l) {
            Optional<java.nio.file.Path> file = Optional.of(l.module().file());
            return new ImageStatus(img, file, found.verified() ? ImageStatus.Status.BY_NAME_VERIFIED
                    : ImageStatus.Status.BY_NAME, Optional.of(NameMatch.detail(found, file)));
        }
        String why = load instanceof ModuleCache.Failed f ? f.error() : ((ModuleCache.Missing) load).reason();
        return new ImageStatus(img, Optional.empty(), ImageStatus.Status.UNREADABLE,
                Optional.of(found.named().location() + " (named like the image): " + why));
    }

    private ImageStatus missing(Image img, DebugId id, ModuleCache.Missing m) {
        List<DebugFileIndex.Entry> sameName = modules.index().findByName(img.name());
        if (!sameName.isEmpty()) {
            DebugFileIndex.Entry e = sameName.get(0);
            return new ImageStatus(img, Optional.empty(), ImageStatus.Status.UUID_MISMATCH,
                    Optional.of(e.file() + " (" + e.arch() + ") has UUID " + e.id() + ", the report wants " + id));
        }
        return new ImageStatus(img, Optional.empty(), ImageStatus.Status.NO_DEBUG_FILE, Optional.of(m.reason()));
    }

    /**
     * A report's images as its frames carry them: found by address, with each image's name and load
     * address made once per report (as the {@code Optional}s every frame holds), not once per frame.
     */
    private static final class ReportImages {
        final ImageResolver resolver;
        private final Optional<String>[] names;
        private final OptionalLong[] loadAddresses;

        @SuppressWarnings("unchecked")
        ReportImages(ImageResolver resolver) {
            this.resolver = resolver;
            int n = resolver.images().size();
            names = new Optional[n];
            loadAddresses = new OptionalLong[n];
            for (int i = 0; i < n; i++) {
                Image img = resolver.images().get(i).image();
                names[i] = Optional.of(img.name());
                loadAddresses[i] = OptionalLong.of(img.loadAddress());
            }
        }
    }

    /**
     * The entry of a frame in a module that names nothing there (out of {@link #frame}'s way: C1
     * compiles it only when some frame needs it).
     */
    private static SymbolicatedFrame withoutName(int index, Frame f, MatchedImage m, DebugModule module, long lookup,
                                                 long pc, Optional<String> imageName, OptionalLong loadAddress) {
        Image img = m.image();
        OptionalLong start = module.unnamedFunctionStart(m.toLinkTime(lookup));
        if (start.isPresent()) {
            // A stripped function without a name: still printed from its start.
            long symbolAddress = start.getAsLong() + m.slide();
            return SymbolicatedFrame.functionStart(index, f, img, imageName, loadAddress, symbolAddress, pc);
        }
        return SymbolicatedFrame.unnamed(index, f, img, imageName, loadAddress, pc - img.loadAddress(),
                FrameStatus.NO_SYMBOL);
    }

    /**
     * Adds the entries of input frame {@code f} to {@code out}: one, or its inline chain (innermost
     * first). Returns the first entry's status.
     */
    private FrameStatus frame(int index, Frame f, long mask, ReportImages images, Problems problems,
                              List<SymbolicatedFrame> out) {
        long pc = f.address() & mask;
        // A return address points after the call; the call itself is one byte earlier.
        long lookup = f.returnAddress() && pc != 0 ? pc - 1 : pc;
        int found = images.resolver.index(lookup);
        if (found < 0) {
            out.add(SymbolicatedFrame.noImage(index, f));
            return FrameStatus.NO_IMAGE;
        }
        MatchedImage m = images.resolver.images().get(found);
        Image img = m.image();
        Optional<String> imageName = images.names[found];
        OptionalLong loadAddress = images.loadAddresses[found];
        long imageOffset = pc - img.loadAddress();
        if (m.module().isEmpty()) {
            out.add(SymbolicatedFrame.unnamed(index, f, img, imageName, loadAddress, imageOffset,
                    FrameStatus.NO_DEBUG_FILE));
            return FrameStatus.NO_DEBUG_FILE;
        }
        DebugModule module = m.module().get();
        List<ResolvedSymbol> chain = module.lookup(m.toLinkTime(lookup), problems);
        if (chain.isEmpty()) {
            out.add(withoutName(index, f, m, module, lookup, pc, imageName, loadAddress));
            return FrameStatus.NO_SYMBOL;
        }
        // Every entry of a chain starts at the concrete function's start (ResolvedSymbol): one OptionalLong.
        long symbolAddress = chain.get(0).start() + m.slide();
        OptionalLong symbolAt = OptionalLong.of(symbolAddress);
        for (int i = 0; i < chain.size(); i++) {
            ResolvedSymbol r = chain.get(i);
            if (r.start() + m.slide() != symbolAddress) {
                symbolAt = OptionalLong.of(r.start() + m.slide());
                symbolAddress = r.start() + m.slide();
            }
            String name = r.name();
            Optional<String> mangled = Optional.of(name);
            String symbol = demangle.isPresent() ? Demanglers.demangle(name, demangle.get()) : name;
            // Most names demangle to themselves (C, Objective-C): then one Optional serves both entries.
            Optional<String> printed = symbol == name ? mangled : Optional.of(symbol);
            out.add(SymbolicatedFrame.named(index, f, img, imageName, loadAddress, r, printed, mangled, symbolAt, pc));
        }
        return FrameStatus.SYMBOLICATED;
    }
}
