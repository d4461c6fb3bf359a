package dev.crashkit.symbolicate.output;

import dev.crashkit.core.model.Arch;
import dev.crashkit.core.model.CrashInfo;
import dev.crashkit.core.model.CrashReport;
import dev.crashkit.core.model.Image;
import dev.crashkit.core.model.ReportedFrame;
import dev.crashkit.symbolicate.symbolize.ImageStatus;
import dev.crashkit.symbolicate.symbolize.SymbolicatedFrame;
import dev.crashkit.symbolicate.symbolize.SymbolicatedReport;
import dev.crashkit.symbolicate.symbolize.SymbolicatedThread;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Plain-text rendering in the layout of {@code Thread.callStackSymbols} and Apple crash reports:
 * {@code %-4d%-35s 0x%016llx symbol + offset}, or {@code 0xLOAD + offset} when the frame has no
 * name ({@code 0xFUNCTION_START + offset} when a stripped image's function starts bound it). Inlined frames get their own line with the same index and address.
 * A frame we cannot name keeps the names its report gave (image instead of {@code ???}, {@code symbol + offset}).
 */
public final class TextReportWriter {

    /** The mark of a frame kept from the capture because a re-unwind could not rebuild it. */
    public static final String NOT_REUNWOUND = "not re-unwound";

    private TextReportWriter() {
    }

    public static void write(SymbolicatedReport r, Appendable out) throws IOException {
        write(r, out, false);
    }

    /**
     * As {@link #write(SymbolicatedReport, Appendable)}; with {@code crashedFirst} the crashed threads
     * come first and the others follow in the report's order, as minidump_stackwalk prints a dump
     * (its requesting thread, then every other one).
     */
    public static void write(SymbolicatedReport r, Appendable out, boolean crashedFirst) throws IOException {
        CrashReport in = r.input();
        header(in, out);
        List<SymbolicatedThread> threads = r.threads();
        if (crashedFirst) {
            List<SymbolicatedThread> ordered = new ArrayList<>(threads.size());
            threads.stream().filter(t -> t.thread().crashed()).forEach(ordered::add);
            threads.stream().filter(t -> !t.thread().crashed()).forEach(ordered::add);
            threads = ordered;
        }
        for (SymbolicatedThread t : threads) {
            long id = t.thread().id();
            if (t.thread().name().isPresent()) {
                out.append("Thread ").append(Long.toString(id)).append(" name: ").append(t.thread().name().get()).append('\n');
            }
            out.append("Thread ").append(Long.toString(id)).append(t.thread().crashed() ? " Crashed:" : ":").append('\n');
            for (SymbolicatedFrame f : t.frames()) {
                out.append(frameLine(f)).append('\n');
            }
            out.append('\n');
        }
        images(r, out);
    }

    /** One frame line, without the newline. */
    public static String frameLine(SymbolicatedFrame f) {
        // Where we found no name (or no image), the names the report gave are printed instead of nothing.
        Optional<ReportedFrame> reported = f.reportedFallback();
        String image = f.image().or(() -> reported.flatMap(ReportedFrame::image)).orElse("???");
        StringBuilder sb = new StringBuilder(96);
        // %-4d%-35s 0x%016x, without Formatter (it parses the pattern on every call: hot in batch runs)
        pad(sb.append(f.index()), 4);
        int imageStart = sb.length();
        pad(sb.append(image), imageStart + 35);
        String hex = Long.toHexString(f.address());
        sb.append(" 0x").append("0000000000000000", hex.length(), 16).append(hex).append(' ');
        Optional<String> file = f.file();
        OptionalInt line = f.line();
        if (f.symbol().isPresent()) {
            sb.append(f.symbol().get()).append(" + ").append(Long.toUnsignedString(f.offset()));
        } else if (reported.flatMap(ReportedFrame::symbol).isPresent()) {
            ReportedFrame r = reported.get();
            sb.append(r.symbol().get());
            if (r.offset().isPresent()) {
                sb.append(" + ").append(Long.toUnsignedString(r.offset().getAsLong()));
            }
            file = r.file();
            line = r.line();
        } else if (f.symbolAddress().isPresent()) {
            // A function without a name (a stripped image's LC_FUNCTION_STARTS): from its start.
            sb.append("0x").append(Long.toHexString(f.symbolAddress().getAsLong()))
                    .append(" + ").append(Long.toUnsignedString(f.offset()));
        } else if (f.imageLoadAddress().isPresent()) {
            sb.append("0x").append(Long.toHexString(f.imageLoadAddress().getAsLong()))
                    .append(" + ").append(Long.toUnsignedString(f.offset()));
        } else if (reported.isPresent() && reported.get().imageLoadAddress().isPresent()) {
            long load = reported.get().imageLoadAddress().getAsLong();
            sb.append("0x").append(Long.toHexString(load))
                    .append(" + ").append(Long.toUnsignedString(f.address() - load));
        } else {
            sb.append("0x").append(Long.toHexString(f.address()));
        }
        if (file.isPresent()) {
            // Apple prints the file name only; the full path is in the JSON output.
            String path = file.get();
            sb.append(" (").append(path.substring(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1));
            if (line.isPresent()) {
                sb.append(':').append(line.getAsInt());
            }
            sb.append(')');
        }
        if ((f.trust().isPresent() || f.keptFromCapture()) && !f.inlined()) {
            // How the capturing unwinder found the frame ("scan" frames may be stale words), and
            // whether an offline re-unwind could not rebuild it (the capture's frame is shown).
            sb.append(" [");
            f.trust().ifPresent(t -> sb.append(t.label()));
            if (f.keptFromCapture()) {
                sb.append(f.trust().isPresent() ? ", " : "").append(NOT_REUNWOUND);
            }
            sb.append(']');
        }
        return sb.toString();
    }

    /** Pads {@code sb} with spaces up to {@code width} characters (no-op when already longer). */
    private static void pad(StringBuilder sb, int width) {
        while (sb.length() < width) {
            sb.append(' ');
        }
    }

    private static void header(CrashReport in, Appendable out) throws IOException {
        var p = in.process();
        if (p.name().isPresent()) {
            out.append("Process:         ").append(p.name().get());
            if (p.pid().isPresent()) {
                out.append(" [").append(Long.toString(p.pid().getAsLong())).append(']');
            }
            out.append('\n');
        }
        if (p.arch().isPresent()) {
            out.append("Code Type:       ").append(p.arch().get().label()).append('\n');
        }
        if (p.os().isPresent()) {
            out.append("OS Version:      ").append(p.os().get()).append('\n');
        }
        if (p.timestamp().isPresent()) {
            out.append("Date/Time:       ").append(p.timestamp().get()).append('\n');
        }
        if (in.crash().isPresent()) {
            CrashInfo c = in.crash().get();
            if (c.signal().isPresent()) {
                out.append("Exception Type:  ").append(c.signal().get());
                if (c.code().isPresent()) {
                    out.append(" (").append(c.code().get()).append(')');
                }
                out.append('\n');
            }
            if (c.address().isPresent()) {
                out.append("Exception Address: 0x").append(Long.toHexString(c.address().getAsLong())).append('\n');
            }
            if (c.reason().isPresent()) {
                out.append("Reason:          ").append(c.reason().get()).append('\n');
            }
            if (c.thread().isPresent()) {
                out.append("Crashed Thread:  ").append(Long.toString(c.thread().getAsLong())).append('\n');
            }
        }
        out.append('\n');
    }

    private static void images(SymbolicatedReport r, Appendable out) throws IOException {
        out.append("Binary Images:\n");
        for (ImageStatus s : r.images()) {
            Image img = s.image();
            String end = img.size().isPresent()
                    ? String.format(Locale.ROOT, "0x%x", img.loadAddress() + img.size().getAsLong() - 1) : "?";
            out.append(String.format(Locale.ROOT, "%18s - %18s %s %s <%s> %s", "0x" + Long.toHexString(img.loadAddress()),
                    end, img.name(), img.arch().map(Arch::label).orElse("?"), img.id().map(Object::toString).orElse("?"),
                    img.path().orElse("")));
            out.append("  [").append(s.status().jsonName());
            if (s.debugFile().isPresent()) {
                out.append(": ").append(s.debugFile().get().toString());
            }
            out.append("]\n");
        }
    }
}
