package dev.crashkit.symbolicator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.crashkit.core.CrashkitException;
import dev.crashkit.core.ReportException;
import dev.crashkit.testkit.TestData;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The library entry point, as a JVM team uses it: answers against the golden of the sample report
 * (made from llvm-nm, llvm-objdump and llvm-symbolizer by testdata/reports/make_reports.py), late debug
 * files, the one missing-file rule, inputs of every kind, and concurrent use.
 */
class SymbolicatorTest {
    @TempDir
    Path tmp;

    private static SymbolicatorConfig withMacho() {
        return SymbolicatorConfig.defaults().withDebugFiles(List.of(TestData.file("macho")))
                .withDemangling(Demangling.FULL);
    }

    /** Rows of a {@code *.expected.tsv}: thread, frame, address, image, mangled, offset, status, demangled, kind. */
    private static List<String[]> golden(String name) throws Exception {
        List<String[]> rows = new ArrayList<>();
        for (String line : Files.readAllLines(TestData.file("reports/" + name))) {
            if (!line.startsWith("#") && !line.isBlank()) {
                rows.add(line.split("\t", -1));
            }
        }
        return rows;
    }

    @Test
    void framesAreTheGoldensAnswers() throws Exception {
        try (Symbolicator s = Symbolicator.open(withMacho())) {
            Symbolication r = s.symbolicate(TestData.file("reports/sample-crash.json"));
            List<String[]> rows = golden("sample-crash.expected.tsv");
            assertFalse(rows.isEmpty());
            for (String[] g : rows) {
                SymbolicatedStack t = r.threads().get(Integer.parseInt(g[0]));
                int index = Integer.parseInt(g[1]);
                // The concrete function is the last entry of its input frame (inlined calls come first).
                StackFrame f = t.frames().stream().filter(x -> x.index() == index).reduce((a, b) -> b).orElseThrow();
                String where = "thread " + g[0] + " frame " + g[1];
                assertEquals(Long.parseUnsignedLong(g[2].substring(2), 16), f.address(), where);
                assertEquals(g[6], f.status().name().toLowerCase(java.util.Locale.ROOT), where);
                if (g[6].equals("symbolicated")) {
                    assertEquals(g[3], f.image().orElse(""), where);
                    assertEquals(g[4], f.linkageName().orElse(""), where);
                    assertEquals(Long.parseLong(g[5]), f.offset(), where);
                }
            }
        }
    }

    @Test
    void frameCountsAreTheThreadsInputFrames() throws Exception {
        try (Symbolicator s = Symbolicator.open(withMacho())) {
            Symbolication r = s.symbolicate(TestData.file("reports/sample-crash.json"));
            long frames = r.report().model().threads().stream().mapToLong(t -> t.frames().size()).sum();
            long named = r.threads().stream().mapToLong(t -> t.frames().stream()
                    .filter(f -> !f.inlined() && f.status() == StackFrame.Status.SYMBOLICATED).count()).sum();
            assertEquals(new Symbolication.FrameCounts(frames, named), r.frameCounts());
            assertTrue(named > 0 && named < frames, r.frameCounts().toString());
        }
    }

    @Test
    void lateDebugFilesAnswerTheNextReport() throws Exception {
        Path report = TestData.file("reports/sample-crash.json");
        try (Symbolicator s = Symbolicator.open(SymbolicatorConfig.defaults())) {
            Symbolication before = s.symbolicate(report);
            assertTrue(before.anyDebugFileMissing());
            List<MissingDebugFile> missing = before.missingDebugFiles();
            assertTrue(missing.stream().anyMatch(m -> m.image().equals("App")), missing.toString());
            assertTrue(missing.stream().allMatch(m -> m.frames() > 0), missing.toString());
            long generation = s.generation();

            s.addDebugFiles(List.of(TestData.file("macho")));
            assertTrue(s.generation() > generation);
            Symbolication after = s.symbolicate(report);
            assertFalse(after.missingDebugFiles().stream().anyMatch(m -> m.image().equals("App")));
            assertTrue(after.images().stream().anyMatch(i -> i instanceof ImageOutcome.Matched m
                    && m.image().name().equals("App")), after.images().toString());
        }
    }

    @Test
    void missingFilesCountTheFramesThatHadNoName() throws Exception {
        try (Symbolicator s = Symbolicator.open(SymbolicatorConfig.defaults())) {
            Symbolication r = s.symbolicate(TestData.file("reports/sample-crash.json"));
            for (MissingDebugFile m : r.missingDebugFiles()) {
                long frames = r.threads().stream().flatMap(t -> t.frames().stream())
                        .filter(f -> f.status() == StackFrame.Status.NO_DEBUG_FILE
                                && f.imageId().map(Object::toString).orElse("").equals(m.debugId()))
                        .count();
                assertEquals(frames, m.frames(), m.toString());
                assertTrue(r.images().stream().anyMatch(i -> i instanceof ImageOutcome.Missing
                        && i.image().name().equals(m.image())), m.toString());
            }
        }
    }

    @Test
    void bytesPathAndStreamGiveTheSameDocument() throws Exception {
        Path report = TestData.file("reports/sample-crash.json");
        byte[] bytes = Files.readAllBytes(report);
        try (Symbolicator s = Symbolicator.open(withMacho())) {
            String fromPath = json(s.symbolicate(report));
            assertEquals(fromPath, json(s.symbolicate("sample", bytes)));
            assertEquals(fromPath, json(s.symbolicate("sample", new ByteArrayInputStream(bytes))));
            ByteArrayOutputStream streamed = new ByteArrayOutputStream();
            Symbolication r = s.symbolicate(Report.read(report, InputLimits.defaults()), OutputFormat.JSON, streamed);
            assertEquals(fromPath, streamed.toString(StandardCharsets.UTF_8));
            assertEquals(fromPath, json(r), "a streamed result renders again the same");
            Report model = Report.of("in memory", Report.read(report, InputLimits.defaults()).model());
            assertEquals(fromPath, json(s.symbolicate(model)), "a model built in memory symbolicates as its file");
            Path file = tmp.resolve("out.json");
            s.symbolicate(Report.read(report, InputLimits.defaults()), OutputFormat.JSON, file);
            assertEquals(fromPath, Files.readString(file));
        }
    }

    @Test
    void concurrentUseGivesWhatOneThreadGives() throws Exception {
        List<Path> reports = List.of(TestData.file("reports/sample-crash.json"), TestData.file("reports/stripped.json"),
                TestData.file("reports/edge-cases.json"), TestData.file("reports/ios-arm64.json"));
        try (Symbolicator s = Symbolicator.open(withMacho())) {
            List<String> alone = new ArrayList<>();
            for (Path p : reports) {
                alone.add(json(s.symbolicate(p)));
            }
            ExecutorService pool = Executors.newFixedThreadPool(4);
            try {
                List<Future<String>> runs = new ArrayList<>();
                for (int i = 0; i < 32; i++) {
                    Path p = reports.get(i % reports.size());
                    runs.add(pool.submit(() -> json(s.symbolicate(p))));
                }
                for (int i = 0; i < runs.size(); i++) {
                    assertEquals(alone.get(i % reports.size()), runs.get(i).get(), reports.get(i % reports.size()).toString());
                }
            } finally {
                pool.shutdownNow();
            }
        }
    }

    @Test
    void badInputIsOneLineNamingIt() throws Exception {
        try (Symbolicator s = Symbolicator.open(SymbolicatorConfig.defaults())) {
            ReportException e = assertThrows(ReportException.class,
                    () -> s.symbolicate("upload-7", "not a report".getBytes(StandardCharsets.UTF_8)));
            assertTrue(e.getMessage().startsWith("upload-7: "), e.getMessage());
            assertFalse(e.getMessage().contains("\n"), e.getMessage());
            ReportException big = assertThrows(ReportException.class, () -> Report.read("big",
                    new byte[2048], InputLimits.defaults().withMaxBytes(1024)));
            assertTrue(big.getMessage().contains("too large"), big.getMessage());
        }
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Symbolicator.open(
                SymbolicatorConfig.defaults().withSymbolSources(SymbolSources.none().withServers(List.of("nolayout")))));
        assertTrue(e.getMessage().contains("LAYOUT=URL"), e.getMessage());
    }

    @Test
    void identifyNamesTheIdentitiesOfAFile() throws Exception {
        try (Symbolicator s = Symbolicator.open(SymbolicatorConfig.defaults().withCacheFolder(Optional.of(tmp)))) {
            List<DebugFileIdentity> ids = s.identify(TestData.file("macho/App-fat.dSYM/Contents/Resources/DWARF/App-fat"));
            assertEquals(2, ids.stream().map(DebugFileIdentity::arch).distinct().count(), ids.toString());
            assertFalse(ids.isEmpty());
            assertTrue(ids.stream().allMatch(DebugFileIdentity::debugInfo), ids.toString());
            Path junk = Files.writeString(tmp.resolve("junk.bin"), "nothing here");
            CrashkitException e = assertThrows(CrashkitException.class, () -> s.identify(junk));
            assertTrue(e.getMessage().startsWith(junk.toString()), e.getMessage());
        }
    }

    @Test
    void signatureUsesSimplifiedNamesWhateverTheOutputDemangling() throws Exception {
        Path report = TestData.file("reports/sample-crash.json");
        try (Symbolicator full = Symbolicator.open(withMacho());
             Symbolicator simplified = Symbolicator.open(withMacho().withDemangling(Demangling.SIMPLIFIED))) {
            assertEquals(simplified.symbolicate(report).signature(), full.symbolicate(report).signature());
        }
    }

    @Test
    void outcomesSayWhyAnImageHasNoDebugFile() throws Exception {
        // testdata/macho/mismatch holds App-arm64 rebuilt (another UUID); named as the image, it is found
        // by name and said to have the wrong UUID; under another name the image's file is just missing.
        try (Symbolicator s = Symbolicator.open(SymbolicatorConfig.defaults()
                .withDebugFiles(List.of(TestData.file("macho/mismatch"))))) {
            Symbolication r = s.symbolicate(TestData.file("reports/uuid-mismatch.json"));
            ImageOutcome app = r.images().stream().filter(i -> i.image().name().equals("App")).findFirst().orElseThrow();
            assertTrue(app instanceof ImageOutcome.Missing m && m.reason().contains("4C4C44F2"), app.toString());
        }
        Path named = Files.createDirectories(tmp.resolve("named"));
        Files.copy(TestData.file("macho/mismatch/App-arm64"), named.resolve("App"));
        try (Symbolicator s = Symbolicator.open(SymbolicatorConfig.defaults().withDebugFiles(List.of(named)))) {
            Symbolication r = s.symbolicate(TestData.file("reports/uuid-mismatch.json"));
            ImageOutcome app = r.images().stream().filter(i -> i.image().name().equals("App")).findFirst().orElseThrow();
            assertTrue(app instanceof ImageOutcome.Failed f && f.error().contains("the report wants"), app.toString());
            assertTrue(r.diagnostics().stream().anyMatch(d -> d.startsWith("App: ")), r.diagnostics().toString());
        }
        try (Symbolicator s = Symbolicator.open(withMacho())) {
            Symbolication r = s.symbolicate(TestData.file("reports/sample-crash.json"));
            ImageOutcome.Matched app = (ImageOutcome.Matched) r.images().stream()
                    .filter(i -> i.image().name().equals("App")).findFirst().orElseThrow();
            assertTrue(Files.isRegularFile(app.debugFile()), app.toString());
        }
    }

    private static String json(Symbolication r) throws Exception {
        StringWriter w = new StringWriter();
        r.write(OutputFormat.JSON, w);
        return w.toString();
    }
}
