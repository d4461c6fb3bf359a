package dev.crashkit.symbolicate.report.hserr;

import dev.crashkit.core.ReportException;
import dev.crashkit.symbolicate.report.ParsedReport;
import dev.crashkit.symbolicate.report.ReportFormat;
import dev.crashkit.symbolicate.report.ReportReader;
import dev.crashkit.symbolicate.report.Texts;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads HotSpot fatal error logs ({@code hs_err_pid<N>.log}) of JDK 8 to 25: the banner, the crashed
 * thread's {@code Native frames:} and {@code Java frames:}, {@code siginfo:}, {@code Registers:} and
 * {@code Dynamic libraries:}. One pass over the lines, each parsed at most once; a log cut short reads
 * as far as it goes.
 */
public final class HsErrReader implements ReportReader {

    /**
     * HotSpot prints at most {@code StackPrintLimit} (100) native frames; more frame lines than this are
     * no hs_err log, and would only cost memory.
     */
    static final int MAX_FRAME_LINES = 100_000;

    /** The banners HotSpot (and Sun's VMs before it) start the log with. */
    private static final Pattern BANNER = Pattern.compile("(?m)^#\\s{0,8}(?:A fatal error has been detected by the Java Runtime Environment"
            + "|An unexpected error has been detected by (?:HotSpot Virtual Machine|Java Runtime Environment)"
            + "|There is insufficient memory for the Java Runtime Environment to continue)");
    /** Register pairs: {@code RAX=0x..., R8 =0x...} (Linux, Windows), {@code x0=0x...} (macOS aarch64). */
    private static final Pattern REGISTER = Pattern.compile("\\b([A-Za-z][A-Za-z0-9]{0,7})\\s{0,2}=\\s{0,2}(0x[0-9a-fA-F]{1,16})");

    private enum Section { OTHER, NATIVE_FRAMES, JAVA_FRAMES, REGISTERS, LIBRARIES }

    @Override
    public ReportFormat format() {
        return ReportFormat.HS_ERR;
    }

    /**
     * Cheap content check used by format detection: a banner line in the first 64 KB (a log may follow
     * the program's own output when it was printed to the console).
     */
    public static boolean looksLikeHsErr(String text) {
        String head = text.length() > 65536 ? text.substring(0, 65536) : text;
        return BANNER.matcher(head).find();
    }

    @Override
    public ParsedReport read(String source, byte[] data) throws ReportException {
        HsErrText text = HsErrText.of(Texts.decode(data));
        HeaderLines header = new HeaderLines();
        List<HsErrFrame> nativeFrames = new ArrayList<>();
        List<HsErrFrame> javaFrames = new ArrayList<>();
        Map<String, Long> registers = new LinkedHashMap<>();
        LibraryMap libraries = new LibraryMap();
        boolean banner = false;
        boolean nativeListSeen = false;
        Section section = Section.OTHER;
        int frameLines = 0;
        int problematicLine = -1;
        for (int i = 0; i < text.lines(); i++) {
            if (text.length(i) > HsErrLineParsers.MAX_PARSED_LINE) {
                continue;
            }
            String line = text.line(i);
            if (line.isEmpty()) {
                section = Section.OTHER;
                continue;
            }
            banner |= line.startsWith("#") && BANNER.matcher(line).lookingAt();
            if (line.startsWith("# Problematic frame:") && problematicLine < 0) {
                problematicLine = i + 1;
            }
            if (line.startsWith("Native frames:")) {
                // Only the crashed thread's list: a second one (a compiler thread's task) is not this thread.
                section = nativeListSeen ? Section.OTHER : Section.NATIVE_FRAMES;
                nativeListSeen = true;
                continue;
            }
            if (line.startsWith("Java frames:")) {
                section = javaFrames.isEmpty() ? Section.JAVA_FRAMES : Section.OTHER;
                continue;
            }
            if (line.startsWith("Registers:")) {
                section = registers.isEmpty() ? Section.REGISTERS : Section.OTHER;
                continue;
            }
            if (line.startsWith("Dynamic libraries:")) {
                section = Section.LIBRARIES;
                continue;
            }
            switch (section) {
                case NATIVE_FRAMES, JAVA_FRAMES -> {
                    if (HsErrLineParsers.isFrameLine(line)) {
                        if (++frameLines > MAX_FRAME_LINES) {
                            throw new ReportException(source + ": more than " + MAX_FRAME_LINES
                                    + " frame lines, not an hs_err log (HotSpot prints at most a few hundred)");
                        }
                        (section == Section.NATIVE_FRAMES ? nativeFrames : javaFrames)
                                .add(HsErrLineParsers.frame(i, line));
                    } else if (!line.startsWith("...") && !line.startsWith("[error occurred")) {
                        section = Section.OTHER; // the list ended without a blank line
                        header.accept(line);
                    }
                }
                case REGISTERS -> {
                    Matcher m = REGISTER.matcher(line);
                    while (m.find()) {
                        registers.putIfAbsent(m.group(1), Long.parseUnsignedLong(m.group(2).substring(2), 16));
                    }
                }
                case LIBRARIES -> HsErrLineParsers.mapping(line).ifPresent(libraries::add);
                case OTHER -> header.accept(line);
            }
        }
        if (!banner) {
            throw new ReportException(source + ": not an hs_err log (no \"# A fatal error has been detected by the Java"
                    + " Runtime Environment\" banner)");
        }
        if (nativeFrames.isEmpty() && problematicLine >= 0 && problematicLine < text.lines()
                && text.length(problematicLine) <= HsErrLineParsers.MAX_PARSED_LINE) {
            // No frame list (stack printing failed, or the log was cut before it): the banner's
            // "# C  [libx.so+0x...]  fn+0x..." is the one frame known, and the writer extends that line.
            String printed = text.line(problematicLine);
            String frame = printed.startsWith("#") ? printed.substring(1).strip() : "";
            if (HsErrLineParsers.isFrameLine(frame)) {
                nativeFrames.add(HsErrLineParsers.frame(problematicLine, frame));
            }
        }
        HsErrHeader h = header.build();
        HsErrModel model = HsErrModel.of(h, nativeFrames, libraries);
        return new ParsedReport(model.report(), ReportFormat.HS_ERR,
                new HsErrDocument(text, h, nativeFrames, javaFrames, registers, model.notes()));
    }
}
