package dev.crashkit.symbolicate.output;

import dev.crashkit.core.model.Arch;
import dev.crashkit.core.model.DebugId;
import dev.crashkit.core.model.Image;
import dev.crashkit.symbolicate.symbolize.ImageStatus;
import dev.crashkit.symbolicate.symbolize.SymbolicatedFrame;
import dev.crashkit.symbolicate.symbolize.SymbolicatedReport;
import dev.crashkit.symbolicate.symbolize.SymbolicatedThread;
import java.io.IOException;
import java.io.Writer;
import java.util.Optional;
import java.util.OptionalInt;


/**
 * Writes the {@code symbolicated/1} JSON document (schema in the README), pretty-printed exactly
 * as Jackson's default pretty printer prints it (see {@link PrettyJson}).
 */
public final class JsonReportWriter {
    public static final String SCHEMA = "symbolicated/1";

    private JsonReportWriter() {
    }

    public static void write(SymbolicatedReport r, Writer out) throws IOException {
        PrettyJson g = new PrettyJson(out);
        IdTexts ids = new IdTexts();
        g.startObject();
        g.name("schema");
        g.string(SCHEMA);
        g.name("images");
        g.startArray();
        for (ImageStatus s : r.images()) {
            Image img = s.image();
            g.startObject();
            field(g, "name", img.name());
            string(g, "uuid", img.id().map(Object::toString));
            string(g, "arch", img.arch().map(Arch::label));
            field(g, "load_address", hex(img.loadAddress()));
            string(g, "debug_file", s.debugFile().map(Object::toString));
            field(g, "status", s.status().jsonName());
            string(g, "detail", s.detail());
            g.endObject();
        }
        g.endArray();
        g.name("threads");
        g.startArray();
        for (SymbolicatedThread t : r.threads()) {
            g.startObject();
            g.name("id");
            g.number(t.thread().id());
            string(g, "name", t.thread().name());
            g.name("crashed");
            g.bool(t.thread().crashed());
            g.name("frames");
            g.startArray();
            for (SymbolicatedFrame f : t.frames()) {
                frame(g, f, ids);
            }
            g.endArray();
            g.endObject();
        }
        g.endArray();
        g.endObject();
        g.flush();
        out.write('\n');
    }

    private static void frame(PrettyJson g, SymbolicatedFrame f, IdTexts ids) throws IOException {
        g.startObject();
        g.name("index");
        g.number(f.index());
        field(g, "address", hex(f.address()));
        string(g, "image", f.image());
        string(g, "image_uuid", f.imageId().map(ids::of));
        string(g, "symbol", f.symbol());
        string(g, "mangled", f.mangled());
        string(g, "symbol_address", f.symbolAddress().isPresent()
                ? Optional.of(hex(f.symbolAddress().getAsLong())) : Optional.empty());
        g.name("offset");
        g.number(f.offset());
        string(g, "file", f.file());
        integer(g, "line", f.line());
        integer(g, "column", f.column());
        g.name("inlined");
        g.bool(f.inlined());
        field(g, "status", f.status().jsonName());
        string(g, "source", f.source());
        if (f.trust().isPresent()) {
            field(g, "trust", f.trust().get().label());
        }
        g.endObject();
    }

    /** Identity texts: consecutive frames mostly share their image, whose UUID need not be formatted each time. */
    private static final class IdTexts {
        private DebugId last;
        private String text;

        String of(DebugId id) {
            if (id != last) {
                last = id;
                text = id.toString();
            }
            return text;
        }
    }

    static String hex(long v) {
        return "0x" + Long.toHexString(v);
    }

    private static void field(PrettyJson g, String name, String v) throws IOException {
        g.name(name);
        g.string(v);
    }

    private static void string(PrettyJson g, String name, Optional<String> v) throws IOException {
        g.name(name);
        if (v.isPresent()) {
            g.string(v.get());
        } else {
            g.nullValue();
        }
    }

    private static void integer(PrettyJson g, String name, OptionalInt v) throws IOException {
        g.name(name);
        if (v.isPresent()) {
            g.number(v.getAsInt());
        } else {
            g.nullValue();
        }
    }
}
