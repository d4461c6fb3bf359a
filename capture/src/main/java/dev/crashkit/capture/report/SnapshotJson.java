package dev.crashkit.capture.report;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.crashkit.capture.linux.LoadedImage;
import dev.crashkit.symbolicate.unwind.UnwoundFrame;
import java.io.IOException;
import java.io.Writer;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Writes a {@link Snapshot} as a crashreport/1 document. Besides the schema's fields it adds
 * optional ones that readers of the schema ignore (documented in the README):
 * <ul>
 *   <li>frames are objects {@code {"address","trust"}} ({@code trust}: context, cfi, fp, scan), plus
 *       {@code "jit"} naming JIT-compiled Java code from the JVM's perf map;</li>
 *   <li>threads carry {@code tid}, {@code state}, {@code status}, {@code registers} (hex strings by
 *       name), {@code stack} ({@code base} + {@code bytes_base64}, when recorded) and {@code java}
 *       ({@code name}, {@code id}, {@code state}, {@code stack} lines);</li>
 *   <li>images carry {@code segments} (runtime start, size, ELF flags) and {@code eh_frame_hdr};</li>
 *   <li>the root carries {@code java_exception} when an uncaught exception triggered the capture.</li>
 * </ul>
 * ELF images: {@code load_address} is the lowest mapped address, {@code slide} the load bias
 * (runtime minus link-time address), {@code size} the mapped extent.
 */
public final class SnapshotJson {
    private static final JsonFactory FACTORY = new JsonFactory();

    private SnapshotJson() {
    }

    public static void write(Snapshot s, Writer out) throws IOException {
        try (JsonGenerator g = FACTORY.createGenerator(out)) {
            g.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
            g.useDefaultPrettyPrinter();
            g.writeStartObject();
            g.writeStringField("schema", "crashreport/1");
            g.writeObjectFieldStart("process");
            g.writeStringField("name", s.processName());
            g.writeNumberField("pid", s.pid());
            g.writeStringField("arch", s.arch());
            g.writeStringField("os", s.os());
            g.writeStringField("timestamp", s.timestamp());
            g.writeEndObject();
            if (s.reason().isPresent() || s.crashedThread().isPresent()) {
                g.writeObjectFieldStart("crash");
                if (s.reason().isPresent()) {
                    g.writeStringField("reason", s.reason().get());
                }
                if (s.crashedThread().isPresent()) {
                    g.writeNumberField("thread", s.crashedThread().get());
                }
                g.writeEndObject();
            }
            g.writeArrayFieldStart("images");
            for (LoadedImage img : s.images()) {
                image(g, img, s.arch());
            }
            g.writeEndArray();
            g.writeArrayFieldStart("threads");
            java.util.NavigableMap<Long, Snapshot.JitSymbol> jits = new TreeMap<>(s.jitNames());
            for (CapturedThread t : s.threads()) {
                thread(g, t, jits);
            }
            g.writeEndArray();
            if (s.exception().isPresent()) {
                g.writeStringField("java_exception", s.exception().get());
            }
            g.writeEndObject();
        }
        out.write('\n');
    }

    private static void image(JsonGenerator g, LoadedImage img, String arch) throws IOException {
        g.writeStartObject();
        g.writeStringField("name", img.name());
        g.writeStringField("path", img.path());
        if (img.buildId().isPresent()) {
            g.writeStringField("build_id", HexFormat.of().formatHex(img.buildId().get()));
        }
        g.writeStringField("arch", arch);
        g.writeStringField("load_address", hex(img.start()));
        g.writeStringField("slide", hex(img.bias()));
        g.writeStringField("size", hex(img.end() - img.start()));
        if (img.ehFrameHdr().isPresent()) {
            g.writeStringField("eh_frame_hdr", hex(img.ehFrameHdr().getAsLong()));
        }
        g.writeArrayFieldStart("segments");
        for (LoadedImage.Segment seg : img.segments()) {
            g.writeStartObject();
            g.writeStringField("start", hex(seg.start()));
            g.writeStringField("size", hex(seg.size()));
            g.writeNumberField("flags", seg.flags());
            g.writeEndObject();
        }
        g.writeEndArray();
        g.writeEndObject();
    }

    private static void thread(JsonGenerator g, CapturedThread t, java.util.NavigableMap<Long, Snapshot.JitSymbol> jits) throws IOException {
        g.writeStartObject();
        g.writeNumberField("id", t.tid());
        g.writeStringField("name", t.java().map(JavaThread::name).orElse(t.name()));
        g.writeBooleanField("crashed", t.crashed());
        g.writeNumberField("tid", t.tid());
        g.writeStringField("native_name", t.name());
        g.writeStringField("state", String.valueOf(t.state()));
        g.writeStringField("status", t.status());
        if (!t.registers().isEmpty()) {
            g.writeObjectFieldStart("registers");
            for (Map.Entry<String, Long> r : new TreeMap<>(t.registers()).entrySet()) {
                g.writeStringField(r.getKey(), hex(r.getValue()));
            }
            g.writeEndObject();
        }
        g.writeArrayFieldStart("frames");
        for (UnwoundFrame f : t.frames()) {
            g.writeStartObject();
            g.writeStringField("address", hex(f.address()));
            g.writeStringField("trust", f.trust().label());
            Optional<Snapshot.JitSymbol> jit = jit(jits, f.address());
            if (jit.isPresent()) {
                g.writeStringField("jit", jit.get().name());
            }
            g.writeEndObject();
        }
        g.writeEndArray();
        if (t.stack().isPresent()) {
            g.writeObjectFieldStart("stack");
            g.writeStringField("base", hex(t.stack().get().base()));
            g.writeStringField("bytes_base64", Base64.getEncoder().encodeToString(t.stack().get().bytes()));
            g.writeEndObject();
        }
        if (t.java().isPresent()) {
            JavaThread j = t.java().get();
            g.writeObjectFieldStart("java");
            g.writeStringField("name", j.name());
            if (j.javaId().isPresent()) {
                g.writeNumberField("id", j.javaId().getAsLong());
            }
            g.writeStringField("state", j.state());
            g.writeArrayFieldStart("stack");
            for (String line : j.stack()) {
                g.writeString(line);
            }
            g.writeEndArray();
            g.writeEndObject();
        }
        g.writeEndObject();
    }

    private static Optional<Snapshot.JitSymbol> jit(java.util.NavigableMap<Long, Snapshot.JitSymbol> jits,
                                                    long address) {
        Map.Entry<Long, Snapshot.JitSymbol> e = jits.floorEntry(address - 1);
        if (e != null && Long.compareUnsigned(address - 1 - e.getKey(), e.getValue().size()) < 0) {
            return Optional.of(e.getValue());
        }
        return Optional.empty();
    }

    private static String hex(long v) {
        return "0x" + Long.toHexString(v);
    }
}
