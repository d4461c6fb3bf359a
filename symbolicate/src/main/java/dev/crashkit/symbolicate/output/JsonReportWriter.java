package dev.crashkit.symbolicate.output;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.crashkit.core.model.Arch;
import dev.crashkit.core.model.Image;
import dev.crashkit.symbolicate.symbolize.ImageStatus;
import dev.crashkit.symbolicate.symbolize.SymbolicatedFrame;
import dev.crashkit.symbolicate.symbolize.SymbolicatedReport;
import dev.crashkit.symbolicate.symbolize.SymbolicatedThread;
import java.io.IOException;
import java.io.Writer;
import java.util.Optional;
import java.util.OptionalInt;


/** Writes the {@code symbolicated/1} JSON document (schema in the README). */
public final class JsonReportWriter {
    public static final String SCHEMA = "symbolicated/1";
    private static final JsonFactory FACTORY = new JsonFactory();

    private JsonReportWriter() {
    }

    public static void write(SymbolicatedReport r, Writer out) throws IOException {
        try (JsonGenerator g = FACTORY.createGenerator(out)) {
            g.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
            g.useDefaultPrettyPrinter();
            g.writeStartObject();
            g.writeStringField("schema", SCHEMA);
            g.writeArrayFieldStart("images");
            for (ImageStatus s : r.images()) {
                Image img = s.image();
                g.writeStartObject();
                g.writeStringField("name", img.name());
                string(g, "uuid", img.id().map(Object::toString));
                string(g, "arch", img.arch().map(Arch::label));
                g.writeStringField("load_address", hex(img.loadAddress()));
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
                    frame(g, f);
                }
                g.writeEndArray();
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeEndObject();
        }
        out.write('\n');
    }

    private static void frame(JsonGenerator g, SymbolicatedFrame f) throws IOException {
        g.writeStartObject();
        g.writeNumberField("index", f.index());
        g.writeStringField("address", hex(f.address()));
        string(g, "image", f.image());
        string(g, "image_uuid", f.imageId().map(Object::toString));
        string(g, "symbol", f.symbol());
        string(g, "mangled", f.mangled());
        string(g, "symbol_address", f.symbolAddress().isPresent()
                ? Optional.of(hex(f.symbolAddress().getAsLong())) : Optional.empty());
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
        g.writeEndObject();
    }

    static String hex(long v) {
        return "0x" + Long.toHexString(v);
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
