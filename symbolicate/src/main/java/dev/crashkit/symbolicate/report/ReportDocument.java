package dev.crashkit.symbolicate.report;

import java.util.Optional;

/**
 * The format-specific side of a parsed report: the original content plus what the in-memory
 * model does not carry but a writer or renderer needs (symbols already in the input, queue names).
 * Thread and frame indexes are positions in {@link dev.crashkit.symbolicate.model.CrashReport#threads()}.
 */
public interface ReportDocument {

    /** The symbol the input already names for a frame, e.g. a runtime {@code dladdr} name. */
    default Optional<PresetSymbol> presetSymbol(int thread, int frame) {
        return Optional.empty();
    }

    /** The dispatch queue a thread was running, when the report says. */
    default Optional<String> queue(int thread) {
        return Optional.empty();
    }
}
