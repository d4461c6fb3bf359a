package dev.crashkit.symbolicate.report.plcrash;

import dev.crashkit.core.model.Frame;
import dev.crashkit.core.model.ThreadTrace;
import dev.crashkit.symbolicate.report.PresetSymbol;
import dev.crashkit.symbolicate.report.ReportDocument;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What a {@code .plcrash} report holds beyond the model.
 *
 * @param version          the format version byte after the magic
 * @param symbols          per thread, per frame: the client-side symbol guess, when recorded
 * @param registers        per thread: register name to value, in report order
 * @param exceptionName    the uncaught exception's name
 * @param exceptionReason  its reason
 * @param exceptionFrames  the exception's original call stack
 * @param processPath      the process executable path
 * @param osBuild          the OS build (eg 10J869)
 * @param model            hardware model
 */
public record PlcrashDocument(int version, List<List<Optional<PresetSymbol>>> symbols,
                              List<Map<String, Long>> registers, Optional<String> exceptionName,
                              Optional<String> exceptionReason, List<Frame> exceptionFrames,
                              Optional<String> processPath, Optional<String> osBuild, Optional<String> model)
        implements ReportDocument {
    public PlcrashDocument {
        symbols = symbols.stream().map(List::copyOf).toList();
        registers = registers.stream().map(m -> java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(m)))
                .toList();
        exceptionFrames = List.copyOf(exceptionFrames);
    }

    @Override
    public Map<String, Long> registers(int thread) {
        return thread < 0 || thread >= registers.size() ? Map.of() : registers.get(thread);
    }

    @Override
    public Optional<ThreadTrace> exceptionBacktrace() {
        return exceptionFrames.isEmpty() ? Optional.empty() : Optional.of(new ThreadTrace(EXCEPTION_THREAD_ID,
                Optional.of(EXCEPTION_THREAD_NAME), false, exceptionFrames));
    }

    @Override
    public Optional<PresetSymbol> presetSymbol(int thread, int frame) {
        if (thread < 0 || thread >= symbols.size() || frame < 0 || frame >= symbols.get(thread).size()) {
            return Optional.empty();
        }
        return symbols.get(thread).get(frame);
    }
}
