package dev.crashkit.core.crashreport;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.crashkit.core.model.CrashInfo;
import dev.crashkit.core.model.CrashReport;
import dev.crashkit.core.model.DebugId;
import dev.crashkit.core.model.Frame;
import dev.crashkit.core.model.Image;
import dev.crashkit.core.model.ProcessInfo;
import dev.crashkit.core.model.ReportedFrame;
import dev.crashkit.core.model.ThreadState;
import dev.crashkit.core.model.ThreadTrace;
import java.io.IOException;
import java.io.Writer;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The one {@code crashreport/1} writer: the symbolicator's, capture's (Linux and Darwin) and the
 * bench's reports all come out of here. Producers with more to say than the model holds add their
 * fields through {@link CrashReportJson.Extras}; readers of the schema ignore them.
 */
final class CrashReportWriter {
    private final JsonGenerator g;
    private final CrashReportJson.Extras extras;

    private CrashReportWriter(JsonGenerator g, CrashReportJson.Extras extras) {
        this.g = g;
        this.extras = extras;
    }

    static void write(CrashReport report, Writer out, CrashReportJson.Extras extras) throws IOException {
        try (JsonGenerator g = JsonTree.FACTORY.createGenerator(out)) {
            g.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
            g.useDefaultPrettyPrinter();
            new CrashReportWriter(g, extras).report(report);
        }
        out.write('\n');
    }

    private void report(CrashReport report) throws IOException {
        g.writeStartObject();
        g.writeStringField("schema", CrashReportJson.SCHEMA);
        process(report.process());
        if (report.crash().isPresent()) {
            crash(report.crash().get());
        }
        g.writeArrayFieldStart("images");
        List<Image> images = report.images();
        for (int i = 0; i < images.size(); i++) {
            image(images.get(i), i);
        }
        g.writeEndArray();
        g.writeArrayFieldStart("threads");
        List<ThreadTrace> threads = report.threads();
        for (int i = 0; i < threads.size(); i++) {
            thread(threads.get(i), i);
        }
        g.writeEndArray();
        extras.root(g);
        g.writeEndObject();
    }

    private void process(ProcessInfo p) throws IOException {
        g.writeObjectFieldStart("process");
        opt("name", p.name());
        if (p.pid().isPresent()) {
            g.writeNumberField("pid", p.pid().getAsLong());
        }
        opt("arch", p.arch().map(Object::toString));
        opt("os", p.os());
        opt("timestamp", p.timestamp());
        g.writeEndObject();
    }

    private void crash(CrashInfo c) throws IOException {
        g.writeObjectFieldStart("crash");
        opt("signal", c.signal());
        opt("code", c.code());
        if (c.address().isPresent()) {
            g.writeStringField("address", hex(c.address().getAsLong()));
        }
        if (c.thread().isPresent()) {
            g.writeNumberField("thread", c.thread().getAsLong());
        }
        opt("reason", c.reason());
        g.writeEndObject();
    }

    private void image(Image img, int index) throws IOException {
        g.writeStartObject();
        g.writeStringField("name", img.name());
        opt("path", img.path());
        if (img.id().isPresent()) {
            DebugId id = img.id().get();
            g.writeStringField(id.kind() == DebugId.Kind.UUID ? "uuid" : "build_id", id.toString());
        }
        opt("arch", img.arch().map(Object::toString));
        g.writeStringField("load_address", hex(img.loadAddress()));
        if (img.slide().isPresent()) {
            g.writeStringField("slide", hex(img.slide().getAsLong()));
        }
        if (img.size().isPresent()) {
            g.writeStringField("size", hex(img.size().getAsLong()));
        }
        extras.image(index, g);
        g.writeEndObject();
    }

    private void thread(ThreadTrace t, int index) throws IOException {
        g.writeStartObject();
        g.writeNumberField("id", t.id());
        opt("name", t.name());
        g.writeBooleanField("crashed", t.crashed());
        g.writeArrayFieldStart("frames");
        List<Frame> frames = t.frames();
        for (int i = 0; i < frames.size(); i++) {
            Frame f = frames.get(i);
            // Frame 0 is always an exact PC; later ones only when marked (signal frames).
            boolean exactPc = i > 0 && !f.returnAddress();
            if (f.trust().isPresent() || exactPc || f.reported().isPresent() || f.keptFromCapture()) {
                g.writeStartObject();
                g.writeStringField("address", hex(f.address()));
                if (f.trust().isPresent()) {
                    g.writeStringField("trust", f.trust().get().label());
                }
                if (exactPc) {
                    g.writeBooleanField("exact_pc", true);
                }
                if (f.reported().isPresent()) {
                    reported(f.reported().get());
                }
                if (f.keptFromCapture()) {
                    g.writeBooleanField("kept_from_capture", true);
                }
                extras.frame(index, i, g);
                g.writeEndObject();
            } else {
                g.writeString(hex(f.address()));
            }
        }
        g.writeEndArray();
        if (t.state().isPresent()) {
            state(t.state().get());
        }
        extras.thread(index, g);
        g.writeEndObject();
    }

    private void reported(ReportedFrame r) throws IOException {
        g.writeObjectFieldStart("reported");
        opt("image", r.image());
        if (r.imageLoadAddress().isPresent()) {
            g.writeStringField("image_load_address", hex(r.imageLoadAddress().getAsLong()));
        }
        opt("symbol", r.symbol());
        if (r.offset().isPresent()) {
            g.writeNumberField("offset", r.offset().getAsLong());
        }
        opt("file", r.file());
        if (r.line().isPresent()) {
            g.writeNumberField("line", r.line().getAsInt());
        }
        g.writeEndObject();
    }

    private void state(ThreadState s) throws IOException {
        if (!s.registers().isEmpty()) {
            g.writeObjectFieldStart("registers");
            for (Map.Entry<String, Long> e : s.registers().entrySet()) {
                g.writeStringField(e.getKey(), hex(e.getValue()));
            }
            g.writeEndObject();
        }
        if (s.stackBase().isPresent() || s.stackBase64().isPresent()) {
            g.writeObjectFieldStart("stack");
            if (s.stackBase().isPresent()) {
                g.writeStringField("base", hex(s.stackBase().getAsLong()));
            }
            opt("bytes_base64", s.stackBase64());
            g.writeEndObject();
        }
    }

    private void opt(String field, Optional<String> v) throws IOException {
        if (v.isPresent()) {
            g.writeStringField(field, v.get());
        }
    }

    /** Addresses are written as {@code 0x} + lower-case hex, never as JSON numbers (they are unsigned). */
    static String hex(long v) {
        return "0x" + Long.toHexString(v);
    }
}
