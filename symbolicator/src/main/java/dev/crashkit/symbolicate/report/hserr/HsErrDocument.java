package dev.crashkit.symbolicate.report.hserr;

import dev.crashkit.symbolicate.report.PresetSymbol;
import dev.crashkit.symbolicate.report.ReportDocument;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * An hs_err log as read: its text (written back byte for byte by the same-format writer) and where its
 * frames are. The model's one thread (index 0) is {@link #nativeFrames()}, frame for frame.
 */
public final class HsErrDocument implements ReportDocument {
    private final HsErrText text;
    private final HsErrHeader header;
    private final List<HsErrFrame> nativeFrames;
    private final List<HsErrFrame> javaFrames;
    private final Map<String, Long> registers;
    private final List<String> notes;

    HsErrDocument(HsErrText text, HsErrHeader header, List<HsErrFrame> nativeFrames, List<HsErrFrame> javaFrames,
                  Map<String, Long> registers, List<String> notes) {
        this.text = text;
        this.header = header;
        this.nativeFrames = List.copyOf(nativeFrames);
        this.javaFrames = List.copyOf(javaFrames);
        this.registers = Collections.unmodifiableMap(new LinkedHashMap<>(registers));
        this.notes = List.copyOf(notes);
    }

    HsErrText text() {
        return text;
    }

    HsErrHeader header() {
        return header;
    }

    /** The {@code Native frames:} list (every kind, in order): the crashed thread. */
    public List<HsErrFrame> nativeFrames() {
        return nativeFrames;
    }

    /** The {@code Java frames:} list, kept as the log gives it (it repeats the Java frames of the native list). */
    public List<HsErrFrame> javaFrames() {
        return javaFrames;
    }

    @Override
    public Optional<PresetSymbol> presetSymbol(int thread, int frame) {
        if (thread != 0 || frame < 0 || frame >= nativeFrames.size()) {
            return Optional.empty();
        }
        return nativeFrames.get(frame).symbol();
    }

    @Override
    public Map<String, Long> registers(int thread) {
        return thread == 0 ? registers : Map.of();
    }

    @Override
    public List<String> notes() {
        return notes;
    }
}
