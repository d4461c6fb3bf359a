package dev.crashkit.spark;

import dev.crashkit.core.model.DebugId;
import dev.crashkit.core.model.Image;
import dev.crashkit.core.model.ReportedFrame;
import dev.crashkit.symbolicator.Hang;
import dev.crashkit.symbolicator.ImageResult;
import dev.crashkit.symbolicator.StackFrame;
import dev.crashkit.symbolicator.SymbolicatedStack;
import dev.crashkit.symbolicator.Symbolication;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import scala.jdk.javaapi.CollectionConverters;

/**
 * The {@code symbolicated} column ({@link OutputSchema#SYMBOLICATED}) made from the library's values, as
 * the symbolicated/1 document prints them: addresses as {@code 0x} hex strings, statuses by their printed
 * names, and what the document leaves out (no hang, no trust, no reported names, not kept from the capture)
 * as null. Before, each report was rendered to JSON text and parsed back into rows: a tenth of an executor's
 * time (BENCHMARKS.md, Spark per-report CPU). {@code SymbolicatedRowTest} checks that both give equal rows
 * for every test report. Values are listed here in the schema's order.
 */
final class SymbolicatedRow {
    private static final String SCHEMA = "symbolicated/1";

    private SymbolicatedRow() {
    }

    static Row of(Symbolication s) {
        Optional<Hang> hang = s.report().hang();
        return RowFactory.create(SCHEMA, hang.isPresent() ? "hang" : null, hang.isPresent() ? hang(hang.get()) : null,
                seq(images(s.imageResults())), seq(threads(s.threads())));
    }

    private static Row hang(Hang h) {
        return RowFactory.create(boxed(h.thread()), h.name(), boxed(h.thresholdMs()), boxed(h.durationMs()),
                h.ongoing() ? Boolean.TRUE : null);
    }

    private static List<Row> images(List<ImageResult> images) {
        List<Row> out = new ArrayList<>(images.size());
        for (ImageResult r : images) {
            Image i = r.image();
            out.add(RowFactory.create(i.name(), i.id().isPresent() ? i.id().get().toString() : null,
                    i.arch().isPresent() ? i.arch().get().label() : null, hex(i.loadAddress()),
                    r.debugFile().isPresent() ? r.debugFile().get().toString() : null, r.status(),
                    r.detail().orElse(null)));
        }
        return out;
    }

    private static List<Row> threads(List<SymbolicatedStack> threads) {
        List<Row> out = new ArrayList<>(threads.size());
        for (SymbolicatedStack t : threads) {
            out.add(RowFactory.create(t.thread().id(), t.thread().name().orElse(null), t.thread().crashed(),
                    seq(frames(t.frames()))));
        }
        return out;
    }

    private static List<Row> frames(List<StackFrame> frames) {
        List<Row> out = new ArrayList<>(frames.size());
        // A report's frames repeat their image's UUID: printed once per image object.
        DebugId lastId = null;
        String lastIdText = null;
        for (StackFrame f : frames) {
            String idText = null;
            if (f.imageId().isPresent()) {
                DebugId id = f.imageId().get();
                if (id != lastId) {
                    lastId = id;
                    lastIdText = id.toString();
                }
                idText = lastIdText;
            }
            out.add(RowFactory.create(f.index(), hex(f.address()), f.image().orElse(null), idText,
                    f.function().orElse(null), f.linkageName().orElse(null),
                    f.functionAddress().isPresent() ? hex(f.functionAddress().getAsLong()) : null, f.offset(),
                    f.file().orElse(null), boxed(f.line()), boxed(f.column()), f.inlined(), f.status().label(),
                    f.nameSource().orElse(null), f.trust().isPresent() ? f.trust().get().label() : null,
                    f.symbolVersion().orElse(null), f.reported().isPresent() ? reported(f.reported().get()) : null,
                    f.keptFromCapture() ? Boolean.TRUE : null));
        }
        return out;
    }

    private static Row reported(ReportedFrame r) {
        return RowFactory.create(r.image().orElse(null),
                r.imageLoadAddress().isPresent() ? hex(r.imageLoadAddress().getAsLong()) : null,
                r.symbol().orElse(null), boxed(r.offset()), r.file().orElse(null), boxed(r.line()));
    }

    private static String hex(long v) {
        return "0x" + Long.toHexString(v);
    }

    private static Long boxed(OptionalLong v) {
        return v.isPresent() ? v.getAsLong() : null;
    }

    private static Integer boxed(OptionalInt v) {
        return v.isPresent() ? v.getAsInt() : null;
    }

    private static <T> scala.collection.Seq<T> seq(List<T> list) {
        return CollectionConverters.asScala(list); // encoders take Scala sequences, not java.util.List
    }
}
