package dev.crashkit.symbolicate.report;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.OptionalLong;

/** Register sets as the JSON report formats write them. */
public final class JsonRegisters {

    private JsonRegisters() {
    }

    /** A flat {@code {"name": number}} object (KSCrash {@code registers.basic}). */
    public static Map<String, Long> flat(JsonNode obj) {
        Map<String, Long> out = new LinkedHashMap<>();
        if (obj.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> it = obj.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                OptionalLong v = JsonTrees.unsigned(e.getValue());
                if (v.isPresent()) {
                    out.put(e.getKey(), v.getAsLong());
                }
            }
        }
        return Collections.unmodifiableMap(out);
    }

    /**
     * An {@code .ips} {@code threadState}: {@code "x": [{"value": n}, ...]} becomes x0..xN, every other
     * field {@code {"value": n}} keeps its name; {@code flavor} and non-numeric fields are skipped.
     */
    public static Map<String, Long> appleThreadState(JsonNode state) {
        Map<String, Long> out = new LinkedHashMap<>();
        if (!state.isObject()) {
            return Map.of();
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = state.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            JsonNode v = e.getValue();
            if (v.isArray()) {
                for (int i = 0; i < v.size(); i++) {
                    OptionalLong r = JsonTrees.unsigned(v.get(i), "value");
                    if (r.isPresent()) {
                        out.put(e.getKey() + i, r.getAsLong());
                    }
                }
            } else {
                OptionalLong r = v.isObject() ? JsonTrees.unsigned(v, "value") : OptionalLong.empty();
                if (r.isPresent()) {
                    out.put(e.getKey(), r.getAsLong());
                }
            }
        }
        return Collections.unmodifiableMap(out);
    }
}
