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
        try (JsonParser p = FACTORY.createParser(json)) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                throw new ReportException(source + ": not a crash report (JSON that is not an object)");
            }
            return keys(source, p);
        } catch (ReportException e) {
            throw e; // ours, already one line naming the source (it is an IOException too)
        } catch (JsonProcessingException e) {
            throw invalid(source, e);
        } catch (IOException e) {
            throw new ReportException(source + ": cannot read JSON: " + e.getMessage(), e);
        }
    }

    /**
     * The keys of the first element of a JSON array (the rest is not read); empty when the text does
     * not start as an array of objects (e.g. a log line in brackets), which is then no JSON report.
     */
    static Optional<TopLevelKeys> scanFirstElement(String source, String json) throws ReportException {
        try (JsonParser p = FACTORY.createParser(json)) {
            try {
                if (p.nextToken() != JsonToken.START_ARRAY || p.nextToken() != JsonToken.START_OBJECT) {
                    return Optional.empty();
                }
            } catch (JsonProcessingException e) {
                return Optional.empty();
            }
            return Optional.of(keys(source, p));
        } catch (ReportException e) {
            throw e; // ours, already one line naming the source (it is an IOException too)
        } catch (JsonProcessingException e) {
            throw invalid(source, e);
        } catch (IOException e) {
            throw new ReportException(source + ": cannot read JSON: " + e.getMessage(), e);
        }
    }

    /** The keys of the object whose start {@code p} has just read, up to its end. */
    private static TopLevelKeys keys(String source, JsonParser p) throws IOException {
        Map<String, Optional<String>> keys = new HashMap<>();
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
    }

    private static ReportException invalid(String source, JsonProcessingException e) {
        String where = e.getLocation() == null ? "" : " at line " + e.getLocation().getLineNr() + ", column "
                + e.getLocation().getColumnNr();
        String why = e.getOriginalMessage() == null ? "" : e.getOriginalMessage().lines().findFirst().orElse("");
        return new ReportException(source + ": invalid JSON in report" + where + ": " + why, e);
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
