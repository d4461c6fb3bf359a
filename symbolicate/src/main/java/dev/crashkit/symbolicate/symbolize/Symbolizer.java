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
import java.util.stream.LongStream;

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

    public SymbolicatedReport symbolicate(CrashReport report) {
        long mask = report.process().arch()
                .or(() -> report.images().stream().flatMap(i -> i.arch().stream()).findFirst())
                .map(Arch::addressMask).orElse(-1L);
        if (modules.hasRemote()) {
            modules.prefetch(referenced(report, mask)); // symbol servers: only images that frames point into
        }
        List<MatchedImage> matched = new ArrayList<>(report.images().size());
        for (Image img : report.images()) {
            matched.add(match(img));
        }
        ImageResolver resolver = new ImageResolver(matched);
        List<List<Frame>> marked = new ArrayList<>(report.threads().size());
        for (ThreadTrace t : report.threads()) {
            marked.add(SignalFrames.markExactPcs(t.frames(), a -> trampolineStartsAt(a & mask, resolver)));
        }
        prepare(marked, mask, resolver);
        List<SymbolicatedThread> threads = new ArrayList<>();
        for (int ti = 0; ti < marked.size(); ti++) {
            ThreadTrace t = report.threads().get(ti);
            List<SymbolicatedFrame> out = new ArrayList<>();
            List<Frame> frames = marked.get(ti);
            for (int fi = 0; fi < frames.size(); fi++) {
                out.addAll(frame(fi, frames.get(fi), mask, resolver));
            }
            threads.add(new SymbolicatedThread(t, out));
        }
        return new SymbolicatedReport(report, matched.stream().map(MatchedImage::status).toList(), threads);
    }

    /**
     * Tells each module the addresses this report will look up in it, so a module answered from
     * its DWARF decodes the units they touch in parallel before the lookups (one at a time) start.
     */
    private static void prepare(List<List<Frame>> threads, long mask, ImageResolver resolver) {
        Map<DebugModule, LongStream.Builder> byModule = new IdentityHashMap<>();
        for (List<Frame> frames : threads) {
            for (Frame f : frames) {
                long pc = f.address() & mask;
                long lookup = f.returnAddress() && pc != 0 ? pc - 1 : pc;
                Optional<MatchedImage> m = resolver.find(lookup);
                if (m.isPresent() && m.get().module().isPresent()) {
                    byModule.computeIfAbsent(m.get().module().get(), k -> LongStream.builder())
                            .add(m.get().toLinkTime(lookup));
                }
            }
        }
        byModule.forEach((module, addresses) -> module.prepare(addresses.build().toArray()));
    }

    /** Identities of the images that frames point into, found from the report's own ranges. */
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

    /** Matches one image with its module by identity (never by name; names only explain a mismatch). */
    private MatchedImage match(Image img) {
        ImageStatus status;
        Optional<DebugModule> module = Optional.empty();
        if (img.id().isEmpty() || img.id().get().isZero()) {
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
                : img.loadAddress() - module.map(DebugModule::linkBase).orElse(0L);
        return new MatchedImage(img, status, module, slide);
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

    private List<SymbolicatedFrame> frame(int index, Frame f, long mask, ImageResolver resolver) {
        long pc = f.address() & mask;
        // A return address points after the call; the call itself is one byte earlier.
        long lookup = f.returnAddress() && pc != 0 ? pc - 1 : pc;
        Optional<MatchedImage> found = resolver.find(lookup);
        if (found.isEmpty()) {
            return List.of(SymbolicatedFrame.noImage(index, f));
        }
        MatchedImage m = found.get();
        Image img = m.image();
        long imageOffset = pc - img.loadAddress();
        if (m.module().isEmpty()) {
            return List.of(SymbolicatedFrame.unnamed(index, f, img, imageOffset, FrameStatus.NO_DEBUG_FILE));
        }
        List<ResolvedSymbol> chain = m.module().get().lookup(m.toLinkTime(lookup));
        if (chain.isEmpty()) {
            OptionalLong start = m.module().get().unnamedFunctionStart(m.toLinkTime(lookup));
            if (start.isPresent()) {
                // A stripped function without a name: still printed from its start.
                long symbolAddress = start.getAsLong() + m.slide();
                return List.of(SymbolicatedFrame.functionStart(index, f, img, symbolAddress, pc));
            }
            return List.of(SymbolicatedFrame.unnamed(index, f, img, imageOffset, FrameStatus.NO_SYMBOL));
        }
        List<SymbolicatedFrame> out = new ArrayList<>(chain.size());
        for (ResolvedSymbol r : chain) {
            String symbol = demangle.isPresent() ? Demanglers.demangle(r.name(), demangle.get()) : r.name();
            out.add(SymbolicatedFrame.named(index, f, img, r, symbol, r.start() + m.slide(), pc));
        }
        return out;
    }
}
