package dev.crashkit.symbolicate.formats;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import dev.crashkit.core.ReportException;
import dev.crashkit.symbolicate.report.JsonTrees;
import dev.crashkit.symbolicate.report.metrickit.MetricKitReader;
import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/** The top-level keys of a JSON object (and their values when strings), read by streaming. */
final class TopLevelKeys {
    /**
     * The streaming parser of {@link JsonTrees#mapper()} (same lenient read features), without
     * building the databind mapper: detection runs on every report, and a crashreport/1 report is
     * then read without databind at all (its class loading costs a short run ~150 ms).
     */
    private static final JsonFactory FACTORY = JsonFactory.builder()
            .enable(JsonReadFeature.ALLOW_TRAILING_COMMA)
            .enable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS)
            // Skipping a MetricKit call stack tree walks its nesting: allow what its reader allows.
            .streamReadConstraints(com.fasterxml.jackson.core.StreamReadConstraints.builder()
                    .maxNestingDepth(MetricKitReader.MAX_NESTING).build())
            .build();

    private final Map<String, Optional<String>> keys;

    private TopLevelKeys(Map<String, Optional<String>> keys) {
        this.keys = keys;
    }

    static TopLevelKeys scan(String source, String json) throws ReportException {
        return scan(source, json, false);
    }

    /** The keys of the first element of a JSON array (the rest is not read); refused unless it is an object. */
    static TopLevelKeys scanFirstElement(String source, String json) throws ReportException {
        return scan(source, json, true);
    }

    private static TopLevelKeys scan(String source, String json, boolean firstElement) throws ReportException {
        Map<String, Optional<String>> keys = new HashMap<>();
        try (JsonParser p = FACTORY.createParser(json)) {
            if (firstElement && p.nextToken() != JsonToken.START_ARRAY) {
                throw new ReportException(source + ": not a crash report (JSON that is not an array)");
            }
            if (p.nextToken() != JsonToken.START_OBJECT) {
                throw new ReportException(source + ": not a crash report (JSON that is not an object"
                        + (firstElement ? " array" : "") + ")");
            }
            JsonToken t;
            while ((t = p.nextToken()) == JsonToken.FIELD_NAME) {
                String name = p.currentName();
                JsonToken v = p.nextToken();
                keys.putIfAbsent(name, v == JsonToken.VALUE_STRING ? Optional.of(p.getText()) : Optional.empty());
                p.skipChildren();
            }
            if (t != JsonToken.END_OBJECT) {
                throw new ReportException(source + ": invalid JSON in report (unexpected " + t + ")");
            }
            return new TopLevelKeys(keys);
        } catch (JsonProcessingException e) {
            String where = e.getLocation() == null ? "" : " at line " + e.getLocation().getLineNr() + ", column "
                    + e.getLocation().getColumnNr();
            String why = e.getOriginalMessage() == null ? "" : e.getOriginalMessage().lines().findFirst().orElse("");
            throw new ReportException(source + ": invalid JSON in report" + where + ": " + why, e);
        } catch (IOException e) {
            throw new ReportException(source + ": cannot read JSON: " + e.getMessage(), e);
        }
    }

    java.util.Set<String> names() {
        return keys.keySet();
    }

    boolean has(String key) {
        return keys.containsKey(key);
    }

    Optional<String> text(String key) {
        return keys.getOrDefault(key, Optional.empty());
    }
}
