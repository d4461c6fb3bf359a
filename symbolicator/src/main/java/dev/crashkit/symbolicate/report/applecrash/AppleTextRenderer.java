package dev.crashkit.symbolicate.report.applecrash;

import dev.crashkit.core.model.Arch;
import dev.crashkit.core.model.CrashInfo;
import dev.crashkit.core.model.CrashReport;
import dev.crashkit.core.model.Frame;
import dev.crashkit.core.model.Image;
import dev.crashkit.core.model.ThreadTrace;
import dev.crashkit.symbolicate.report.ParsedReport;
import dev.crashkit.symbolicate.report.PresetSymbol;
import dev.crashkit.symbolicate.report.ReportDocument;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Renders any parsed report as Apple-style legacy text: a short header, one block per thread with
 * frames as {@code idx module 0xADDR 0xLOAD + OFFSET (symbol + offset)} (the symbol only when the
 * input already names one), and the {@code Binary Images:} list. Pointers are 8 hex digits for
 * 32-bit architectures and 16 otherwise, as Apple and KSCrash print them.
 */
public final class AppleTextRenderer {

    private AppleTextRenderer() {
    }

    public static String render(ParsedReport parsed) {
        CrashReport r = parsed.model();
        ReportDocument doc = parsed.document();
        boolean narrow = r.process().arch().map(Arch::is32Bit)
                .or(() -> r.images().stream().findFirst().flatMap(Image::arch).map(Arch::is32Bit))
                .orElse(false);
        StringBuilder sb = new StringBuilder();
        header(sb, r);
        doc.exceptionBacktrace().ifPresent(exc -> {
            sb.append("\nLast Exception Backtrace:\n");
            for (int f = 0; f < exc.frames().size(); f++) {
                sb.append(frameLine(r, f, exc.frames().get(f), Optional.empty(), narrow)).append('\n');
            }
        });
        for (int t = 0; t < r.threads().size(); t++) {
            ThreadTrace th = r.threads().get(t);
            sb.append('\n');
            final int ti = t;
            Optional<String> name = th.name().or(() -> doc.queue(ti).map(q -> "Dispatch queue: " + q));
            name.ifPresent(n -> sb.append("Thread ").append(th.id()).append(" name:  ").append(n).append('\n'));
            sb.append("Thread ").append(th.id()).append(th.crashed() ? " Crashed:" : ":").append('\n');
            for (int f = 0; f < th.frames().size(); f++) {
                sb.append(frameLine(r, f, th.frames().get(f), doc.presetSymbol(t, f), narrow)).append('\n');
            }
        }
        sb.append("\nBinary Images:\n");
        for (Image img : r.images()) {
            sb.append(imageLine(r, img, narrow)).append('\n');
        }
        return sb.toString();
    }

    private static void header(StringBuilder sb, CrashReport r) {
        r.process().name().ifPresent(n -> sb.append("Process:         ").append(n)
                .append(r.process().pid().isPresent() ? " [" + r.process().pid().getAsLong() + "]" : "").append('\n'));
        r.process().arch().ifPresent(a -> sb.append("Code Type:       ").append(codeType(a)).append('\n'));
        r.process().timestamp().ifPresent(d -> sb.append("Date/Time:       ").append(d).append('\n'));
        r.process().os().ifPresent(o -> sb.append("OS Version:      ").append(o).append('\n'));
        if (r.crash().isPresent()) {
            CrashInfo c = r.crash().get();
            sb.append('\n');
            c.signal().ifPresent(s -> sb.append("Exception Type:  ").append(s).append('\n'));
            c.code().ifPresent(s -> sb.append("Exception Codes: ").append(s).append('\n'));
            c.thread().ifPresent(s -> sb.append("Crashed Thread:  ").append(s).append('\n'));
            c.reason().ifPresent(s -> sb.append("\nApplication Specific Information:\n").append(s).append('\n'));
        }
    }

    private static String codeType(Arch arch) {
        String a = arch.label().toLowerCase(Locale.ROOT);
        if (a.startsWith("arm64")) {
            return "ARM-64";
        }
        if (a.startsWith("arm")) {
            return "ARM";
        }
        if (a.startsWith("x86_64")) {
            return "X86-64";
        }
        return a.equals("i386") ? "X86" : arch.label();
    }

    /** {@code %-4d%-31s 0x%0Nx 0xLOAD + OFFSET [(symbol + offset)]}. */
    static String frameLine(CrashReport r, int index, Frame frame, Optional<PresetSymbol> symbol, boolean narrow) {
        Optional<Image> image = imageFor(r.images(), frame.address());
        String module = image.map(Image::name).orElse("???");
        long load = image.map(Image::loadAddress).orElse(0L);
        StringBuilder sb = new StringBuilder(String.format("%-4d%-31s 0x%0" + (narrow ? 8 : 16) + "x ",
                index, module, frame.address()));
        sb.append("0x").append(Long.toHexString(load)).append(" + ")
                .append(Long.toUnsignedString(frame.address() - load));
        symbol.ifPresent(s -> sb.append(" (").append(s.name())
                .append(s.offset().isPresent() ? " + " + Long.toUnsignedString(s.offset().getAsLong()) : "")
                .append(')'));
        return sb.toString();
    }

    static Optional<Image> imageFor(List<Image> images, long address) {
        for (Image i : images) {
            if (i.containsBySize(address)) {
                return Optional.of(i);
            }
        }
        return Optional.empty();
    }

    /** {@code %#Wx - %#Wx [+]name arch  <uuid> path}; {@code +} marks the main executable. */
    static String imageLine(CrashReport r, Image img, boolean narrow) {
        int w = narrow ? 10 : 18;
        long end = img.loadAddress() + Math.max(1, img.size().orElse(1)) - 1;
        boolean main = r.process().name().map(n -> n.equals(img.name())).orElse(false);
        String uuid = img.id().map(id -> HexFormat.of().formatHex(id.bytes())).orElse("");
        // No arch column when the arch is unknown (Apple's macOS 12 layout has none either).
        return String.format("%#" + w + "x - %#" + w + "x %s%s %s <%s> %s", img.loadAddress(), end,
                main ? "+" : " ", img.name(), img.arch().map(a -> a + " ").orElse(""), uuid, img.path().orElse(""));
    }
}
