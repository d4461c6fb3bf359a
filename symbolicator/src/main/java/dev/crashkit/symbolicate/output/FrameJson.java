package dev.crashkit.symbolicate.output;

import dev.crashkit.core.model.DebugId;
import dev.crashkit.core.model.ReportedFrame;
import dev.crashkit.symbolicate.symbolize.SymbolicatedFrame;
import java.io.IOException;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * One element of a thread's {@code frames} in {@code symbolicated/1} JSON. The fourteen entries every
 * frame has are written by one method straight into the writer's buffer, after one check of the room
 * they need: the batch runs on C1, which inlines none of {@link PrettyJson}'s per-entry methods, and
 * about forty such calls per frame were most of the rendering's cost (BENCHMARKS.md, batch frames). The
 * rare entries (trust, symbol version, what the report said, kept from capture) and frames too big for
 * the buffer go through the writer's ordinary calls; the bytes are the same either way. On C2, which
 * inlines such calls, a document is still two to four times cheaper this way than through Jackson's
 * generator (BENCHMARKS.md, symbolicated/1 JSON on C2).
 */
final class FrameJson {
    private static final PrettyJson.Name INDEX = name("index");
    private static final PrettyJson.Name ADDRESS = name("address");
    private static final PrettyJson.Name IMAGE = name("image");
    private static final PrettyJson.Name IMAGE_UUID = name("image_uuid");
    private static final PrettyJson.Name SYMBOL = name("symbol");
    private static final PrettyJson.Name MANGLED = name("mangled");
    private static final PrettyJson.Name SYMBOL_ADDRESS = name("symbol_address");
    private static final PrettyJson.Name OFFSET = name("offset");
    private static final PrettyJson.Name FILE = name("file");
    private static final PrettyJson.Name LINE = name("line");
    private static final PrettyJson.Name COLUMN = name("column");
    private static final PrettyJson.Name INLINED = name("inlined");
    private static final PrettyJson.Name STATUS = name("status");
    private static final PrettyJson.Name SOURCE = name("source");
    private static final PrettyJson.Name TRUST = name("trust");
    private static final PrettyJson.Name SYMBOL_VERSION = name("symbol_version");
    private static final PrettyJson.Name REPORTED = name("reported");
    private static final PrettyJson.Name IMAGE_LOAD_ADDRESS = name("image_load_address");
    private static final PrettyJson.Name KEPT_FROM_CAPTURE = name("kept_from_capture");

    /** The entries every frame has, in their order. */
    private static final PrettyJson.Name[] ALWAYS = {INDEX, ADDRESS, IMAGE, IMAGE_UUID, SYMBOL, MANGLED,
        SYMBOL_ADDRESS, OFFSET, FILE, LINE, COLUMN, INLINED, STATUS, SOURCE};
    /** The entries every frame has that are not in a {@link Runs run}. */
    private static final PrettyJson.Name[] OUTSIDE_RUNS = {INDEX, ADDRESS, MANGLED, SYMBOL_ADDRESS, OFFSET, FILE, LINE,
        COLUMN};
    /** Per indentation level: the bytes of those entries' names (line ends and commas included). */
    private static final int[] NAMES_BYTES = new int[PrettyJson.MAX_LEVEL];
    private static final byte[] TRUE = {'t', 'r', 'u', 'e'};
    private static final byte[] FALSE = {'f', 'a', 'l', 's', 'e'};
    /** The key of an absent source in {@link Runs}. */
    private static final Object ABSENT = new Object();

    static {
        for (int level = 0; level < NAMES_BYTES.length; level++) {
            for (int i = 0; i < OUTSIDE_RUNS.length; i++) {
                NAMES_BYTES[level] += OUTSIDE_RUNS[i].entry(level, i == 0).length;
            }
        }
    }

    /**
     * Runs of consecutive entries whose bytes frames repeat, kept per document by the identities of the
     * values they show and the indentation level: the image's name and UUID (up to the symbol's name) and
     * the last three (inlined, status, source). A frame is then eleven copies into the buffer instead of
     * twenty-six, each a stub call on C1. Keys are objects that never change
     * (Optionals, Strings, constants), so a hit is always the same bytes.
     */
    static final class Runs {
        private final Object[] firsts;
        private final Object[] seconds;
        private final int[] levels;
        private final byte[][] runs;
        private int next;
        private int lastHit;

        /** Keeps the last {@code size} runs. */
        Runs(int size) {
            firsts = new Object[size];
            seconds = new Object[size];
            levels = new int[size];
            runs = new byte[size][];
        }

        /** The run kept for these keys, or null. */
        byte[] get(Object first, Object second, int level) {
            int last = lastHit;
            if (firsts[last] == first && seconds[last] == second && levels[last] == level) {
                return runs[last];
            }
            for (int i = 0; i < firsts.length; i++) {
                if (firsts[i] == first && seconds[i] == second && levels[i] == level) {
                    lastHit = i;
                    return runs[i];
                }
            }
            return null;
        }

        /** Keeps {@code run} for these keys; returns it. */
        byte[] put(Object first, Object second, int level, byte[] run) {
            firsts[next] = first;
            seconds[next] = second;
            levels[next] = level;
            runs[next] = run;
            next = next + 1 == firsts.length ? 0 : next + 1;
            return run;
        }
    }

    private FrameJson() {
    }

    private static PrettyJson.Name name(String n) {
        return new PrettyJson.Name(n);
    }

    /** Writes {@code f} as the next value of the open {@code frames} array. */
    static void write(PrettyJson g, SymbolicatedFrame f, JsonReportWriter.Repeats repeats) throws IOException {
        g.startObject();
        if (!always(g, f, repeats)) {
            alwaysOneByOne(g, f, repeats);
        }
        if (f.trust().isPresent()) {
            g.name(TRUST);
            g.string(f.trust().get().label());
        }
        if (f.symbolVersion().isPresent()) {
            g.name(SYMBOL_VERSION);
            g.string(f.symbolVersion().get());
        }
        if (f.reportedFallback().isPresent()) {
            reported(g, f.reportedFallback().get());
        }
        if (f.keptFromCapture()) {
            g.name(KEPT_FROM_CAPTURE);
            g.bool(true);
        }
        g.endObject();
    }

    /**
     * The fourteen entries every frame has, written at once into the buffer; false (nothing written)
     * when the frame is too deep or too big for that, and they must be written one by one.
     */
    private static boolean always(PrettyJson g, SymbolicatedFrame f, JsonReportWriter.Repeats repeats)
            throws IOException {
        int level = g.objects();
        if (level >= PrettyJson.MAX_LEVEL) {
            return false;
        }
        // What a frame repeats (its image's texts, its file, its status and source) as runs encoded once.
        byte[] image = repeats.imageRuns.get(f.image(), f.imageId(), level);
        if (image == null && (image = imageRun(g, f, repeats, level)) == null) {
            return false;
        }
        // Files vary from frame to frame (a batch report's ~100 frames name ~100 of them): no run, whose
        // making would cost more than its copies save.
        PrettyJson.Text file = text(g, f.file(), repeats.files);
        if (file == null) {
            return false;
        }
        Object sourceKey = f.source().isPresent() ? f.source().get() : ABSENT;
        Runs tails = f.inlined() ? repeats.inlinedTailRuns : repeats.tailRuns;
        byte[] tail = tails.get(f.status(), sourceKey, level);
        if (tail == null && (tail = tailRun(g, f, sourceKey, tails, repeats, level)) == null) {
            return false;
        }
        // The symbol and linkage names differ from frame to frame: quoted in place; the linkage name is
        // usually the symbol itself, then copied.
        String symbol = f.symbol().orElse(null);
        String mangled = f.mangled().orElse(null);
        long need = NAMES_BYTES[level] + 6L * PrettyJson.MAX_NUMBER_BYTES + image.length + file.bytes.length + tail.length
                + quotedAtMost(symbol) + quotedAtMost(mangled);
        if (need > g.capacity()) {
            return false;
        }
        int p = g.reserve((int) need);
        byte[] b = g.buffer();
        p = put(b, p, INDEX.entry(level, true));
        p = PrettyJson.numberAt(b, p, f.index());
        p = put(b, p, ADDRESS.entry(level, false));
        p = PrettyJson.hexAt(b, p, f.address());
        p = put(b, p, image); // image, image_uuid, the name of symbol
        int symbolStart = p;
        p = symbol == null ? put(b, p, PrettyJson.Text.NULL.bytes) : g.quotedAt(p, symbol);
        int symbolEnd = p;
        p = put(b, p, MANGLED.entry(level, false));
        if (mangled == null) {
            p = put(b, p, PrettyJson.Text.NULL.bytes);
        } else if (mangled == symbol) {
            System.arraycopy(b, symbolStart, b, p, symbolEnd - symbolStart);
            p += symbolEnd - symbolStart;
        } else {
            p = g.quotedAt(p, mangled);
        }
        p = put(b, p, SYMBOL_ADDRESS.entry(level, false));
        OptionalLong symbolAddress = f.symbolAddress();
        p = symbolAddress.isPresent() ? PrettyJson.hexAt(b, p, symbolAddress.getAsLong())
                : put(b, p, PrettyJson.Text.NULL.bytes);
        p = put(b, p, OFFSET.entry(level, false));
        p = PrettyJson.numberAt(b, p, f.offset());
        p = put(b, p, FILE.entry(level, false));
        p = put(b, p, file.bytes);
        p = put(b, p, LINE.entry(level, false));
        p = optionalInt(b, p, f.line());
        p = put(b, p, COLUMN.entry(level, false));
        p = optionalInt(b, p, f.column());
        p = put(b, p, tail); // inlined, status, source
        g.wrote(p, ALWAYS.length);
        return true;
    }

    /** Entries image and image_uuid, and the name of symbol, kept in {@code repeats}; null when a text is too long to keep. */
    private static byte[] imageRun(PrettyJson g, SymbolicatedFrame f, JsonReportWriter.Repeats repeats, int level)
            throws IOException {
        PrettyJson.Text image = text(g, f.image(), repeats.images);
        PrettyJson.Text id = PrettyJson.Text.NULL;
        if (f.imageId().isPresent()) {
            DebugId d = f.imageId().get();
            id = repeats.ids.get(d);
            if (id == null) {
                id = g.text(d, d.toString(), repeats.ids);
            }
        }
        if (image == null || id == null) {
            return null;
        }
        return repeats.imageRuns.put(f.image(), f.imageId(), level, concat(IMAGE.entry(level, false), image.bytes,
                IMAGE_UUID.entry(level, false), id.bytes, SYMBOL.entry(level, false)));
    }

    /** Entries inlined, status and source, kept in {@code tails}; null when the source is too long to keep. */
    private static byte[] tailRun(PrettyJson g, SymbolicatedFrame f, Object sourceKey, Runs tails,
                                  JsonReportWriter.Repeats repeats, int level) throws IOException {
        PrettyJson.Text status = repeats.constants.get(f.status());
        if (status == null) {
            status = g.text(f.status(), f.status().jsonName(), repeats.constants);
        }
        PrettyJson.Text source = text(g, f.source(), repeats.constants);
        if (status == null || source == null) {
            return null;
        }
        return tails.put(f.status(), sourceKey, level, concat(INLINED.entry(level, false), f.inlined() ? TRUE : FALSE,
                STATUS.entry(level, false), status.bytes, SOURCE.entry(level, false), source.bytes));
    }

    private static byte[] concat(byte[]... parts) {
        int n = 0;
        for (byte[] part : parts) {
            n += part.length;
        }
        byte[] all = new byte[n];
        int p = 0;
        for (byte[] part : parts) {
            p = put(all, p, part);
        }
        return all;
    }

    /** The encoded text of {@code v} by way of {@code recent}, {@code null}'s for none; null when too long to keep. */
    private static PrettyJson.Text text(PrettyJson g, Optional<String> v, PrettyJson.Recent recent) throws IOException {
        if (v.isEmpty()) {
            return PrettyJson.Text.NULL;
        }
        String s = v.get();
        return g.text(s, s, recent);
    }

    /** The most bytes {@code s} takes quoted ({@code null} for none). */
    private static long quotedAtMost(String s) {
        return s == null ? 4 : (long) PrettyJson.MAX_CHAR_BYTES * s.length() + 2;
    }

    private static int put(byte[] b, int p, byte[] bytes) {
        System.arraycopy(bytes, 0, b, p, bytes.length);
        return p + bytes.length;
    }

    private static int optionalInt(byte[] b, int p, OptionalInt v) {
        return v.isPresent() ? PrettyJson.numberAt(b, p, v.getAsInt()) : put(b, p, PrettyJson.Text.NULL.bytes);
    }

    /** The same entries through the writer's calls (a frame nested too deep, or with a name too big). */
    private static void alwaysOneByOne(PrettyJson g, SymbolicatedFrame f, JsonReportWriter.Repeats repeats)
            throws IOException {
        g.name(INDEX);
        g.number(f.index());
        g.name(ADDRESS);
        g.hexString(f.address());
        repeated(g, IMAGE, f.image(), repeats.images);
        g.name(IMAGE_UUID);
        if (f.imageId().isPresent()) {
            DebugId id = f.imageId().get();
            if (!g.repeat(id, repeats.ids)) {
                g.string(id, id.toString(), repeats.ids);
            }
        } else {
            g.nullValue();
        }
        repeated(g, SYMBOL, f.symbol(), repeats.symbols);
        repeated(g, MANGLED, f.mangled(), repeats.symbols);
        g.name(SYMBOL_ADDRESS);
        if (f.symbolAddress().isPresent()) {
            g.hexString(f.symbolAddress().getAsLong());
        } else {
            g.nullValue();
        }
        g.name(OFFSET);
        g.number(f.offset());
        repeated(g, FILE, f.file(), repeats.files);
        integer(g, LINE, f.line());
        integer(g, COLUMN, f.column());
        g.name(INLINED);
        g.bool(f.inlined());
        g.name(STATUS);
        if (!g.repeat(f.status(), repeats.constants)) {
            g.string(f.status(), f.status().jsonName(), repeats.constants);
        }
        repeated(g, SOURCE, f.source(), repeats.constants);
    }

    /** What the report said of a frame we could not name: only the fields it gave. */
    private static void reported(PrettyJson g, ReportedFrame r) throws IOException {
        g.name(REPORTED);
        g.startObject();
        if (r.image().isPresent()) {
            g.name(IMAGE);
            g.string(r.image().get());
        }
        if (r.imageLoadAddress().isPresent()) {
            g.name(IMAGE_LOAD_ADDRESS);
            g.hexString(r.imageLoadAddress().getAsLong());
        }
        if (r.symbol().isPresent()) {
            g.name(SYMBOL);
            g.string(r.symbol().get());
        }
        if (r.offset().isPresent()) {
            g.name(OFFSET);
            g.number(r.offset().getAsLong());
        }
        if (r.file().isPresent()) {
            g.name(FILE);
            g.string(r.file().get());
        }
        if (r.line().isPresent()) {
            g.name(LINE);
            g.number(r.line().getAsInt());
        }
        g.endObject();
    }

    /** Entry {@code name}: {@code v} by way of {@code recent}, or null. */
    private static void repeated(PrettyJson g, PrettyJson.Name name, Optional<String> v, PrettyJson.Recent recent)
            throws IOException {
        g.name(name);
        if (v.isPresent()) {
            g.string(v.get(), v.get(), recent);
        } else {
            g.nullValue();
        }
    }

    private static void integer(PrettyJson g, PrettyJson.Name name, OptionalInt v) throws IOException {
        g.name(name);
        if (v.isPresent()) {
            g.number(v.getAsInt());
        } else {
            g.nullValue();
        }
    }
}
