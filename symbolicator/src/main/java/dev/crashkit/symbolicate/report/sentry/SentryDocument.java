package dev.crashkit.symbolicate.report.sentry;

import com.fasterxml.jackson.databind.JsonNode;
import dev.crashkit.symbolicate.report.PresetSymbol;
import dev.crashkit.symbolicate.report.ReportDocument;
import java.util.List;
import java.util.Optional;

/**
 * A Sentry event as read: the JSON tree and, per model thread and frame (innermost first, the
 * reverse of Sentry's order), the frame's JSON node and the name Sentry's client recorded.
 *
 * @param root       the event, untouched
 * @param frameNodes per model thread, per model frame: its JSON frame object
 * @param symbols    per model thread, per model frame: {@code function} and {@code symbol_addr}
 * @param javaException the top exception printed as a Java stack trace, for a Java event
 */
public record SentryDocument(JsonNode root, List<List<JsonNode>> frameNodes,
                             List<List<Optional<PresetSymbol>>> symbols, Optional<String> javaException)
        implements ReportDocument {
    public SentryDocument {
        frameNodes = frameNodes.stream().map(List::copyOf).toList();
        symbols = symbols.stream().map(List::copyOf).toList();
    }

    @Override
    public Optional<String> javaException() {
        return javaException;
    }

    @Override
    public Optional<PresetSymbol> presetSymbol(int thread, int frame) {
        if (thread < 0 || thread >= symbols.size() || frame < 0 || frame >= symbols.get(thread).size()) {
            return Optional.empty();
        }
        return symbols.get(thread).get(frame);
    }
}
