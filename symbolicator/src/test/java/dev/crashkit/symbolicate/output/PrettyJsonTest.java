package dev.crashkit.symbolicate.output;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.crashkit.core.Diagnostics;
import dev.crashkit.core.model.Arch;
import dev.crashkit.core.model.Image;
import dev.crashkit.core.model.ReportedFrame;
import dev.crashkit.symbolicate.demangle.DemangleStyle;
import dev.crashkit.symbolicate.locate.DebugFileIndex;
import dev.crashkit.symbolicate.formats.ReportFormats;
import dev.crashkit.symbolicate.symbolize.ImageStatus;
import dev.crashkit.symbolicate.symbolize.ModuleCache;
import dev.crashkit.symbolicate.symbolize.SymbolicatedFrame;
import dev.crashkit.symbolicate.symbolize.SymbolicatedReport;
import dev.crashkit.symbolicate.symbolize.SymbolicatedThread;
import dev.crashkit.symbolicate.symbolize.Symbolizer;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * {@link PrettyJson} writes what Jackson's generator writes with its default pretty printer, the
 * oracle here, encoded by the JDK as UTF-8: for random documents (every control character, quotes,
 * backslashes, non-ASCII of 1 to 3 bytes, surrogate pairs and lone surrogates, long strings across
 * the buffer's end, empty and nested containers, extreme numbers, hex) and for every report under
 * testdata/reports symbolicated to symbolicated/1 (compared with the same document written
 * through Jackson), as bytes and through a {@code Writer}.
 */
class PrettyJsonTest {
    private static final JsonFactory JACKSON = new JsonFactory();

    /** Writes one document to both writers. */
    private interface Sink {
        void startObject() throws IOException;

        void endObject() throws IOException;

        void startArray() throws IOException;

        void endArray() throws IOException;

        void name(String n) throws IOException;

        void string(String s) throws IOException;

        void number(long v) throws IOException;

        void bool(boolean b) throws IOException;

        void nullValue() throws IOException;

        void hex(long v) throws IOException;

        /** A string from {@link #POOL}, which our writer takes through a {@link PrettyJson.Recent}. */
        void pooled(String s) throws IOException;
    }

    /** Strings documents repeat (same objects): escapes, non-ASCII, a pair, one too long to keep. */
    private static final List<String> POOL = List.of("Big09", "4C4C447D-5555-3144-A1C5-5335E981ED09", "",
            "tab\there \"q\" \\ \u0001", "caf\u00e9 \u2028 \ud83d\ude00 \ud800", "x".repeat(40_000), "dwarf");

    @Test
    void randomDocumentsMatchJackson() throws IOException {
        Random random = new Random(20261123);
        for (int doc = 0; doc < 2000; doc++) {
            long seed = random.nextLong();
            ByteArrayOutputStream ours = new ByteArrayOutputStream();
            PrettyJson p = new PrettyJson(ours);
            emit(new Random(seed), ofOurs(p), 0, true);
            p.flush();
            StringWriter theirs = new StringWriter();
            try (JsonGenerator g = JACKSON.createGenerator(theirs)) {
                g.useDefaultPrettyPrinter();
                emit(new Random(seed), ofJackson(g), 0, true);
            }
            assertArrayEquals(theirs.toString().getBytes(StandardCharsets.UTF_8), ours.toByteArray(),
                    "document " + doc);
        }
    }

    /**
     * An array's values written partly by an {@link PrettyJson#elementsOf} writer (as a second
     * thread renders them) and joined with {@link PrettyJson#elements}: the same bytes as Jackson's
     * for the whole document, whatever the nesting, the split point and the values.
     */
    /**
     * Values rendered into {@link ByteChunks} over many buffers (each handed over whole, not copied):
     * the same bytes as the same writer streaming into one array, split wherever a buffer filled.
     */
    @Test
    void valuesHeldAsChunksAreTheBytesOfOneStream() throws IOException {
        Random random = new Random(20261127);
        StringBuilder big = new StringBuilder();
        for (int i = 0; i < 50_000; i++) {
            big.append((char) (i % 7 == 0 ? 0xe9 : i % 11 == 0 ? '"' : 'a' + i % 26));
        }
        ByteChunks chunks = new ByteChunks();
        ByteArrayOutputStream one = new ByteArrayOutputStream();
        PrettyJson c = PrettyJson.elementsOf(chunks, 1, 3);
        PrettyJson o = PrettyJson.elementsOf(one, 1, 3);
        for (int i = 0; i < 20_000; i++) {
            String s = i % 5000 == 0 ? big.toString() : big.substring(0, random.nextInt(40));
            for (PrettyJson g : new PrettyJson[] {c, o}) {
                g.startObject();
                g.name("n");
                g.number(i);
                g.name("s");
                g.string(s);
                g.endObject();
            }
        }
        c.flushLast();
        o.flush();
        ByteArrayOutputStream joined = new ByteArrayOutputStream();
        chunks.writeTo(joined);
        assertTrue(one.size() > 10 * (1 << 15), "spans many buffers");
        assertEquals(one.size(), chunks.size());
        assertArrayEquals(one.toByteArray(), joined.toByteArray());
    }

    @Test
    void arraySplitAcrossTwoWritersMatchesJackson() throws IOException {
        Random random = new Random(20261126);
        for (int doc = 0; doc < 1000; doc++) {
            long seed = random.nextLong();
            int nesting = random.nextInt(4);
            int values = random.nextInt(6);
            int split = random.nextInt(values + 1);
            ByteArrayOutputStream ours = new ByteArrayOutputStream();
            PrettyJson p = new PrettyJson(ours);
            Random r = new Random(seed);
            Sink whole = ofOurs(p);
            for (int i = 0; i < nesting; i++) {
                whole.startObject();
                whole.name("level" + i);
            }
            whole.startArray();
            for (int i = 0; i < split; i++) {
                value(r, whole, 1);
            }
            ByteChunks rest = new ByteChunks();
            PrettyJson q = PrettyJson.elementsOf(rest, p.objects(), split);
            Sink tail = ofOurs(q);
            for (int i = split; i < values; i++) {
                value(r, tail, 1);
            }
            if (doc % 2 == 0) {
                q.flush();
            } else {
                q.flushLast();
            }
            p.elements(rest, values - split);
            assertEquals(values, p.elementCount());
            whole.endArray();
            for (int i = 0; i < nesting; i++) {
                whole.endObject();
            }
            p.flush();

            StringWriter theirs = new StringWriter();
            try (JsonGenerator g = JACKSON.createGenerator(theirs)) {
                g.useDefaultPrettyPrinter();
                Random same = new Random(seed);
                Sink j = ofJackson(g);
                for (int i = 0; i < nesting; i++) {
                    j.startObject();
                    j.name("level" + i);
                }
                j.startArray();
                for (int i = 0; i < values; i++) {
                    value(same, j, 1);
                }
                j.endArray();
                for (int i = 0; i < nesting; i++) {
                    j.endObject();
                }
            }
            assertArrayEquals(theirs.toString().getBytes(StandardCharsets.UTF_8), ours.toByteArray(),
                    "document " + doc + " (split at " + split + " of " + values + ", nesting " + nesting + ")");
        }
    }

    /**
     * Frames of every shape (each field absent or present, names with escapes, non-ASCII and lone
     * surrogates, names too long to be written at once, the linkage name the symbol itself or an equal
     * copy, extreme numbers, the rare entries) in a report whose JSON crosses the buffer's end many
     * times: {@link FrameJson}'s one-method path and its one-entry-at-a-time fallback write Jackson's bytes.
     */
    @Test
    void randomFramesMatchJackson() throws IOException {
        SymbolicatedReport base = new Symbolizer(new ModuleCache(DebugFileIndex.scan(List.of(Path.of("testdata",
                "macho")), Diagnostics.ignore())), Optional.empty()).symbolicate(ReportFormats.standard()
                .read(Path.of("testdata", "reports", "sample-crash.json")).model());
        Random random = new Random(20261126);
        List<String> names = new java.util.ArrayList<>(POOL);
        names.add("x".repeat(3_000)); // kept by no Recent (too long to keep), but fits the buffer
        names.add("_ZN3foo3barEv");
        List<dev.crashkit.core.model.DebugId> ids = List.of(
                dev.crashkit.core.model.DebugId.parse("4C4C447D-5555-3144-A1C5-5335E981ED09").orElseThrow(),
                dev.crashkit.core.model.DebugId.parse("0123456789abcdef0123456789ABCDEF").orElseThrow());
        long[] numbers = {0, 1, 9, 10, 99, 100, 12_345, Integer.MAX_VALUE, Integer.MAX_VALUE + 1L, -1, -10,
            Integer.MIN_VALUE, Long.MAX_VALUE, Long.MIN_VALUE, 0x1_0000_0000L, 999_999_999_999L};
        for (int doc = 0; doc < 40; doc++) {
            List<SymbolicatedThread> threads = new java.util.ArrayList<>();
            for (SymbolicatedThread t : base.threads()) {
                List<SymbolicatedFrame> frames = new java.util.ArrayList<>();
                int n = random.nextInt(doc % 5 == 0 ? 400 : 30);
                for (int i = 0; i < n; i++) {
                    frames.add(randomFrame(random, names, ids, numbers));
                }
                threads.add(new SymbolicatedThread(t.thread(), frames));
            }
            SymbolicatedReport r = new SymbolicatedReport(base.input(), base.images(), threads);
            ByteArrayOutputStream ours = new ByteArrayOutputStream();
            JsonReportWriter.write(r, ours);
            assertArrayEquals(jackson(r).getBytes(StandardCharsets.UTF_8), ours.toByteArray(), "document " + doc);
        }
    }

    private static SymbolicatedFrame randomFrame(Random r, List<String> names, List<dev.crashkit.core.model.DebugId> ids,
                                                 long[] numbers) {
        Optional<String> symbol = maybe(r, names);
        Optional<String> mangled = symbol.isPresent() && r.nextInt(3) > 0
                ? (r.nextBoolean() ? symbol : Optional.of(new String(symbol.get()))) : maybe(r, names);
        java.util.OptionalLong symbolAddress = r.nextInt(4) == 0 ? java.util.OptionalLong.empty()
                : java.util.OptionalLong.of(numbers[r.nextInt(numbers.length)]);
        Optional<dev.crashkit.core.model.Trust> trust = r.nextInt(4) == 0
                ? Optional.of(dev.crashkit.core.model.Trust.values()[r.nextInt(dev.crashkit.core.model.Trust.values().length)])
                : Optional.empty();
        Optional<ReportedFrame> reported = r.nextInt(4) == 0 ? Optional.of(new ReportedFrame(maybe(r, names),
                java.util.OptionalLong.of(numbers[r.nextInt(numbers.length)]), maybe(r, names),
                java.util.OptionalLong.of(numbers[r.nextInt(numbers.length)]), maybe(r, names),
                OptionalInt.of((int) numbers[r.nextInt(numbers.length)]))) : Optional.empty();
        return new SymbolicatedFrame((int) numbers[r.nextInt(numbers.length)], numbers[r.nextInt(numbers.length)],
                maybeShared(r, names), java.util.OptionalLong.of(numbers[r.nextInt(numbers.length)]),
                r.nextInt(4) == 0 ? Optional.empty() : r.nextBoolean() ? SHARED_IDS.get(r.nextInt(2))
                        : Optional.of(ids.get(r.nextInt(ids.size()))), symbol, mangled,
                symbolAddress, numbers[r.nextInt(numbers.length)], maybeShared(r, names), optionalInt(r, numbers),
                optionalInt(r, numbers), r.nextBoolean(),
                dev.crashkit.symbolicate.symbolize.FrameStatus.values()[r.nextInt(4)], maybeShared(r, names), trust,
                reported,
                r.nextInt(5) == 0, r.nextInt(5) == 0 ? maybe(r, names) : Optional.empty());
    }

    /**
     * Optionals that many frames share, as the symbolizer hands them out (an image's name and UUID once per
     * report): the renderer keeps runs of entries by their identity ({@code FrameJson.Runs}).
     */
    private static final List<Optional<String>> SHARED = new java.util.ArrayList<>();
    private static final List<Optional<dev.crashkit.core.model.DebugId>> SHARED_IDS = List.of(
            Optional.of(dev.crashkit.core.model.DebugId.parse("4C4C447D-5555-3144-A1C5-5335E981ED0A").orElseThrow()),
            Optional.of(dev.crashkit.core.model.DebugId.parse("abcdef0123456789").orElseThrow()));

    /** As {@link #maybe}, half the time one of a few Optionals shared between frames. */
    private static Optional<String> maybeShared(Random r, List<String> names) {
        if (SHARED.isEmpty()) {
            for (int i = 0; i < 6; i++) {
                SHARED.add(Optional.of(names.get(i % names.size())));
            }
        }
        return r.nextBoolean() ? SHARED.get(r.nextInt(SHARED.size())) : maybe(r, names);
    }

    private static Optional<String> maybe(Random r, List<String> names) {
        return r.nextInt(4) == 0 ? Optional.empty() : Optional.of(names.get(r.nextInt(names.size())));
    }

    private static OptionalInt optionalInt(Random r, long[] numbers) {
        return r.nextInt(4) == 0 ? OptionalInt.empty() : OptionalInt.of((int) numbers[r.nextInt(numbers.length)]);
    }

    /**
     * Reports big enough for their threads to be rendered on two threads (testdata reports with
     * their threads repeated past {@code MIN_FRAMES}, in 2 and 7 threads): the same bytes as Jackson's.
     */
    @Test
    void bigReportsRenderedOnTwoThreadsMatchJackson() throws IOException {
        ModuleCache modules = new ModuleCache(DebugFileIndex.scan(List.of(Path.of("testdata", "macho")),
                Diagnostics.ignore()));
        Symbolizer symbolizer = new Symbolizer(modules, Optional.of(DemangleStyle.SIMPLIFIED));
        int reports = 0;
        for (String name : List.of("sample-crash.json", "apple/sample-crash.ips", "apple/sample-crash.crash")) {
            SymbolicatedReport small = symbolizer.symbolicate(
                    ReportFormats.standard().read(Path.of("testdata", "reports", name)).model());
            List<SymbolicatedThread> some = small.threads().stream().filter(t -> !t.frames().isEmpty()).toList();
            for (int threads : new int[] {2, 7}) {
                List<SymbolicatedThread> many = new java.util.ArrayList<>();
                for (int i = 0; i < threads; i++) {
                    SymbolicatedThread t = some.get(i % some.size());
                    List<SymbolicatedFrame> frames = new java.util.ArrayList<>();
                    while (frames.size() < 2_500 / threads + 1 + 37 * i) {
                        frames.addAll(t.frames());
                    }
                    many.add(new SymbolicatedThread(t.thread(), frames));
                }
                SymbolicatedReport big = new SymbolicatedReport(small.input(), small.images(), many);
                ByteArrayOutputStream ours = new ByteArrayOutputStream();
                JsonReportWriter.write(big, ours);
                String expected = jackson(big);
                assertArrayEquals(expected.getBytes(StandardCharsets.UTF_8), ours.toByteArray(),
                        name + " in " + threads + " threads");
                StringWriter chars = new StringWriter();
                JsonReportWriter.write(big, chars);
                assertEquals(new String(expected.getBytes(StandardCharsets.UTF_8), StandardCharsets.UTF_8),
                        chars.toString(), name + " in " + threads + " threads, as characters");
                reports++;
            }
        }
        assertEquals(6, reports);
    }

    /**
     * A big report rendered by {@code ReportRenderer} while it is symbolicated (threads handed to a
     * second thread as they are done): the same bytes as Jackson's; and a write that fails leaves
     * no rendering thread behind.
     */
    @Test
    void bigReportRenderedWhileSymbolicatedMatchesJackson() throws IOException {
        ModuleCache modules = new ModuleCache(DebugFileIndex.scan(List.of(Path.of("testdata", "macho")),
                Diagnostics.ignore()));
        Symbolizer symbolizer = new Symbolizer(modules, Optional.of(DemangleStyle.SIMPLIFIED));
        com.fasterxml.jackson.databind.node.ObjectNode doc = (com.fasterxml.jackson.databind.node.ObjectNode)
                new com.fasterxml.jackson.databind.ObjectMapper().readTree(
                        Path.of("testdata", "reports", "sample-crash.json").toFile());
        com.fasterxml.jackson.databind.node.ArrayNode threads = (com.fasterxml.jackson.databind.node.ArrayNode) doc.get("threads");
        List<com.fasterxml.jackson.databind.JsonNode> originals = new java.util.ArrayList<>();
        threads.forEach(originals::add);
        threads.removeAll();
        for (int i = 0; i < 5; i++) {
            com.fasterxml.jackson.databind.node.ObjectNode t = originals.get(i % originals.size()).deepCopy();
            com.fasterxml.jackson.databind.node.ArrayNode frames = (com.fasterxml.jackson.databind.node.ArrayNode) t.get("frames");
            List<com.fasterxml.jackson.databind.JsonNode> some = new java.util.ArrayList<>();
            frames.forEach(some::add);
            while (frames.size() < 300 + 41 * i) {
                frames.addAll(some);
            }
            t.put("id", i);
            threads.add(t);
        }
        byte[] text = doc.toString().getBytes(StandardCharsets.UTF_8);
        dev.crashkit.symbolicate.report.ParsedReport parsed = ReportFormats.standard().read("big.json", text);
        assertTrue(ThreadsAhead.worthIt(parsed.model().threads().size(), 3 * parsed.model().threads().stream()
                .mapToLong(t -> t.frames().size()).sum()), "big enough to be rendered while symbolicated");

        ByteArrayOutputStream ours = new ByteArrayOutputStream();
        dev.crashkit.symbolicate.formats.ReportRenderer.render(parsed, symbolizer, OutputFormat.json, ours);
        assertArrayEquals(jackson(symbolizer.symbolicate(parsed.model())).getBytes(StandardCharsets.UTF_8),
                ours.toByteArray());

        java.io.OutputStream failing = new java.io.OutputStream() {
            @Override
            public void write(int b) throws IOException {
                throw new IOException("disk full");
            }
        };
        org.junit.jupiter.api.Assertions.assertThrows(IOException.class,
                () -> dev.crashkit.symbolicate.formats.ReportRenderer.render(parsed, symbolizer, OutputFormat.json, failing));
        assertTrue(Thread.getAllStackTraces().keySet().stream().noneMatch(t -> t.getName().equals("render-json")),
                "no rendering thread left");
    }

    @Test
    void everyTestdataReportMatchesJackson() throws IOException {
        ModuleCache modules = new ModuleCache(DebugFileIndex.scan(List.of(Path.of("testdata", "macho")),
                Diagnostics.ignore()));
        Symbolizer symbolizer = new Symbolizer(modules, Optional.of(DemangleStyle.SIMPLIFIED));
        int reports = 0;
        try (Stream<Path> s = Files.walk(Path.of("testdata", "reports"))) {
            for (Path f : s.filter(Files::isRegularFile).sorted().toList()) {
                SymbolicatedReport r;
                try {
                    r = symbolizer.symbolicate(ReportFormats.standard().read(f).model());
                } catch (IOException e) {
                    continue; // not a report (scripts, expectations)
                }
                ByteArrayOutputStream ours = new ByteArrayOutputStream();
                JsonReportWriter.write(r, ours);
                String expected = jackson(r);
                assertArrayEquals(expected.getBytes(StandardCharsets.UTF_8), ours.toByteArray(), f.toString());
                StringWriter chars = new StringWriter();
                JsonReportWriter.write(r, chars);
                assertEquals(new String(expected.getBytes(StandardCharsets.UTF_8), StandardCharsets.UTF_8),
                        chars.toString(), f.toString());
                reports++;
            }
        }
        assertTrue(reports >= 10, "reports compared: " + reports);
    }

    private static void emit(Random r, Sink s, int depth, boolean object) throws IOException {
        int n = r.nextInt(depth > 3 ? 2 : 5);
        if (object) {
            s.startObject();
            for (int i = 0; i < n; i++) {
                s.name(text(r));
                value(r, s, depth);
            }
            s.endObject();
        } else {
            s.startArray();
            for (int i = 0; i < n; i++) {
                value(r, s, depth);
            }
            s.endArray();
        }
    }

    private static void value(Random r, Sink s, int depth) throws IOException {
        switch (r.nextInt(11)) {
            case 0 -> emit(r, s, depth + 1, true);
            case 1 -> emit(r, s, depth + 1, false);
            case 2 -> s.string(text(r));
            case 3 -> s.number(r.nextBoolean() ? r.nextLong() : r.nextInt(1000) - 500);
            case 4 -> s.bool(r.nextBoolean());
            case 5 -> s.nullValue();
            case 6 -> s.hex(switch (r.nextInt(4)) {
                case 0 -> 0;
                case 1 -> -1;
                case 2 -> r.nextInt(4096);
                default -> r.nextLong();
            });
            case 7 -> s.string(longText(r));
            case 8 -> s.pooled(POOL.get(r.nextInt(POOL.size())));
            default -> s.number(switch (r.nextInt(4)) {
                case 0 -> Long.MIN_VALUE;
                case 1 -> Long.MAX_VALUE;
                case 2 -> 0;
                default -> -(r.nextLong() >>> r.nextInt(64));
            });
        }
    }

    private static String text(Random r) {
        StringBuilder b = new StringBuilder();
        int n = r.nextInt(12);
        for (int i = 0; i < n; i++) {
            switch (r.nextInt(6)) {
                case 0 -> b.append((char) r.nextInt(0x20));
                case 1 -> b.append("\"\\/\u007f".charAt(r.nextInt(4)));
                case 2 -> b.append((char) (0x80 + r.nextInt(0x780)));
                case 3 -> b.append((char) (0xd800 + r.nextInt(0x800)));
                case 4 -> b.append("\u2028\u2029\ufeff\uffff".charAt(r.nextInt(4)));
                default -> b.append((char) (0x20 + r.nextInt(0x5f)));
            }
        }
        return b.toString();
    }

    /** Up to 40,000 chars, mostly plain, so that strings cross the writer's buffer (and escapes fall at its end). */
    private static String longText(Random r) {
        StringBuilder b = new StringBuilder();
        int n = r.nextInt(40_000);
        while (b.length() < n) {
            b.append(r.nextInt(50) == 0 ? text(r) : "plain-ascii_0123456789");
        }
        return b.toString();
    }

    private static Sink ofOurs(PrettyJson p) {
        PrettyJson.Recent recent = new PrettyJson.Recent(3);
        return new Sink() {
            public void pooled(String s) throws IOException {
                if (!p.repeat(s, recent)) {
                    p.string(s, s, recent);
                }
            }

            public void startObject() throws IOException {
                p.startObject();
            }

            public void endObject() throws IOException {
                p.endObject();
            }

            public void startArray() throws IOException {
                p.startArray();
            }

            public void endArray() throws IOException {
                p.endArray();
            }

            public void name(String n) throws IOException {
                p.name(n);
            }

            public void string(String v) throws IOException {
                p.string(v);
            }

            public void number(long v) throws IOException {
                p.number(v);
            }

            public void bool(boolean v) throws IOException {
                p.bool(v);
            }

            public void nullValue() throws IOException {
                p.nullValue();
            }

            public void hex(long v) throws IOException {
                p.hexString(v);
            }
        };
    }

    private static Sink ofJackson(JsonGenerator g) {
        return new Sink() {
            public void pooled(String s) throws IOException {
                g.writeString(s);
            }

            public void startObject() throws IOException {
                g.writeStartObject();
            }

            public void endObject() throws IOException {
                g.writeEndObject();
            }

            public void startArray() throws IOException {
                g.writeStartArray();
            }

            public void endArray() throws IOException {
                g.writeEndArray();
            }

            public void name(String n) throws IOException {
                g.writeFieldName(n);
            }

            public void string(String v) throws IOException {
                g.writeString(v);
            }

            public void number(long v) throws IOException {
                g.writeNumber(v);
            }

            public void bool(boolean v) throws IOException {
                g.writeBoolean(v);
            }

            public void nullValue() throws IOException {
                g.writeNull();
            }

            public void hex(long v) throws IOException {
                g.writeString("0x" + Long.toHexString(v));
            }
        };
    }

    /** The symbolicated/1 document as the writer wrote it through Jackson before PrettyJson (the reference). */
    private static String jackson(SymbolicatedReport r) throws IOException {
        StringWriter out = new StringWriter();
        try (JsonGenerator g = JACKSON.createGenerator(out)) {
            g.useDefaultPrettyPrinter();
            g.writeStartObject();
            g.writeStringField("schema", JsonReportWriter.SCHEMA);
            g.writeArrayFieldStart("images");
            for (ImageStatus s : r.images()) {
                Image img = s.image();
                g.writeStartObject();
                g.writeStringField("name", img.name());
                string(g, "uuid", img.id().map(Object::toString));
                string(g, "arch", img.arch().map(Arch::label));
                g.writeStringField("load_address", JsonReportWriter.hex(img.loadAddress()));
                string(g, "debug_file", s.debugFile().map(Object::toString));
                g.writeStringField("status", s.status().jsonName());
                string(g, "detail", s.detail());
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeArrayFieldStart("threads");
            for (SymbolicatedThread t : r.threads()) {
                g.writeStartObject();
                g.writeNumberField("id", t.thread().id());
                string(g, "name", t.thread().name());
                g.writeBooleanField("crashed", t.thread().crashed());
                g.writeArrayFieldStart("frames");
                for (SymbolicatedFrame f : t.frames()) {
                    g.writeStartObject();
                    g.writeNumberField("index", f.index());
                    g.writeStringField("address", JsonReportWriter.hex(f.address()));
                    string(g, "image", f.image());
                    string(g, "image_uuid", f.imageId().map(Object::toString));
                    string(g, "symbol", f.symbol());
                    string(g, "mangled", f.mangled());
                    string(g, "symbol_address", f.symbolAddress().isPresent()
                            ? Optional.of(JsonReportWriter.hex(f.symbolAddress().getAsLong())) : Optional.empty());
                    g.writeNumberField("offset", f.offset());
                    string(g, "file", f.file());
                    integer(g, "line", f.line());
                    integer(g, "column", f.column());
                    g.writeBooleanField("inlined", f.inlined());
                    g.writeStringField("status", f.status().jsonName());
                    string(g, "source", f.source());
                    if (f.trust().isPresent()) {
                        g.writeStringField("trust", f.trust().get().label());
                    }
                    if (f.symbolVersion().isPresent()) {
                        g.writeStringField("symbol_version", f.symbolVersion().get());
                    }
                    if (f.reportedFallback().isPresent()) {
                        ReportedFrame rf = f.reportedFallback().get();
                        g.writeObjectFieldStart("reported");
                        if (rf.image().isPresent()) {
                            g.writeStringField("image", rf.image().get());
                        }
                        if (rf.imageLoadAddress().isPresent()) {
                            g.writeStringField("image_load_address",
                                    JsonReportWriter.hex(rf.imageLoadAddress().getAsLong()));
                        }
                        if (rf.symbol().isPresent()) {
                            g.writeStringField("symbol", rf.symbol().get());
                        }
                        if (rf.offset().isPresent()) {
                            g.writeNumberField("offset", rf.offset().getAsLong());
                        }
                        if (rf.file().isPresent()) {
                            g.writeStringField("file", rf.file().get());
                        }
                        if (rf.line().isPresent()) {
                            g.writeNumberField("line", rf.line().getAsInt());
                        }
                        g.writeEndObject();
                    }
                    if (f.keptFromCapture()) {
                        g.writeBooleanField("kept_from_capture", true);
                    }
                    g.writeEndObject();
                }
                g.writeEndArray();
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeEndObject();
        }
        out.write('\n');
        return out.toString();
    }

    private static void string(JsonGenerator g, String name, Optional<String> v) throws IOException {
        if (v.isPresent()) {
            g.writeStringField(name, v.get());
        } else {
            g.writeNullField(name);
        }
    }

    private static void integer(JsonGenerator g, String name, OptionalInt v) throws IOException {
        if (v.isPresent()) {
            g.writeNumberField(name, v.getAsInt());
        } else {
            g.writeNullField(name);
        }
    }
}
