package dev.crashkit.capture.report;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.crashkit.core.crashreport.CrashReportJson;
import dev.crashkit.core.model.CrashInfo;
import dev.crashkit.core.model.CrashReport;
import dev.crashkit.core.model.DebugId;
import dev.crashkit.core.model.Frame;
import dev.crashkit.core.model.Image;
import dev.crashkit.core.model.ProcessInfo;
import dev.crashkit.core.model.ThreadState;
import dev.crashkit.core.model.ThreadTrace;
import dev.crashkit.core.unwind.UnwoundFrame;
import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.TreeMap;

/**
 * Writes a {@link Snapshot} as a crashreport/1 document: the snapshot becomes the shared report
 * model, written by core's one writer, plus the optional fields only a capture knows (documented
 * in the README; readers of the schema ignore them):
 * <ul>
 *   <li>frames carry {@code "jit"} naming JIT-compiled Java code from the JVM's perf map (the
 *       schema's {@code exact_pc} marks a signal trampoline and the frame it interrupted);</li>
 *   <li>threads carry {@code tid}, {@code native_name}, {@code state}, {@code status} and
 *       {@code java} ({@code name}, {@code id}, {@code state}, {@code stack} lines);</li>
 *   <li>images carry {@code segments} (runtime start, size, ELF flags) and {@code eh_frame_hdr};</li>
 *   <li>the root carries {@code java_exception} when an uncaught exception triggered the capture.</li>
 * </ul>
 * ELF images: {@code load_address} is the lowest mapped address, {@code slide} the load bias
 * (runtime minus link-time address), {@code size} the mapped extent.
 */
public final class SnapshotJson {

    private SnapshotJson() {
    }

    public static void write(Snapshot s, Writer out) throws IOException {
        CrashReportJson.write(report(s), out, new Extras(s, java.util.Optional.empty()));
    }

    /** A hang report: as {@link #write(Snapshot, Writer)}, with {@code kind}, {@code hang} and the hung thread marked. */
    public static void write(Snapshot s, Hang hang, Writer out) throws IOException {
        CrashReportJson.write(report(s), out, new Extras(s, java.util.Optional.of(hang)));
    }

    /** The snapshot as the shared report model (what {@link #write} writes, without the extras). */
    public static CrashReport report(Snapshot s) {
        ProcessInfo process = new ProcessInfo(Optional.of(s.processName()), OptionalLong.of(s.pid()),
                Optional.of(s.arch()), Optional.of(s.os()), Optional.of(s.timestamp()));
        Optional<CrashInfo> crash = s.reason().isPresent() || s.crashedThread().isPresent()
                ? Optional.of(new CrashInfo(Optional.empty(), Optional.empty(), OptionalLong.empty(),
                        s.crashedThread().map(OptionalLong::of).orElse(OptionalLong.empty()), s.reason()))
                : Optional.empty();
        List<Image> images = new ArrayList<>();
        for (LoadedImage img : s.images()) {
            Optional<DebugId> id = img.buildId().filter(b -> b.length > 0).map(DebugId::buildId);
            images.add(new Image(img.name(), Optional.of(img.path()), id, Optional.of(s.arch()), img.start(),
                    OptionalLong.of(img.bias()), OptionalLong.of(img.end() - img.start())));
        }
        List<ThreadTrace> threads = new ArrayList<>();
        for (CapturedThread t : s.threads()) {
            List<Frame> frames = new ArrayList<>();
            for (int i = 0; i < t.frames().size(); i++) {
                UnwoundFrame f = t.frames().get(i);
                frames.add(new Frame(f.address(), i > 0 && !f.exactPc(), Optional.of(f.trust())));
            }
            Optional<ThreadState> state = Optional.empty();
            if (!t.registers().isEmpty() || t.stack().isPresent()) {
                state = Optional.of(new ThreadState(new TreeMap<>(t.registers()),
                        t.stack().map(w -> OptionalLong.of(w.base())).orElse(OptionalLong.empty()),
                        t.stack().map(w -> Base64.getEncoder().encodeToString(w.bytes()))));
            }
            threads.add(new ThreadTrace(t.tid(), Optional.of(t.java().map(JavaThread::name).orElse(t.name())),
                    t.crashed(), frames, state));
        }
        return new CrashReport(process, crash, images, threads);
    }

    /** The capture's own fields. */
    private static final class Extras implements CrashReportJson.Extras {
        private final Snapshot s;
        private final NavigableMap<Long, Snapshot.JitSymbol> jits;
        private final Optional<Hang> hang;

        Extras(Snapshot s, Optional<Hang> hang) {
            this.s = s;
            this.jits = new TreeMap<>(s.jitNames());
            this.hang = hang;
        }

        @Override
        public void root(JsonGenerator g) throws IOException {
            if (hang.isPresent()) {
                Hang h = hang.get();
                g.writeStringField("kind", "hang");
                g.writeObjectFieldStart("hang");
                g.writeNumberField("thread", h.tid());
                g.writeStringField("name", h.name());
                g.writeNumberField("threshold_ms", h.thresholdMs());
                g.writeNumberField("duration_ms", h.durationMs());
                if (h.ongoing()) {
                    g.writeBooleanField("ongoing", true);
                }
                g.writeEndObject();
            }
            if (s.exception().isPresent()) {
                g.writeStringField("java_exception", s.exception().get());
            }
        }

        @Override
        public void image(int index, JsonGenerator g) throws IOException {
            LoadedImage img = s.images().get(index);
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
        }

        @Override
        public void thread(int index, JsonGenerator g) throws IOException {
            CapturedThread t = s.threads().get(index);
            g.writeNumberField("tid", t.tid());
            if (hang.isPresent() && hang.get().tid() == t.tid()) {
                g.writeBooleanField("hung", true);
            }
            g.writeStringField("native_name", t.name());
            g.writeStringField("state", String.valueOf(t.state()));
            g.writeStringField("status", t.status());
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
        }

        @Override
        public void frame(int thread, int frame, JsonGenerator g) throws IOException {
            UnwoundFrame f = s.threads().get(thread).frames().get(frame);
            // A return address is looked up at the call (one byte back); an exact PC as it is.
            long address = frame == 0 || f.exactPc() ? f.address() : f.address() - 1;
            Map.Entry<Long, Snapshot.JitSymbol> e = jits.floorEntry(address);
            if (e != null && Long.compareUnsigned(address - e.getKey(), e.getValue().size()) < 0) {
                g.writeStringField("jit", e.getValue().name());
            }
        }

        private static String hex(long v) {
            return "0x" + Long.toHexString(v);
        }
    }
}
