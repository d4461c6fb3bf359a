package dev.crashkit.symbolicate.symbolize;

import dev.crashkit.core.model.Arch;
import dev.crashkit.core.model.CrashReport;
import dev.crashkit.core.model.DebugId;
import dev.crashkit.core.model.Frame;
import dev.crashkit.core.model.Image;
import dev.crashkit.core.model.ThreadTrace;
import dev.crashkit.symbolicate.demangle.DemangleStyle;
import dev.crashkit.symbolicate.demangle.Demanglers;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.Optional;
import java.util.OptionalInt;
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

    public SymbolicatedReport symbolicate(CrashReport report) {
        List<Image> images = report.images();
        int n = images.size();
        List<Optional<DebugModule>> loaded = new ArrayList<>(n);
        List<ImageStatus> statuses = new ArrayList<>(n);
        long[] slides = new long[n];
        long mask = report.process().arch()
                .or(() -> images.stream().flatMap(i -> i.arch().stream()).findFirst())
                .map(Arch::addressMask).orElse(-1L);
        if (modules.hasRemote()) {
            modules.prefetch(referenced(report, mask)); // symbol servers: only images that frames point into
        }
        for (int i = 0; i < n; i++) {
            Image img = images.get(i);
            ImageStatus status = match(img);
            statuses.add(status);
            Optional<DebugModule> m = status.status() == ImageStatus.Status.OK
                    ? modules.get(img.id().get()).module() : Optional.empty();
            loaded.add(m);
            slides[i] = img.slide().isPresent() ? img.slide().getAsLong()
                    : img.loadAddress() - m.map(DebugModule::linkBase).orElse(0L);
        }
        ImageResolver resolver = new ImageResolver(images, loaded, slides);
        List<SymbolicatedThread> threads = new ArrayList<>();
        for (ThreadTrace t : report.threads()) {
            List<SymbolicatedFrame> out = new ArrayList<>();
            for (int fi = 0; fi < t.frames().size(); fi++) {
                Frame f = t.frames().get(fi);
                out.addAll(frame(fi, f, mask, resolver, images, loaded, slides));
            }
            threads.add(new SymbolicatedThread(t, out));
        }
        return new SymbolicatedReport(report, statuses, threads);
    }

    /** Identities of the images that frames point into, found from the report's own ranges. */
    private static List<DebugId> referenced(CrashReport report, long mask) {
        List<Image> images = report.images();
        ImageResolver r = new ImageResolver(images, Collections.nCopies(images.size(), Optional.empty()),
                new long[images.size()]);
        Set<DebugId> out = new LinkedHashSet<>();
        for (ThreadTrace t : report.threads()) {
            for (Frame f : t.frames()) {
                long pc = f.address() & mask;
                int i = r.find(f.returnAddress() && pc != 0 ? pc - 1 : pc);
                if (i >= 0) {
                    images.get(i).id().filter(id -> !id.isZero()).ifPresent(out::add);
                }
            }
        }
        return List.copyOf(out);
    }

    private ImageStatus match(Image img) {
        if (img.id().isEmpty() || img.id().get().isZero()) {
            return new ImageStatus(img, Optional.empty(), ImageStatus.Status.NO_UUID,
                    Optional.of("the report gives no UUID for this image"));
        }
        DebugId id = img.id().get();
        ModuleCache.Loaded l = modules.get(id);
        if (l.module().isPresent()) {
            return new ImageStatus(img, Optional.of(l.module().get().file()), ImageStatus.Status.OK, Optional.empty());
        }
        if (l.error().isPresent()) {
            return new ImageStatus(img, Optional.empty(), ImageStatus.Status.UNREADABLE, l.error());
        }
        List<DebugFileIndex.Entry> sameName = modules.index().findByName(img.name());
        if (!sameName.isEmpty()) {
            DebugFileIndex.Entry e = sameName.get(0);
            return new ImageStatus(img, Optional.empty(), ImageStatus.Status.UUID_MISMATCH,
                    Optional.of(e.file() + " (" + e.arch() + ") has UUID " + e.id() + ", the report wants " + id));
        }
        return new ImageStatus(img, Optional.empty(), ImageStatus.Status.NO_DEBUG_FILE,
                Optional.of("no debug file with UUID " + id));
    }

    private List<SymbolicatedFrame> frame(int index, Frame f, long mask, ImageResolver resolver, List<Image> images,
                                    List<Optional<DebugModule>> loaded, long[] slides) {
        long pc = f.address() & mask;
        // A return address points after the call; the call itself is one byte earlier.
        long lookup = f.returnAddress() && pc != 0 ? pc - 1 : pc;
        int ii = resolver.find(lookup);
        if (ii < 0) {
            return List.of(new SymbolicatedFrame(index, f.address(), Optional.empty(), OptionalLong.empty(),
                    Optional.empty(), Optional.empty(), Optional.empty(), OptionalLong.empty(), 0, Optional.empty(),
                    OptionalInt.empty(), OptionalInt.empty(), false, FrameStatus.NO_IMAGE, Optional.empty(), f.trust()));
        }
        Image img = images.get(ii);
        long imageOffset = pc - img.loadAddress();
        Optional<DebugModule> m = loaded.get(ii);
        if (m.isEmpty()) {
            return List.of(unnamed(index, f, img, imageOffset, FrameStatus.NO_DEBUG_FILE));
        }
        List<ResolvedSymbol> chain = m.get().lookup(lookup - slides[ii]);
        if (chain.isEmpty()) {
            return List.of(unnamed(index, f, img, imageOffset, FrameStatus.NO_SYMBOL));
        }
        List<SymbolicatedFrame> out = new ArrayList<>(chain.size());
        for (ResolvedSymbol r : chain) {
            long symbolAddress = r.start() + slides[ii];
            String symbol = demangle.map(style -> Demanglers.demangle(r.name(), style)).orElse(r.name());
            out.add(new SymbolicatedFrame(index, f.address(), Optional.of(img.name()),
                    OptionalLong.of(img.loadAddress()), img.id(), Optional.of(symbol), Optional.of(r.name()),
                    OptionalLong.of(symbolAddress), pc - symbolAddress, r.file(), r.line(), r.column(), r.inlined(),
                    FrameStatus.SYMBOLICATED, Optional.of(r.source()), f.trust()));
        }
        return out;
    }

    private static SymbolicatedFrame unnamed(int index, Frame f, Image img, long imageOffset, FrameStatus status) {
        return new SymbolicatedFrame(index, f.address(), Optional.of(img.name()), OptionalLong.of(img.loadAddress()),
                img.id(), Optional.empty(), Optional.empty(), OptionalLong.empty(), imageOffset, Optional.empty(),
                OptionalInt.empty(), OptionalInt.empty(), false, status, Optional.empty(), f.trust());
    }
}
