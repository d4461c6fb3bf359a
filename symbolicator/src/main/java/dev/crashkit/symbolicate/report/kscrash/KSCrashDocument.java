package dev.crashkit.symbolicate.report.kscrash;

import com.fasterxml.jackson.databind.JsonNode;
import dev.crashkit.symbolicate.report.PresetSymbol;
import dev.crashkit.symbolicate.report.ReportDocument;
import dev.crashkit.symbolicate.report.JsonRegisters;
import dev.crashkit.symbolicate.report.JsonTrees;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A KSCrash/SentryCrash JSON report as read: the whole JSON tree plus, per model thread, its JSON
 * node and the runtime ({@code dladdr}) symbols of its frames.
 *
 * @param root        the report's JSON tree, untouched
 * @param threadNodes the {@code crash.threads[]} node of each model thread
 * @param symbols     per model thread, per frame: the {@code symbol_name}/{@code symbol_addr} already there
 * @param queues      per model thread: its {@code dispatch_queue}
 */
public record KSCrashDocument(JsonNode root, List<JsonNode> threadNodes, List<List<Optional<PresetSymbol>>> symbols,
                              List<Optional<String>> queues) implements ReportDocument {
    public KSCrashDocument {
        threadNodes = List.copyOf(threadNodes);
        symbols = symbols.stream().map(List::copyOf).toList();
        queues = List.copyOf(queues);
    }

    @Override
    public Optional<PresetSymbol> presetSymbol(int thread, int frame) {
        if (thread < 0 || thread >= symbols.size() || frame < 0 || frame >= symbols.get(thread).size()) {
            return Optional.empty();
        }
        return symbols.get(thread).get(frame);
    }

    /** {@code registers.basic} of the thread, as KSCrash recorded them. */
    @Override
    public Map<String, Long> registers(int thread) {
        if (thread < 0 || thread >= threadNodes.size()) {
            return Map.of();
        }
        return JsonRegisters.flat(JsonTrees.child(JsonTrees.child(threadNodes.get(thread), "registers"), "basic"));
    }

    @Override
    public Optional<String> queue(int thread) {
        return thread < 0 || thread >= queues.size() ? Optional.empty() : queues.get(thread);
    }
}
