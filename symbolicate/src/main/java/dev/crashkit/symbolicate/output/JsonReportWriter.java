package dev.crashkit.symbolicate.output;

import dev.crashkit.core.model.DebugId;
import dev.crashkit.core.model.Image;
import dev.crashkit.core.model.ReportedFrame;
import dev.crashkit.symbolicate.symbolize.ImageStatus;
import dev.crashkit.symbolicate.symbolize.SymbolicatedFrame;
import dev.crashkit.symbolicate.symbolize.SymbolicatedReport;
import dev.crashkit.symbolicate.symbolize.SymbolicatedThread;
import java.io.IOException;
import java.io.OutputStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;


/**
 * Writes the {@code symbolicated/1} JSON document (schema in the README), pretty-printed exactly
 * as Jackson's default pretty printer prints it, in UTF-8 (see {@link PrettyJson}).
 */
public final class JsonReportWriter {
    public static final String SCHEMA = "symbolicated/1";

    private JsonReportWriter() {
    }

    /** Writes the document as characters (each chunk the writer gets is decoded from whole UTF-8 characters). */
    public static void write(SymbolicatedReport r, Writer out) throws IOException {
        write(r, new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                write(new byte[] {(byte) b}, 0, 1);
            }

            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                out.write(new String(b, off, len, StandardCharsets.UTF_8));
            }
        });
    }

    /** Writes the document's UTF-8 bytes to {@code out} (not flushed). */
    public static void write(SymbolicatedReport r, OutputStream out) throws IOException {
        write(r, out, null);
    }

    /**
     * As {@link #write(SymbolicatedReport, OutputStream)}, the threads taken from {@code ahead},
     * which was handed {@code r}'s threads as they were symbolicated (null: rendered here).
     */
    public static void write(SymbolicatedReport r, OutputStream out, ThreadsAhead ahead) throws IOException {
        PrettyJson g = new PrettyJson(out);
        Repeats repeats = new Repeats();
        g.startObject();
        g.name("schema");
        g.string(SCHEMA);
        g.name("images");
        g.startArray();
        for (ImageStatus s : r.images()) {
            Image img = s.image();
            g.startObject();
            field(g, "name", img.name());
            // Plain code, not Optional.map with method references: each is a call site linked at
            // run time, on the writing thread after the symbolication, before any byte is written.
            string(g, "uuid", img.id().isPresent() ? Optional.of(img.id().get().toString()) : Optional.empty());
            string(g, "arch", img.arch().isPresent() ? Optional.of(img.arch().get().label()) : Optional.empty());
            g.name("load_address");
            g.hexString(img.loadAddress());
            string(g, "debug_file", s.debugFile().isPresent() ? Optional.of(s.debugFile().get().toString())
                    : Optional.empty());
            field(g, "status", s.status().jsonName());
            string(g, "detail", s.detail());
            g.endObject();
        }
        g.endArray();
        g.name("threads");
        g.startArray();
        List<SymbolicatedThread> threads = r.threads();
        if (ahead != null) {
            threadsFrom(ahead, g, threads.size(), repeats);
        } else if (ThreadsAhead.worthIt(threads.size(), frames(threads))) {
            // Already symbolicated: the second thread renders from the front as this one does from the back.
            ThreadsAhead here = ThreadsAhead.start(threads.size());
            try {
                for (int i = 0; i < threads.size(); i++) {
                    here.accept(i, threads.get(i));
                }
                threadsFrom(here, g, threads.size(), repeats);
            } finally {
                here.cancel();
            }
        } else {
            for (SymbolicatedThread t : threads) {
                thread(g, t, repeats);
            }
        }
        g.endArray();
        g.endObject();
        g.newLine();
        g.flush();
    }

    /** One element of {@code threads}. */
    static void thread(PrettyJson g, SymbolicatedThread t, Repeats repeats) throws IOException {
        g.startObject();
        g.name("id");
        g.number(t.thread().id());
        string(g, "name", t.thread().name());
        g.name("crashed");
        g.bool(t.thread().crashed());
        g.name("frames");
        g.startArray();
        for (SymbolicatedFrame f : t.frames()) {
            frame(g, f, repeats);
        }
        g.endArray();
        g.endObject();
    }

    private static void threadsFrom(ThreadsAhead ahead, PrettyJson g, int count, Repeats repeats) throws IOException {
        if (g.objects() != ThreadsAhead.LEVEL || ahead.count() != count) {
            throw new IllegalStateException("threads rendered ahead for another document");
        }
        ahead.finish(repeats);
        for (int i = 0; i < count; i++) {
            g.elements(ahead.take(i), 1);
        }
    }

    private static long frames(List<SymbolicatedThread> threads) {
        long n = 0;
        for (SymbolicatedThread t : threads) {
            n += t.frames().size();
        }
        return n;
    }

    /** Entry names of a frame, written once (a report has tens of thousands of frames). */
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

    private static PrettyJson.Name name(String n) {
        return new PrettyJson.Name(n);
    }

    private static void frame(PrettyJson g, SymbolicatedFrame f, Repeats repeats) throws IOException {
        g.startObject();
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
        if (f.trust().isPresent()) {
            field(g, TRUST, f.trust().get().label());
        }
        if (f.symbolVersion().isPresent()) {
            field(g, SYMBOL_VERSION, f.symbolVersion().get());
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

    /** What the report said of a frame we could not name: only the fields it gave. */
    private static void reported(PrettyJson g, ReportedFrame r) throws IOException {
        g.name(REPORTED);
        g.startObject();
        if (r.image().isPresent()) {
            field(g, IMAGE, r.image().get());
        }
        if (r.imageLoadAddress().isPresent()) {
            g.name(IMAGE_LOAD_ADDRESS);
            g.hexString(r.imageLoadAddress().getAsLong());
        }
        if (r.symbol().isPresent()) {
            field(g, SYMBOL, r.symbol().get());
        }
        if (r.offset().isPresent()) {
            g.name(OFFSET);
            g.number(r.offset().getAsLong());
        }
        if (r.file().isPresent()) {
            field(g, FILE, r.file().get());
        }
        if (r.line().isPresent()) {
            g.name(LINE);
            g.number(r.line().getAsInt());
        }
        g.endObject();
    }

    /**
     * Encoded texts of what frames repeat, by identity: a report's image names and UUIDs (one object
     * per image), statuses and sources (constants), the file of an inlined chain, and the linkage name
     * when it is the symbol itself (names come from a symbol cache that decodes each string once).
     */
    static final class Repeats {
        final PrettyJson.Recent images = new PrettyJson.Recent(32);
        final PrettyJson.Recent ids = new PrettyJson.Recent(32);
        final PrettyJson.Recent constants = new PrettyJson.Recent(16);
        final PrettyJson.Recent files = new PrettyJson.Recent(4);
        final PrettyJson.Recent symbols = new PrettyJson.Recent(1);
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

    static String hex(long v) {
        return "0x" + Long.toHexString(v);
    }

    private static void field(PrettyJson g, String name, String v) throws IOException {
        g.name(name);
        g.string(v);
    }

    private static void field(PrettyJson g, PrettyJson.Name name, String v) throws IOException {
        g.name(name);
        g.string(v);
    }

    private static void string(PrettyJson g, String name, Optional<String> v) throws IOException {
        g.name(name);
        optional(g, v);
    }

    private static void string(PrettyJson g, PrettyJson.Name name, Optional<String> v) throws IOException {
        g.name(name);
        optional(g, v);
    }

    private static void optional(PrettyJson g, Optional<String> v) throws IOException {
        if (v.isPresent()) {
            g.string(v.get());
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
