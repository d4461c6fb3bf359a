package dev.crashkit.symbolicate.report.metrickit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.crashkit.core.ReportException;
import dev.crashkit.core.model.Arch;
import dev.crashkit.core.model.CrashInfo;
import dev.crashkit.core.model.CrashReport;
import dev.crashkit.core.model.Image;
import dev.crashkit.core.model.ThreadTrace;
import dev.crashkit.symbolicate.formats.ReportFormats;
import dev.crashkit.symbolicate.report.ParsedReport;
import dev.crashkit.symbolicate.report.ReportFormat;
import dev.crashkit.symbolicate.report.ReportLimits;
import dev.crashkit.testkit.TestData;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The MetricKit reader on sentry-cocoa's real call stack trees, our generated payloads, and hostile input. */
class MetricKitReaderTest {

    private static final MetricKitReader READER = new MetricKitReader();

    private static byte[] sentry(String name) throws Exception {
        return Files.readAllBytes(TestData.thirdParty("sentry-cocoa/" + name));
    }

    private static byte[] ours(String name) throws Exception {
        return Files.readAllBytes(TestData.file("reports/metrickit/" + name));
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    /** Frame objects of a JSON tree, counted by a walk of our own (not the reader's). */
    private static long jsonFrames(byte[] json) throws Exception {
        long n = 0;
        Deque<JsonNode> todo = new ArrayDeque<>();
        todo.push(new ObjectMapper().readTree(json));
        while (!todo.isEmpty()) {
            JsonNode node = todo.pop();
            node.forEach(todo::push);
            if (node.isObject()) {
                n += node.path("callStackRootFrames").size() + node.path("subFrames").size();
            }
        }
        return n;
    }

    private static long modelFrames(CrashReport r) {
        return r.threads().stream().mapToLong(t -> t.frames().size()).sum();
    }

    /** Per-thread chains: every frame object is a model frame; trees that branch: every one is in the document. */
    @ParameterizedTest
    @ValueSource(strings = {"per-thread.json", "tree-real.json", "tree-unknown-fields.json",
        "per-thread-nil-package.json", "per-thread-flamegraph.json", "not-per-thread.json",
        "not-per-thread-only-one-frame.json"})
    void everyFrameOfSentryCocoasTreesIsAccountedFor(String name) throws Exception {
        byte[] data = sentry(name);
        ParsedReport r = READER.read(name, data);
        MetricKitDocument doc = (MetricKitDocument) r.document();
        long json = jsonFrames(data);
        assertEquals(json, doc.jsonFrameCount(), name);
        boolean branches = name.contains("flamegraph") || name.startsWith("not-per-thread");
        if (!branches) {
            assertEquals(json, modelFrames(r.model()), name);
        } else {
            assertTrue(modelFrames(r.model()) < json, name);
        }
        // Each model frame is its JSON frame object's address.
        for (int t = 0; t < r.model().threads().size(); t++) {
            List<dev.crashkit.core.model.Frame> frames = r.model().threads().get(t).frames();
            for (int f = 0; f < frames.size(); f++) {
                assertEquals(doc.frameNode(t, f).path("address").asLong(), frames.get(f).address(), name);
                assertEquals(f > 0, frames.get(f).returnAddress(), name);
            }
        }
    }

    /** The real tree: 16 threads, the attributed one is the main thread, root innermost and dyld's start last. */
    @Test
    void realTreeRootIsTheInnermostFrame() throws Exception {
        ParsedReport r = READER.read("tree-real.json", sentry("tree-real.json"));
        List<ThreadTrace> threads = r.model().threads();
        assertEquals(16, threads.size());
        ThreadTrace main = threads.get(0);
        assertTrue(main.crashed());
        assertEquals(27, main.frames().size());
        assertEquals(Optional.of("Sentry"), main.frames().get(0).reported().flatMap(x -> x.image()));
        assertEquals(Optional.of("dyld"), main.frames().get(26).reported().flatMap(x -> x.image()));
        assertEquals(Optional.of("libsystem_pthread.dylib"),
                threads.get(1).frames().get(threads.get(1).frames().size() - 1).reported().flatMap(x -> x.image()));
        assertEquals(0, r.model().crash().orElseThrow().thread().getAsLong());
        // Images by UUID: load = address - offset, one per (UUID, name).
        Image sentry = r.model().images().stream().filter(i -> i.name().equals("Sentry")).findFirst().orElseThrow();
        assertEquals(4_312_798_220L - 414_732L, sentry.loadAddress());
        assertEquals("9E8D8DE6-EEC1-3199-8720-9ED68EE3F967", sentry.id().orElseThrow().toString());
        assertEquals(r.model().images().size(), r.model().images().stream().map(Image::name).distinct().count());
        assertTrue(((MetricKitDocument) r.document()).warnings().isEmpty(),
                ((MetricKitDocument) r.document()).warnings().toString());
    }

    /** A per-thread stack that branches: its heaviest path (sentry-cocoa's test expects 0, 1, 3). */
    @Test
    void branchingPerThreadStackIsItsHeaviestPath() throws Exception {
        ParsedReport r = READER.read("f", sentry("per-thread-flamegraph.json"));
        assertEquals(List.of(0L, 1L, 3L), r.model().threads().get(0).frames().stream()
                .map(dev.crashkit.core.model.Frame::address).toList());
        // Its images' load addresses disagree (the sample's addresses are 0..3, offsets 0): kept, noted.
        assertFalse(((MetricKitDocument) r.document()).warnings().isEmpty());
    }

    @Test
    void aggregatedTreeBecomesNamedHeaviestPaths() throws Exception {
        ParsedReport r = READER.read("n", sentry("not-per-thread.json"));
        MetricKitDocument doc = (MetricKitDocument) r.document();
        assertTrue(doc.aggregated());
        List<ThreadTrace> threads = r.model().threads();
        assertEquals(2, threads.size());
        assertEquals(Optional.of("sampled path 1 (7 samples)"), threads.get(0).name());
        assertEquals(Optional.of("sampled path 2 (2 samples)"), threads.get(1).name());
        // Root (7) -> iOS-Swift 46380 (6) -> its heaviest child 46360 (3) -> its first of three ties (46330).
        assertEquals(List.of(4312798220L, 4310988076L, 4310988056L, 4310988066L),
                threads.get(0).frames().stream().map(dev.crashkit.core.model.Frame::address).toList());
        // Two identical roots: one path.
        ParsedReport one = READER.read("o", sentry("not-per-thread-only-one-frame.json"));
        assertEquals(1, one.model().threads().size());
        assertEquals(Optional.of("sampled path 1 (92 samples)"), one.model().threads().get(0).name());
    }

    @Test
    void truncatedJsonIsOneLineNamingTheSource() throws Exception {
        ReportException e = assertThrows(ReportException.class, () -> READER.read("garbage.json",
                sentry("tree-garbage.json")));
        assertTrue(e.getMessage().startsWith("garbage.json: invalid MetricKit JSON at line"), e.getMessage());
        assertFalse(e.getMessage().contains("\n"));
    }

    @Test
    void payloadPartsInOrderWithStandaloneBytesThatReadBackEqual() throws Exception {
        byte[] data = ours("app-payloads.json");
        List<ParsedReport> all = READER.readAll("p.json", data);
        assertEquals(List.of("[0].crashDiagnostics[0]", "[0].hangDiagnostics[0]", "[0].cpuExceptionDiagnostics[0]",
                "[1].diskWriteExceptionDiagnostics[0]"), all.stream().map(p -> p.document().part().orElseThrow())
                .toList());
        for (ParsedReport p : all) {
            byte[] alone = p.document().standalone().orElseThrow();
            ParsedReport back = READER.read("alone", alone);
            assertEquals(p.model(), back.model(), p.document().part().get());
            JsonNode tree = new ObjectMapper().readTree(alone);
            assertTrue(tree.has("timeStampBegin") && tree.has("timeStampEnd"));
            assertEquals(3, tree.size(), "the two timestamps and one diagnostic array");
            // Its standalone payload is a payload of one: its own standalone is itself.
            assertArrayEquals(alone, back.document().standalone().orElseThrow());
        }
        assertEquals("2026-11-29 00:00:00 +0000", all.get(3).model().process().timestamp().orElseThrow());
        ReportException e = assertThrows(ReportException.class, () -> READER.read("p.json", data));
        assertTrue(e.getMessage().startsWith("p.json: holds 4 MetricKit diagnostics; read them all"), e.getMessage());
    }

    @Test
    void metadataBecomesProcessAndCrash() throws Exception {
        List<ParsedReport> all = READER.readAll("p", ours("app-payload.json"));
        CrashReport crash = all.get(0).model();
        assertEquals(Optional.of(Arch.parse("arm64")), crash.process().arch());
        assertEquals(Optional.of("iPhone OS 17.5.1 (21F90)"), crash.process().os());
        assertEquals(Optional.of("dev.crashkit.App"), crash.process().name());
        assertTrue(crash.images().stream().allMatch(i -> i.arch().equals(Optional.of(Arch.parse("arm64")))));
        CrashInfo info = crash.crash().orElseThrow();
        assertEquals(Optional.of("EXC_BAD_ACCESS (SIGSEGV)"), info.signal());
        assertEquals(Optional.of("0"), info.code());
        assertEquals(0, info.thread().getAsLong());
        String reason = info.reason().orElseThrow();
        assertTrue(reason.contains("Namespace SIGNAL, Code 11 Segmentation fault: 11"), reason);
        assertTrue(reason.contains("NSRangeException: *** -[NSArray objectAtIndex:]: index 3 beyond bounds (class NSArray)"),
                reason);
        assertTrue(reason.contains("VM region: 0 is not in any region."), reason);
        assertEquals("hang of 2.5 sec", all.get(1).model().crash().orElseThrow().reason().orElseThrow());
        assertEquals("CPU exception: 90 sec of CPU time in 180 sec sampled",
                all.get(2).model().crash().orElseThrow().reason().orElseThrow());
        assertEquals("disk write exception: 2,049 MB written", READER.readAll("q", ours("app-payloads.json")).get(3)
                .model().crash().orElseThrow().reason().orElseThrow());
        assertEquals("hangDiagnostics", ((MetricKitDocument) all.get(1).document()).kind().orElseThrow());
        assertEquals("2.5 sec", ((MetricKitDocument) all.get(1).document()).metadata().path("hangDuration").asText());
    }

    @Test
    void loneDiagnosticAndBareTreeAreWholeInputs() throws Exception {
        JsonNode payload = new ObjectMapper().readTree(ours("app-payload.json"));
        byte[] lone = utf8(payload.path("crashDiagnostics").path(0).toString());
        ParsedReport fromLone = READER.read("lone", lone);
        assertEquals(Optional.empty(), fromLone.document().part());
        assertEquals(Optional.empty(), fromLone.document().standalone());
        ParsedReport fromPayload = READER.readAll("p", ours("app-payload.json")).get(0);
        assertEquals(fromPayload.model().threads(), fromLone.model().threads());
        assertEquals(fromPayload.model().crash(), fromLone.model().crash());
        byte[] tree = utf8(payload.path("crashDiagnostics").path(0).path("callStackTree").toString());
        assertEquals(fromPayload.model().threads(), READER.read("tree", tree).model().threads());
    }

    @Test
    void emptyPayloadSaysSo() {
        ReportException e = assertThrows(ReportException.class, () -> READER.readAll("e.json",
                utf8("{\"timeStampBegin\":\"a\",\"timeStampEnd\":\"b\",\"crashDiagnostics\":[]}")));
        assertEquals("e.json: MetricKit payload holds no diagnostics", e.getMessage());
    }

    @Test
    void lyingOffsetsAreKeptWithAWarning() throws Exception {
        String frames = "{\"callStackPerThread\":true,\"callStacks\":[{\"threadAttributed\":true,"
                + "\"callStackRootFrames\":[{\"binaryUUID\":\"70B89F27-1634-3580-A695-57CDB41D7743\",\"binaryName\":\"A\","
                + "\"offsetIntoBinaryTextSegment\":9999,\"address\":16,\"subFrames\":["
                + "{\"binaryUUID\":\"70B89F27-1634-3580-A695-57CDB41D7743\",\"binaryName\":\"A\","
                + "\"offsetIntoBinaryTextSegment\":16,\"address\":4096,\"subFrames\":["
                + "{\"binaryUUID\":\"70B89F27-1634-3580-A695-57CDB41D7743\",\"binaryName\":\"A\","
                + "\"offsetIntoBinaryTextSegment\":32,\"address\":8192}]}]}]}]}";
        ParsedReport r = READER.read("lie", utf8(frames));
        assertEquals(3, r.model().threads().get(0).frames().size());
        assertEquals(1, r.model().images().size());
        assertEquals(4096 - 16, r.model().images().get(0).loadAddress());
        List<String> warnings = ((MetricKitDocument) r.document()).warnings();
        assertEquals(2, warnings.size(), warnings.toString());
        assertTrue(warnings.get(0).contains("does not fit address 0x10"), warnings.get(0));
    }

    private static String chain(int depth) {
        String frame = "{\"binaryUUID\":\"70B89F27-1634-3580-A695-57CDB41D7743\",\"binaryName\":\"A\","
                + "\"offsetIntoBinaryTextSegment\":16,\"address\":4112";
        return "{\"callStackPerThread\":true,\"callStacks\":[{\"callStackRootFrames\":["
                + (frame + ",\"subFrames\":[").repeat(depth - 1) + frame + "}" + "]}".repeat(depth - 1) + "]}]}";
    }

    @Test
    void deepTreesReadAndWriteWithoutStackOverflowOrAreRefusedInOneLine() throws Exception {
        ParsedReport deep = READER.read("deep", utf8(chain(2_000)));
        assertEquals(2_000, deep.model().threads().get(0).frames().size());
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        AnnotatedJson.write(((MetricKitDocument) deep.document()).root(), new java.util.IdentityHashMap<>(), out);
        assertEquals(2_000, READER.read("again", out.toByteArray()).model().threads().get(0).frames().size());
        ReportException e = assertThrows(ReportException.class, () -> READER.read("deeper", utf8(chain(100_000))));
        assertTrue(e.getMessage().startsWith("deeper: invalid MetricKit JSON"), e.getMessage());
        assertTrue(e.getMessage().contains("nesting depth"), e.getMessage());
        assertFalse(e.getMessage().contains("\n"));
        // Detection streams over the same depth.
        assertEquals(ReportFormat.METRICKIT, ReportFormats.detect("deep", utf8(chain(2_000))));
    }

    @Test
    void frameCountIsBoundedBeforeTheTreeIsBuilt() {
        StringBuilder many = new StringBuilder("{\"callStackPerThread\":false,\"callStacks\":[{\"callStackRootFrames\":[");
        for (int i = 0; i < 1_001; i++) {
            many.append(i == 0 ? "" : ",").append("{}");
        }
        many.append("]}]}");
        MetricKitReader small = new MetricKitReader(new ReportLimits(1 << 20, 10, 1_000, 10));
        ReportException e = assertThrows(ReportException.class, () -> small.readAll("many", utf8(many.toString())));
        assertEquals("many: more than 1000 frames, over the limit (see --max-frames)", e.getMessage());
    }

    /** Ten million frames: refused by the streaming count at the default limit, before any tree is built. */
    @Test
    void tenMillionFramesAreRefusedAtTheDefaultLimit() {
        String head = "{\"callStackPerThread\":false,\"callStacks\":[{\"callStackRootFrames\":[";
        byte[] data = new byte[head.length() + 10_000_000 * 3 + 4];
        System.arraycopy(utf8(head), 0, data, 0, head.length());
        int at = head.length();
        for (int i = 0; i < 10_000_000; i++) {
            data[at++] = '{';
            data[at++] = '}';
            data[at++] = ',';
        }
        data[at - 1] = ']';
        System.arraycopy(utf8("}]}"), 0, data, at, 3);
        data[data.length - 1] = ' ';
        ReportException e = assertThrows(ReportException.class, () -> READER.readAll("ten-million", data));
        assertEquals("ten-million: more than " + ReportLimits.DEFAULT_MAX_FRAMES
                + " frames, over the limit (see --max-frames)", e.getMessage());
    }

    @Test
    void detectedByContentWhateverTheName() throws Exception {
        for (byte[] data : List.of(sentry("tree-real.json"), ours("app-payload.json"), ours("app-payloads.json"),
                utf8("{\"callStackTree\":{},\"diagnosticMetaData\":{}}"))) {
            assertEquals(ReportFormat.METRICKIT, ReportFormats.detect("report.ips", data));
        }
        List<ParsedReport> all = ReportFormats.standard().readAll("x.crash", ours("app-payloads.json"),
                ReportLimits.defaults());
        assertEquals(4, all.size());
        assertEquals(ReportFormat.METRICKIT, all.get(0).format());
        assertEquals("x: not a crash report (JSON array whose first element has no known keys)",
                assertThrows(ReportException.class, () -> ReportFormats.detect("x", utf8("[{\"a\":1}]"))).getMessage());
    }
}
