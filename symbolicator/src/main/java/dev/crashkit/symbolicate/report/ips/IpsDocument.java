package dev.crashkit.symbolicate.report.ips;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.crashkit.core.model.ThreadTrace;
import dev.crashkit.symbolicate.report.JsonRegisters;
import dev.crashkit.symbolicate.report.JsonTrees;
import dev.crashkit.symbolicate.report.PresetSymbol;
import dev.crashkit.symbolicate.report.ReportDocument;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * An {@code .ips} crash report as read: the header line exactly as written, the body's JSON tree
 * (never modified; writers copy it), and for each model thread the positions of its concrete
 * (non-inline) frames in the body's {@code threads[i].frames} array.
 *
 * @param headerLine   the first line, without its line terminator
 * @param separator    what stood between the header line and the body (normally {@code "\n"})
 * @param trailer      what followed the body (normally a newline or nothing)
 * @param header       the parsed header object
 * @param body         the parsed body object
 * @param framePositions per model thread, per model frame: index into that thread's JSON frames array
 * @param lastException  the {@code lastExceptionBacktrace} as a pseudo-thread, when present
 * @param exceptionPositions per frame of {@code lastException}: index into the JSON array
 */
public record IpsDocument(String headerLine, String separator, String trailer, JsonNode header, ObjectNode body,
                          List<List<Integer>> framePositions, Optional<ThreadTrace> lastException,
                          List<Integer> exceptionPositions) implements ReportDocument {
    public IpsDocument {
        framePositions = framePositions.stream().map(List::copyOf).toList();
        exceptionPositions = List.copyOf(exceptionPositions);
    }

    @Override
    public Optional<ThreadTrace> exceptionBacktrace() {
        return lastException;
    }

    /** The JSON node of a model frame. */
    public JsonNode frameNode(int thread, int frame) {
        return body.path("threads").path(thread).path("frames").path(framePositions.get(thread).get(frame));
    }

    @Override
    public Optional<PresetSymbol> presetSymbol(int thread, int frame) {
        if (thread < 0 || thread >= framePositions.size() || frame < 0
                || frame >= framePositions.get(thread).size()) {
            return Optional.empty();
        }
        return symbolOf(frameNode(thread, frame));
    }

    /** The symbol an {@code .ips} frame object names ({@code symbol}, {@code symbolLocation}, source file/line). */
    static Optional<PresetSymbol> symbolOf(JsonNode n) {
        Optional<String> symbol = JsonTrees.text(n, "symbol");
        if (symbol.isEmpty()) {
            return Optional.empty();
        }
        OptionalLong loc = JsonTrees.unsigned(n, "symbolLocation");
        OptionalLong line = JsonTrees.unsigned(n, "sourceLine");
        return Optional.of(new PresetSymbol(symbol.get(), loc, JsonTrees.text(n, "sourceFile"),
                line.isPresent() && line.getAsLong() < Integer.MAX_VALUE
                        ? OptionalInt.of((int) line.getAsLong()) : OptionalInt.empty()));
    }

    /**
     * The thread's {@code threadState}: {@code x[]} as x0..xN, then the named registers (fp, lr, sp,
     * pc, cpsr, far, esr / rip, rbp, rax ...), each from its {@code value}.
     */
    @Override
    public Map<String, Long> registers(int thread) {
        return JsonRegisters.appleThreadState(body.path("threads").path(thread).path("threadState"));
    }

    @Override
    public Optional<String> queue(int thread) {
        return JsonTrees.text(body.path("threads").path(thread), "queue");
    }
}
