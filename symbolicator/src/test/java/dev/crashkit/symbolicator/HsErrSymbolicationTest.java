package dev.crashkit.symbolicator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.crashkit.testkit.TestData;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Real hs_err logs through the public facade: every {@code C} frame of libhserr.so gets the function, file,
 * line and inlined calls llvm-symbolizer-19 gives at the same offset (goldens made by testdata/hserr/make.sh),
 * whether the debug file is the unstripped library (matched by file name only) or Debian's layout, a stripped
 * library and its debug file under {@code .build-id/} (matched by file name, verified by build-id).
 */
class HsErrSymbolicationTest {

    private static final Path NATIVE_LOG = TestData.file("hserr/hs_err-native.log");
    private static final Path JVM_LOG = TestData.file("hserr/hs_err-jvm.log");

    /** One golden frame: where the log has it and llvm-symbolizer's answer there. */
    private record Golden(int frame, String library, long lookup, JsonNode symbols) {
    }

    private static List<Golden> goldens(String log) throws Exception {
        List<String> frames = Files.readAllLines(TestData.file("hserr/golden/" + log + ".frames"));
        List<String> json = Files.readAllLines(TestData.file("hserr/golden/" + log + ".json"));
        assertEquals(frames.size(), json.size(), log + " goldens");
        ObjectMapper mapper = new ObjectMapper();
        List<Golden> out = new ArrayList<>();
        for (int i = 0; i < frames.size(); i++) {
            String[] f = frames.get(i).split(" ");
            JsonNode answer = mapper.readTree(json.get(i));
            assertEquals(1, answer.size());
            out.add(new Golden(Integer.parseInt(f[0]), f[1], Long.decode(f[2]), answer.get(0).get("Symbol")));
        }
        return out;
    }

    private static Symbolication symbolicate(Path log, Path debugFiles) throws Exception {
        SymbolicatorConfig config = SymbolicatorConfig.defaults().withDebugFiles(List.of(debugFiles))
                .withDemangling(Demangling.NONE);
        try (Symbolicator s = Symbolicator.open(config)) {
            return s.symbolicate(log);
        }
    }

    private static ImageOutcome image(Symbolication r, String name) {
        return r.images().stream().filter(i -> i.image().name().equals(name)).findFirst().orElseThrow();
    }

    /** Compares every golden frame of {@code library} with ours: the inline chain, innermost first. */
    private static int compare(Symbolication r, List<Golden> goldens, String library) {
        SymbolicatedStack t = r.threads().get(0);
        int compared = 0;
        for (Golden g : goldens) {
            if (!g.library().equals(library)) {
                continue;
            }
            List<StackFrame> ours = t.frames().stream().filter(f -> f.index() == g.frame()).toList();
            assertEquals(g.symbols().size(), ours.size(), "frame " + g.frame() + ": entries " + ours);
            for (int k = 0; k < ours.size(); k++) {
                JsonNode want = g.symbols().get(k);
                StackFrame f = ours.get(k);
                String where = "frame " + g.frame() + " entry " + k + " " + f;
                assertEquals(StackFrame.Status.SYMBOLICATED, f.status(), where);
                assertEquals(Optional.of(library), f.image(), where);
                assertEquals(Optional.of(want.get("FunctionName").asText()), f.linkageName(), where);
                assertEquals(Optional.of(want.get("FileName").asText()), f.file(), where);
                assertEquals(want.get("Line").asInt(), f.line().orElseThrow(), where);
                assertEquals(want.get("Column").asInt(), f.column().orElse(0), where);
                assertEquals(k < ours.size() - 1, f.inlined(), where);
            }
            compared++;
        }
        return compared;
    }

    @Test
    void unstrippedLibraryIsMatchedByFileNameOnly() throws Exception {
        Symbolication r = symbolicate(NATIVE_LOG, TestData.file("hserr/lib"));
        assertEquals(4, compare(r, goldens("hs_err-native.log"), "libhserr.so"));
        ImageOutcome img = image(r, "libhserr.so");
        assertTrue(img instanceof ImageOutcome.Matched m && m.by() == ImageOutcome.Matched.By.FILE_NAME_ONLY
                && m.debugFile().endsWith("libhserr.so"), img.toString());
        assertTrue(r.diagnostics().stream().anyMatch(d -> d.startsWith("libhserr.so: matched by file name only")),
                r.diagnostics().toString());
    }

    @Test
    void strippedLibraryWithItsBuildIdDebugFileIsVerified() throws Exception {
        Symbolication r = symbolicate(NATIVE_LOG, TestData.file("hserr/split"));
        assertEquals(4, compare(r, goldens("hs_err-native.log"), "libhserr.so"));
        ImageOutcome img = image(r, "libhserr.so");
        assertTrue(img instanceof ImageOutcome.Matched m && m.by() == ImageOutcome.Matched.By.FILE_NAME_VERIFIED
                && m.debugFile().toString().endsWith(".debug"), img.toString());
        assertFalse(r.diagnostics().stream().anyMatch(d -> d.contains("matched by file name only")),
                r.diagnostics().toString());
    }

    @Test
    void theJniFrameBelowLibjvmIsSymbolicatedToo() throws Exception {
        Symbolication r = symbolicate(JVM_LOG, TestData.file("hserr/split"));
        assertEquals(1, compare(r, goldens("hs_err-jvm.log"), "libhserr.so"));
        // libjvm.so is not among the given files: its frames keep the log's names, and say why.
        ImageOutcome jvm = image(r, "libjvm.so");
        assertTrue(jvm instanceof ImageOutcome.Missing m && m.reason().contains("no given file is named libjvm.so"),
                jvm.toString());
    }

    @Test
    void javaFramesStayInOrderWithTheirNames() throws Exception {
        Symbolication r = symbolicate(NATIVE_LOG, TestData.file("hserr/lib"));
        SymbolicatedStack t = r.threads().get(0);
        // One entry per input frame but the inlined store of frame 0.
        StackFrame wrapper = t.frames().stream().filter(f -> f.index() == 4).findFirst().orElseThrow();
        assertEquals(StackFrame.Status.NO_IMAGE, wrapper.status());
        assertEquals(Optional.of("report"), wrapper.nameSource());
        java.io.StringWriter text = new java.io.StringWriter();
        r.write(OutputFormat.TEXT, text);
        String out = text.toString();
        int touch = out.indexOf("Java_HsErrCrash_touch");
        int wrapperAt = out.indexOf("HsErrCrash.touch(J)I");
        int stub = out.indexOf("~StubRoutines::call_stub");
        int callHelper = out.indexOf("JavaCalls::call_helper");
        assertTrue(touch > 0 && wrapperAt > touch && stub > wrapperAt && callHelper > stub, out);
    }

    @Test
    void sameFormatExtendsEachNamedFrameLineAndKeepsEveryOtherByte() throws Exception {
        Symbolication r = symbolicate(NATIVE_LOG, TestData.file("hserr/split"));
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        r.write(OutputFormat.SAME, out);
        List<String> written = List.of(out.toString(java.nio.charset.StandardCharsets.UTF_8).split("\n", -1));
        List<String> original = List.of(Files.readString(NATIVE_LOG).split("\n", -1));
        assertEquals(original.size(), written.size());
        java.util.Map<Integer, Golden> byFrame = new java.util.HashMap<>();
        for (Golden g : goldens("hs_err-native.log")) {
            byFrame.put(g.frame(), g);
        }
        int frame = -1;
        int extended = 0;
        for (int i = 0; i < original.size(); i++) {
            String line = original.get(i);
            frame = line.startsWith("Native frames:") ? 0 : frame >= 0 && line.matches("^[CVjJAv] .*") ? frame + 1 : -1;
            Golden g = frame > 0 ? byFrame.get(frame - 1) : null;
            if (g == null || !g.library().equals("libhserr.so")) {
                assertEquals(line, written.get(i), "line " + (i + 1));
                continue;
            }
            long offset = Long.decode(line.replaceAll("^C  \\[libhserr\\.so\\+(0x[0-9a-f]+)\\].*$", "$1"));
            assertEquals(line + "  ->  " + expectedTail(g.symbols(), offset), written.get(i), "line " + (i + 1));
            extended++;
        }
        assertEquals(4, extended);
        // Read back, the log has the same frames: what follows the mark is not HotSpot's.
        Report again = Report.read("again.log", out.toByteArray(), InputLimits.defaults());
        assertEquals(Report.read(NATIVE_LOG, InputLimits.defaults()).model(), again.model());
    }

    /** The writer's tail from llvm-symbolizer's answer: concrete function last in the golden, first here. */
    private static String expectedTail(JsonNode symbols, long offset) {
        JsonNode concrete = symbols.get(symbols.size() - 1);
        StringBuilder sb = new StringBuilder(concrete.get("FunctionName").asText())
                .append("+0x").append(Long.toHexString(offset - Long.decode(concrete.get("StartAddress").asText())))
                .append(position(concrete));
        for (int k = 0; k < symbols.size() - 1; k++) {
            sb.append(k == 0 ? "; inlined: " : ", ").append(symbols.get(k).get("FunctionName").asText())
                    .append(position(symbols.get(k)));
        }
        return sb.toString();
    }

    private static String position(JsonNode s) {
        return " (" + s.get("FileName").asText() + ":" + s.get("Line").asInt() + ":" + s.get("Column").asInt() + ")";
    }

    @Test
    void twoFilesOfTheImagesNameWithDifferentBuildIdsAreNotGuessedBetween(@org.junit.jupiter.api.io.TempDir Path tmp)
            throws Exception {
        Files.createDirectories(tmp.resolve("a"));
        Files.createDirectories(tmp.resolve("b"));
        Files.copy(TestData.file("hserr/lib/libhserr.so"), tmp.resolve("a/libhserr.so"));
        // Another library (another build-id) under the same name.
        Files.copy(TestData.file("elf/bin/libshapes-gcc.so"), tmp.resolve("b/libhserr.so"));
        Symbolication r = symbolicate(NATIVE_LOG, tmp);
        ImageOutcome img = image(r, "libhserr.so");
        assertTrue(img instanceof ImageOutcome.Missing m && m.reason().contains("2 given files named libhserr.so")
                && m.reason().endsWith("not guessed between"), img.toString());
        assertEquals(StackFrame.Status.NO_DEBUG_FILE, r.threads().get(0).frames().get(0).status());
    }
}
