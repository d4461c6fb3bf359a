package dev.crashkit.symbolicate.output;

import dev.crashkit.core.model.Arch;
import dev.crashkit.core.model.CrashInfo;
import dev.crashkit.core.model.CrashReport;
import dev.crashkit.core.model.Image;
import dev.crashkit.symbolicate.symbolize.ImageStatus;
import dev.crashkit.symbolicate.symbolize.SymbolicatedFrame;
import dev.crashkit.symbolicate.symbolize.SymbolicatedReport;
import dev.crashkit.symbolicate.symbolize.SymbolicatedThread;
import java.io.IOException;
import java.util.Locale;

/**
 * Plain-text rendering in the layout of {@code Thread.callStackSymbols} and Apple crash reports:
 * {@code %-4d%-35s 0x%016llx symbol + offset}, or {@code 0xLOAD + offset} when the frame has no
 * name ({@code 0xFUNCTION_START + offset} when a stripped image's function starts bound it). Inlined frames get their own line with the same index and address.
 */
public final class TextReportWriter {

    private TextReportWriter() {
    }

    public static void write(SymbolicatedReport r, Appendable out) throws IOException {
        CrashReport in = r.input();
        header(in, out);
        for (SymbolicatedThread t : r.threads()) {
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
        String image = f.image().orElse("???");
        StringBuilder sb = new StringBuilder(96);
        // %-4d%-35s 0x%016x, without Formatter (it parses the pattern on every call: hot in batch runs)
        pad(sb.append(f.index()), 4);
        int imageStart = sb.length();
        pad(sb.append(image), imageStart + 35);
        String hex = Long.toHexString(f.address());
        sb.append(" 0x").append("0000000000000000", hex.length(), 16).append(hex).append(' ');
        if (f.symbol().isPresent()) {
            sb.append(f.symbol().get()).append(" + ").append(Long.toUnsignedString(f.offset()));
        } else if (f.symbolAddress().isPresent()) {
            // A function without a name (a stripped image's LC_FUNCTION_STARTS): from its start.
            sb.append("0x").append(Long.toHexString(f.symbolAddress().getAsLong()))
                    .append(" + ").append(Long.toUnsignedString(f.offset()));
        } else if (f.imageLoadAddress().isPresent()) {
            sb.append("0x").append(Long.toHexString(f.imageLoadAddress().getAsLong()))
                    .append(" + ").append(Long.toUnsignedString(f.offset()));
        } else {
            sb.append("0x").append(Long.toHexString(f.address()));
        }
        if (f.file().isPresent()) {
            // Apple prints the file name only; the full path is in the JSON output.
            String path = f.file().get();
            sb.append(" (").append(path.substring(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1));
            if (f.line().isPresent()) {
                sb.append(':').append(f.line().getAsInt());
            }
            sb.append(')');
        }
        if (f.trust().isPresent() && !f.inlined()) {
            // How the capturing unwinder found the frame: "scan" frames may be stale words.
            sb.append(" [").append(f.trust().get().label()).append(']');
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
