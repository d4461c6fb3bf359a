package dev.crashkit.symbolicate.symbolize;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.crashkit.core.Diagnostics;
import dev.crashkit.core.model.Arch;
import dev.crashkit.core.model.CrashReport;
import dev.crashkit.core.model.DebugId;
import dev.crashkit.core.model.Frame;
import dev.crashkit.core.model.Image;
import dev.crashkit.core.model.ProcessInfo;
import dev.crashkit.core.model.ThreadTrace;
import dev.crashkit.symbolicate.Fixtures;
import dev.crashkit.symbolicate.demangle.DemangleStyle;
import dev.crashkit.symbolicate.locate.DebugFileIndex;
import dev.crashkit.testkit.TestData;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The real CrashProbe reports (KSCrash via sentry-swift, iOS arm64 release) against their dSYMs:
 * the function of every app frame must equal the expectation table that comes with the corpus
 * (derived from getsentry/symbolic's test, cross-checked with llvm-symbolizer).
 */
class CrashProbeTest {
    private static final Path DIR = TestData.thirdParty("sentry-crashprobe");
    private static final Set<String> APP_IMAGES = Set.of("CrashProbeiOS", "CrashLibiOS");
    private static final ObjectMapper JSON = new ObjectMapper();

    /** Rows whose function column is an annotation rather than a name (the file and line are still checked). */
    private static final Set<String> ANNOTATED_FUNCTION = Set.of("Swift.json\t0");

    static Stream<Arguments> rows() throws IOException {
        List<Arguments> out = new ArrayList<>();
        for (String line : Files.readAllLines(Fixtures.corpus("sentry-crashprobe/EXPECTED-release-arm64.tsv"))) {
            if (line.startsWith("#") || line.isBlank()) {
                continue;
            }
            String[] c = line.split("\t", -1);
            if (c[5].equals("xfail")) {
                continue; // upstream marks these as impossible for arm64 (no app frames survive)
            }
            boolean checkName = !ANNOTATED_FUNCTION.contains(c[0] + "\t" + c[1]);
            out.add(Arguments.of(c[0], c[1], checkName ? c[2] : null, c[3], Integer.parseInt(c[4])));
        }
        return out.stream();
    }

    private static final Symbolizer SYMBOLIZER;

    static {
        try {
            SYMBOLIZER = new Symbolizer(new ModuleCache(DebugFileIndex.scan(List.of(DIR.resolve("dSYMs")),
                    Diagnostics.ignore())), Optional.of(DemangleStyle.FULL));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    @ParameterizedTest(name = "{0} frame {1}")
    @MethodSource("rows")
    void appFrameHasExpectedFunctionFileAndLine(String report, String frame, String function, String file, int line)
            throws IOException {
        SymbolicatedReport r = SYMBOLIZER.symbolicate(load(DIR.resolve("release-arm64").resolve(report)));
        // The table's frame numbers count app frames (inlined ones included) outside main.m.
        List<SymbolicatedFrame> app = r.threads().get(0).frames().stream()
                .filter(f -> f.image().map(APP_IMAGES::contains).orElse(false))
                .filter(f -> !f.file().map(p -> p.endsWith("/main.m")).orElse(false))
                .toList();
        int i = frame.equals("last") ? app.size() - 1 : Integer.parseInt(frame);
        assertTrue(i < app.size(), "only " + app.size() + " app frames");
        SymbolicatedFrame f = app.get(i);
        assertEquals(FrameStatus.SYMBOLICATED, f.status());
        if (function != null) {
            assertEquals(function, f.symbol().orElseThrow());
        }
        if (file.equals("(none)")) {
            assertTrue(f.line().isEmpty() || f.line().getAsInt() == 0, f.toString());
        } else {
            assertEquals(file, f.file().map(p -> p.substring(p.lastIndexOf('/') + 1)).orElse("(none)"), f.toString());
            assertEquals(line, f.line().orElse(0), f.toString());
        }
    }

    @Test
    void everyAppImageMatchesItsDsymByUuid() throws IOException {
        SymbolicatedReport r = SYMBOLIZER.symbolicate(load(DIR.resolve("release-arm64/Call abort().json")));
        for (ImageStatus s : r.images()) {
            boolean app = APP_IMAGES.contains(s.image().name());
            assertEquals(app ? ImageStatus.Status.OK : ImageStatus.Status.NO_DEBUG_FILE, s.status(), s.image().name());
            if (app) {
                // The dSYM bundles are named after the UUID they hold.
                assertTrue(s.debugFile().orElseThrow().toString().contains(s.image().id().orElseThrow().toString()));
            }
        }
        assertTrue(r.missingDebugFiles());
    }

    /** Sentry event JSON → our model (the crashed thread's stack from exception.values[0]). */
    static CrashReport load(Path file) throws IOException {
        JsonNode root = JSON.readTree(file.toFile());
        List<Image> images = new ArrayList<>();
        for (JsonNode im : root.path("debug_meta").path("images")) {
            String path = im.path("name").asText();
            images.add(new Image(path.substring(path.lastIndexOf('/') + 1), Optional.of(path),
                    DebugId.parse(im.path("uuid").asText()), Optional.of(Arch.Known.ARM64),
                    Long.decode(im.path("image_addr").asText()), OptionalLong.empty(),
                    OptionalLong.of(im.path("image_size").asLong())));
        }
        JsonNode frames = root.path("exception").path("values").get(0).path("stacktrace").path("frames");
        List<Frame> out = new ArrayList<>();
        for (int i = frames.size() - 1; i >= 0; i--) {
            out.add(new Frame(Long.decode(frames.get(i).path("instruction_addr").asText()), i != frames.size() - 1));
        }
        return new CrashReport(ProcessInfo.unknown(), Optional.empty(), images,
                List.of(new ThreadTrace(0, Optional.empty(), true, out)));
    }
}
