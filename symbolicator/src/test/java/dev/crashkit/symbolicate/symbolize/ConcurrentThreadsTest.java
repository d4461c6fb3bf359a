package dev.crashkit.symbolicate.symbolize;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.crashkit.core.Diagnostics;
import dev.crashkit.core.model.Arch;
import dev.crashkit.core.model.CrashReport;
import dev.crashkit.core.model.Frame;
import dev.crashkit.core.model.ThreadTrace;
import dev.crashkit.symbolicate.demangle.DemangleStyle;
import dev.crashkit.symbolicate.dwarf.DwarfException;
import dev.crashkit.symbolicate.dwarf.SourceFrame;
import dev.crashkit.symbolicate.dwarf.SourceLookup;
import dev.crashkit.symbolicate.formats.ReportFormats;
import dev.crashkit.symbolicate.locate.DebugFileIndex;
import dev.crashkit.symbolicate.symtab.SymbolTable;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;

/**
 * A report's threads symbolicated on two cores: the same threads, in order, each handed over
 * once; the same warnings in the same order as one thread gives; a failure on either thread
 * reaches the caller and leaves no helper behind.
 */
class ConcurrentThreadsTest {

    /** Frames named after the address; addresses in damaged units (per 100) and damaged line programs throw or say so. */
    private static final class Fake implements SourceLookup {
        @Override
        public List<SourceFrame> lookup(long address) throws DwarfException {
            if (address % 13 == 0) {
                throw new DwarfException("damaged unit " + (address / 100));
            }
            Optional<String> lineProblem = address % 17 == 0 ? Optional.of("damaged lines " + (address / 50))
                    : Optional.empty();
            Thread.yield(); // let the other thread in: warnings must keep their order anyway
            return List.of(new SourceFrame(Optional.of("f" + address), Optional.empty(), Optional.empty(), 0, 0,
                    false, 0, OptionalLong.empty(), lineProblem));
        }
    }

    private static DebugModule module(Diagnostics diagnostics) {
        return new DebugModule(Path.of("fake"), Arch.parse("arm64"), 0, List.of(new LinkRange(0, 1L << 20)),
                SymbolTable.empty(), Optional.of(new Fake()), 0, diagnostics);
    }

    /** Thread {@code i}'s addresses: overlapping between threads, so problems repeat across them. */
    private static long[] addresses(int thread) {
        long[] a = new long[300];
        for (int k = 0; k < a.length; k++) {
            a[k] = 1 + ((thread * 7919L + k * 31L) % 4000);
        }
        return a;
    }

    /** The names found for thread {@code index}'s addresses, kept as the thread's name. */
    private static SymbolicatedThread symbolicate(DebugModule m, int index, Problems problems) {
        StringBuilder names = new StringBuilder();
        for (long a : addresses(index)) {
            for (ResolvedSymbol r : m.lookup(a, problems)) {
                names.append(r.name()).append(' ');
            }
        }
        return new SymbolicatedThread(new ThreadTrace(index, Optional.of(names.toString()), false, List.of()),
                List.of());
    }

    /** Records what it is handed, and by which thread. */
    private static final class Recording implements Symbolizer.ConcurrentThreadSink {
        final List<Integer> handed = Collections.synchronizedList(new ArrayList<>());
        final List<Integer> inOrder = new ArrayList<>();
        final Set<String> by = ConcurrentHashMap.newKeySet();

        @Override
        public void accept(int index, SymbolicatedThread thread) {
            inOrder.add(index);
        }

        @Override
        public void acceptConcurrently(int index, SymbolicatedThread thread) {
            handed.add(index);
            by.add(Thread.currentThread().getName());
        }
    }

    @Test
    void warningsAndThreadsAreThoseOfOneThread() {
        for (int round = 0; round < 20; round++) {
            List<String> alone = new ArrayList<>();
            DebugModule one = module(alone::add);
            List<SymbolicatedThread> expected = new ArrayList<>();
            for (int i = 0; i < 12; i++) {
                expected.add(symbolicate(one, i, Problems.NOW));
            }
            List<String> together = Collections.synchronizedList(new ArrayList<>());
            DebugModule two = module(together::add);
            Recording sink = new Recording();
            SymbolicatedThread[] done = ConcurrentThreads.run(12, (i, p) -> symbolicate(two, i, p), sink);
            assertEquals(expected, List.of(done));
            assertFalse(alone.isEmpty());
            assertEquals(alone, together, "warnings in the order one thread says them, each once");
            List<Integer> handed = new ArrayList<>(sink.handed);
            Collections.sort(handed);
            assertEquals(java.util.stream.IntStream.range(0, 12).boxed().toList(), handed, "each thread handed over once");
            assertEquals(List.of(), sink.inOrder);
        }
    }

    @Test
    void aFailureOnEitherThreadReachesTheCallerAndNoHelperIsLeft() {
        for (int failing = 0; failing < 6; failing++) {
            int f = failing;
            IllegalStateException bug = new IllegalStateException("bug in thread " + f);
            IllegalStateException thrown = assertThrows(IllegalStateException.class,
                    () -> ConcurrentThreads.run(6, (i, p) -> {
                        if (i == f) {
                            throw bug;
                        }
                        return new SymbolicatedThread(new ThreadTrace(i, Optional.empty(), false, List.of()), List.of());
                    }, new Recording()));
            assertSame(bug, thrown);
            assertTrue(Thread.getAllStackTraces().keySet().stream().noneMatch(t -> t.getName().equals("symbolicate-1")),
                    "no helper left");
        }
    }

    /**
     * A big report answered from the DWARF of the testdata dSYMs stays on one thread (the DWARF's
     * lookups are serialised; its units are decoded in parallel ahead), handed over in order; its
     * JSON, rendered while it is symbolicated, is the one-thread writer's.
     */
    /**
     * The same from symbol caches (no address wanted ahead: each thread marks its own signal
     * frames), with and without images lacking a debug file: the same threads and the same
     * missingDebugFiles as one thread finds.
     */
    @Test
    void bigReportFromSymbolCachesOnTwoThreadsEqualsOneThread(@org.junit.jupiter.api.io.TempDir Path dir)
            throws Exception {
        List<Path> dsyms;
        try (java.util.stream.Stream<Path> s = java.nio.file.Files.list(Path.of("testdata", "macho"))) {
            dsyms = s.filter(p -> p.getFileName().toString().endsWith(".dSYM")).sorted().toList();
        }
        ModuleCache modules = new ModuleCache(DebugFileIndex.scan(dsyms, Diagnostics.ignore()),
                new dev.crashkit.symbolicate.locate.MemberStore(Optional.of(dir),
                        dev.crashkit.symbolicate.locate.ArchiveLimits.defaults()),
                new ModuleCache.Options(1L << 30, Diagnostics.ignore())
                        .withSymbolCache(dev.crashkit.symbolicate.symcache.SymCacheStore.in(dir)));
        Symbolizer symbolizer = new Symbolizer(modules, Optional.of(DemangleStyle.SIMPLIFIED));
        dev.crashkit.symbolicate.report.ParsedReport parsed = ReportFormats.standard()
                .read(Path.of("testdata", "reports", "sample-crash.json"));
        CrashReport big = enlarged(parsed.model());
        // Only the images that have a dSYM: frames elsewhere have no image, so nothing is missing.
        CrashReport withDsyms = new CrashReport(big.process(), big.crash(), big.images().subList(0, 2), big.threads());
        for (CrashReport r : List.of(big, withDsyms)) {
            Recording sink = new Recording();
            SymbolicatedReport concurrent = symbolizer.symbolicate(r, sink);
            assertEquals(r.threads().size(), sink.handed.size(), "symbolicated concurrently");
            assertEquals(List.of(), sink.inOrder);
            assertTrue(modules.get(r.images().get(0).id().orElseThrow()).loaded().orElseThrow().dwarf()
                    .orElseThrow() instanceof CacheOrFiles, "from the symbol cache");
            assertEquals(symbolizer.symbolicate(r), concurrent);
        }
        assertTrue(symbolizer.symbolicate(big).missingDebugFiles());
        assertFalse(symbolizer.symbolicate(withDsyms).missingDebugFiles());

        // Its JSON, each thread rendered by the thread that symbolicated it, is the one-thread writer's.
        java.io.ByteArrayOutputStream rendered = new java.io.ByteArrayOutputStream();
        dev.crashkit.symbolicate.formats.ReportRenderer.render(
                new dev.crashkit.symbolicate.report.ParsedReport(big, parsed.format(), parsed.document()), symbolizer,
                dev.crashkit.symbolicate.output.OutputFormat.json, rendered);
        java.io.ByteArrayOutputStream written = new java.io.ByteArrayOutputStream();
        dev.crashkit.symbolicate.output.JsonReportWriter.write(symbolizer.symbolicate(big), written);
        org.junit.jupiter.api.Assertions.assertArrayEquals(written.toByteArray(), rendered.toByteArray());
        assertTrue(Thread.getAllStackTraces().keySet().stream().noneMatch(t -> t.getName().equals("render-json")
                || t.getName().equals("symbolicate-1")), "no rendering or symbolicating thread left");
    }

    /** Six threads of 200 to 385 frames, repeating the report's own. */
    private static CrashReport enlarged(CrashReport small) {
        List<ThreadTrace> threads = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            ThreadTrace t = small.threads().get(i % small.threads().size());
            List<Frame> frames = new ArrayList<>();
            while (frames.size() < 200 + 37 * i) {
                frames.addAll(t.frames());
            }
            threads.add(new ThreadTrace(i, t.name(), t.crashed(), frames));
        }
        return new CrashReport(small.process(), small.crash(), small.images(), threads);
    }

    @Test
    void bigReportFromDwarfStaysOnOneThread() throws Exception {
        // The dSYMs alone: a module that also has its binary names stripped code from it, and
        // such modules are left to one thread (their metadata's problems are said on first use).
        List<Path> dsyms;
        try (java.util.stream.Stream<Path> s = java.nio.file.Files.list(Path.of("testdata", "macho"))) {
            dsyms = s.filter(p -> p.getFileName().toString().endsWith(".dSYM")).sorted().toList();
        }
        ModuleCache modules = new ModuleCache(DebugFileIndex.scan(dsyms, Diagnostics.ignore()));
        Symbolizer symbolizer = new Symbolizer(modules, Optional.of(DemangleStyle.SIMPLIFIED));
        dev.crashkit.symbolicate.report.ParsedReport parsed = ReportFormats.standard()
                .read(Path.of("testdata", "reports", "sample-crash.json"));
        CrashReport small = parsed.model();
        List<ThreadTrace> threads = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            ThreadTrace t = small.threads().get(i % small.threads().size());
            List<Frame> frames = new ArrayList<>();
            while (frames.size() < 200 + 37 * i) {
                frames.addAll(t.frames());
            }
            threads.add(new ThreadTrace(i, t.name(), t.crashed(), frames));
        }
        CrashReport big = new CrashReport(small.process(), small.crash(), small.images(), threads);
        Recording sink = new Recording();
        SymbolicatedReport concurrent = symbolizer.symbolicate(big, sink);
        assertEquals(List.of(), sink.handed, "not symbolicated concurrently");
        assertEquals(List.of(0, 1, 2, 3, 4, 5), sink.inOrder);
        SymbolicatedReport alone = symbolizer.symbolicate(big);
        assertEquals(alone, concurrent);
        assertTrue(alone.threads().get(0).frames().stream().anyMatch(f -> f.file().isPresent()), "DWARF answered");

        // Its JSON, rendered while it is symbolicated, is the JSON of the one-thread result.
        java.io.ByteArrayOutputStream rendered = new java.io.ByteArrayOutputStream();
        dev.crashkit.symbolicate.formats.ReportRenderer.render(
                new dev.crashkit.symbolicate.report.ParsedReport(big, parsed.format(), parsed.document()), symbolizer,
                dev.crashkit.symbolicate.output.OutputFormat.json, rendered);
        java.io.ByteArrayOutputStream written = new java.io.ByteArrayOutputStream();
        dev.crashkit.symbolicate.output.JsonReportWriter.write(alone, written);
        org.junit.jupiter.api.Assertions.assertArrayEquals(written.toByteArray(), rendered.toByteArray());
        assertTrue(Thread.getAllStackTraces().keySet().stream().noneMatch(t -> t.getName().equals("render-json")),
                "no rendering thread left");
    }
}
