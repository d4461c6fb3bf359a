package dev.crashkit.symbolicate.report.hserr;

import dev.crashkit.core.model.Arch;
import dev.crashkit.core.model.CrashInfo;
import dev.crashkit.core.model.CrashReport;
import dev.crashkit.core.model.Frame;
import dev.crashkit.core.model.Image;
import dev.crashkit.core.model.ProcessInfo;
import dev.crashkit.core.model.ThreadTrace;
import dev.crashkit.symbolicate.report.PresetSymbol;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Maps a read log onto the format-neutral model: one crashed thread holding every {@code Native frames:} line
 * in order. A {@code C}/{@code V} frame is placed at its library's load address plus its offset; every other
 * frame (Java, stubs, a library the log does not map) is at address 0, where no image is, so that it is
 * never looked up and is printed with the name the log gives it.
 *
 * @param report the model
 * @param notes  frames that could not be placed, one line each
 */
record HsErrModel(CrashReport report, List<String> notes) {

    private static final Pattern THREAD_ID = Pattern.compile("\\bid=(\\d{1,20})");
    private static final Pattern QUOTED = Pattern.compile("\"([^\"]{0,256})\"");
    private static final Pattern THREAD_KIND = Pattern.compile("^Current thread \\(0x[0-9a-fA-F]{1,16}\\):\\s{1,8}(\\w{1,64})");

    /** Where frames that must not be looked up are placed. */
    static final long NOWHERE = 0;

    static HsErrModel of(HsErrHeader h, List<HsErrFrame> nativeFrames, LibraryMap libraries) {
        Optional<Arch> arch = h.platform().map(HsErrModel::arch);
        LibraryMap.Images images = libraries.images(arch);
        List<String> notes = new ArrayList<>();
        List<Frame> frames = new ArrayList<>(nativeFrames.size());
        for (int i = 0; i < nativeFrames.size(); i++) {
            frames.add(frame(i, nativeFrames.get(i), images, h.pc(), notes));
        }
        OptionalLong threadId = threadId(h);
        ThreadTrace thread = new ThreadTrace(threadId.orElse(0), threadName(h), true, frames);
        ProcessInfo process = new ProcessInfo(h.command().map(HsErrModel::firstWord), h.pid(), arch, h.os(), h.time());
        Optional<CrashInfo> crash = h.signal().isEmpty() && h.faultAddress().isEmpty() ? Optional.empty()
                : Optional.of(new CrashInfo(h.signal(), h.signalCode(), h.faultAddress(), threadId, h.reason()));
        return new HsErrModel(new CrashReport(process, crash, images.images(), List.of(thread)), notes);
    }

    /**
     * The image holding the banner's pc at exactly {@code offset} from its start, or -1: the faulting frame's
     * library whatever name it was loaded by.
     */
    private static int holdingFaultingPc(LibraryMap.Images images, long offset, OptionalLong pc) {
        if (pc.isEmpty()) {
            return -1;
        }
        for (int i = 0; i < images.images().size(); i++) {
            Image img = images.images().get(i);
            if (img.loadAddress() + offset == pc.getAsLong() && img.containsBySize(pc.getAsLong())) {
                return i;
            }
        }
        return -1;
    }

    private static Frame frame(int index, HsErrFrame f, LibraryMap.Images images, OptionalLong faultingPc,
                               List<String> notes) {
        boolean returnAddress = index > 0; // frame 0 is the faulting pc; the others return into their callers
        Optional<PresetSymbol> symbol = f.symbol();
        if (!f.isNative()) {
            return new Frame(NOWHERE, false, Optional.empty(), PresetSymbol.reported(Optional.empty(),
                    OptionalLong.empty(), symbol));
        }
        if (f.library().isPresent() && f.offset().isPresent()) {
            int at = images.find(f.library().get());
            if (at < 0 && index == 0) {
                at = holdingFaultingPc(images, f.offset().getAsLong(), faultingPc);
            }
            Image img = at < 0 ? null : images.images().get(at);
            if (img != null && img.size().isPresent()
                    && Long.compareUnsigned(f.offset().getAsLong(), img.size().getAsLong()) >= 0) {
                // A lying offset would land in a neighbour's code and be named from the wrong file.
                notes.add(String.format(Locale.ROOT, "frame %d: offset 0x%x is past the end of %s (0x%x bytes mapped)",
                        index, f.offset().getAsLong(), img.name(), img.size().getAsLong()));
                return new Frame(NOWHERE, false, Optional.empty(), PresetSymbol.reported(f.library(),
                        OptionalLong.empty(), symbol));
            }
            if (img != null) {
                OptionalLong load = OptionalLong.of(img.loadAddress());
                return new Frame(img.loadAddress() + f.offset().getAsLong(), returnAddress, Optional.empty(),
                        PresetSymbol.reported(f.library(), load, symbol));
            }
            notes.add(String.format(Locale.ROOT, "frame %d: %s is not in Dynamic libraries, kept as %s+0x%x",
                    index, f.library().get(), f.library().get(), f.offset().getAsLong()));
            return new Frame(NOWHERE, false, Optional.empty(), PresetSymbol.reported(f.library(),
                    OptionalLong.empty(), symbol.or(() -> Optional.of(new PresetSymbol(f.library().get() + "+0x"
                            + Long.toHexString(f.offset().getAsLong()), OptionalLong.empty(), Optional.empty(),
                            java.util.OptionalInt.empty())))));
        }
        if (f.pc().isPresent()) {
            // "C  0x00007f..." : a pc HotSpot found in no library; an image of the map may still hold it.
            return new Frame(f.pc().getAsLong(), returnAddress, Optional.empty(),
                    PresetSymbol.reported(Optional.empty(), OptionalLong.empty(), symbol));
        }
        notes.add("frame " + index + ": no address in its line");
        return new Frame(NOWHERE, false, Optional.empty(), PresetSymbol.reported(f.library(), OptionalLong.empty(),
                symbol));
    }

    /** The crashed thread's id: {@code id=} of the thread line, else the banner's {@code tid=}. */
    private static OptionalLong threadId(HsErrHeader h) {
        if (h.threadLine().isPresent()) {
            Matcher m = THREAD_ID.matcher(h.threadLine().get());
            if (m.find()) {
                try {
                    return OptionalLong.of(Long.parseUnsignedLong(m.group(1)));
                } catch (NumberFormatException e) {
                    // over 64 bits: fall back on the banner
                }
            }
        }
        if (h.tid().isPresent()) {
            String t = h.tid().get();
            try {
                return OptionalLong.of(t.startsWith("0x") ? Long.parseUnsignedLong(t.substring(2), 16)
                        : Long.parseUnsignedLong(t));
            } catch (NumberFormatException e) {
                return OptionalLong.empty();
            }
        }
        return OptionalLong.empty();
    }

    /** {@code JavaThread "main"} gives {@code main}; an unnamed VM thread its kind ({@code VMThread}). */
    private static Optional<String> threadName(HsErrHeader h) {
        if (h.threadLine().isEmpty()) {
            return Optional.empty();
        }
        Matcher q = QUOTED.matcher(h.threadLine().get());
        if (q.find()) {
            return Optional.of(q.group(1));
        }
        Matcher k = THREAD_KIND.matcher(h.threadLine().get());
        return k.find() ? Optional.of(k.group(1)) : Optional.empty();
    }

    /** {@code linux-amd64} and friends: HotSpot's CPU names to ours. */
    static Arch arch(String platform) {
        String cpu = platform.substring(platform.indexOf('-') + 1);
        return switch (cpu) {
            case "amd64", "x86_64" -> Arch.parse("x86_64");
            case "aarch64" -> Arch.parse("arm64");
            case "x86" -> Arch.parse("i386");
            default -> Arch.parse(cpu);
        };
    }

    private static String firstWord(String command) {
        int space = command.indexOf(' ');
        return space < 0 ? command : command.substring(0, space);
    }
}
