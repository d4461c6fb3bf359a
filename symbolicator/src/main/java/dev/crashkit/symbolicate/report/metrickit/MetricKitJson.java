package dev.crashkit.symbolicate.report.metrickit;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamWriteConstraints;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.crashkit.core.ReportException;
import java.io.IOException;
import java.util.Locale;

/**
 * Parsing MetricKit JSON within bounds. A call stack is nested one JSON object and one array per
 * frame, so a 512-frame stack is over 1,000 levels deep, the default Jackson limit; this mapper allows
 * {@value #MAX_NESTING} levels (about 2,000 frames deep) for reading and writing, and refuses deeper
 * input with one line. Before the tree is built, a streaming pass counts the frames, so a payload of
 * ten million tiny frames is refused before it costs gigabytes of tree.
 */
final class MetricKitJson {

    /** JSON nesting allowed: two levels per frame plus the payload's few. */
    static final int MAX_NESTING = 4_200;

    private static final JsonFactory FACTORY = JsonFactory.builder()
            .enable(JsonReadFeature.ALLOW_TRAILING_COMMA)
            .enable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS)
            .streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(MAX_NESTING).build())
            .streamWriteConstraints(StreamWriteConstraints.builder().maxNestingDepth(MAX_NESTING).build())
            .build();

    /** Exact numbers, as {@code JsonTrees}: a rewritten payload keeps every digit. */
    private static final ObjectMapper MAPPER = JsonMapper.builder(FACTORY)
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .build();

    private MetricKitJson() {
    }

    static ObjectMapper mapper() {
        return MAPPER;
    }

    /**
     * Counts the frame objects (elements of {@code callStackRootFrames} and {@code subFrames} arrays)
     * without building a tree, failing as soon as there are more than {@code maxFrames}; syntax
     * errors and truncation fail here too, with one line.
     */
    static long countFrames(String source, byte[] data, long maxFrames) throws ReportException {
        long frames = 0;
        try (JsonParser p = FACTORY.createParser(data)) {
            // Depth at which the elements of the frame array being read sit; -1 when not in one.
            int frameDepth = -1;
            int[] frameArrayDepths = new int[MAX_NESTING + 2];
            int open = 0;
            String field = null;
            JsonToken t;
            while ((t = p.nextToken()) != null) {
                switch (t) {
                    case FIELD_NAME -> field = p.currentName();
                    case START_ARRAY -> {
                        frameArrayDepths[open++] = frameDepth;
                        frameDepth = ("callStackRootFrames".equals(field) || "subFrames".equals(field))
                                ? p.getParsingContext().getNestingDepth() : -1;
                        field = null;
                    }
                    case END_ARRAY -> frameDepth = frameArrayDepths[--open];
                    case START_OBJECT -> {
                        if (frameDepth >= 0 && p.getParsingContext().getParent().getNestingDepth() == frameDepth
                                && ++frames > maxFrames) {
                            throw new ReportException(String.format(Locale.ROOT,
                                    "%s: more than %d frames, over the limit (see --max-frames)", source, maxFrames));
                        }
                        frameArrayDepths[open++] = frameDepth;
                        frameDepth = -1;
                        field = null;
                    }
                    case END_OBJECT -> frameDepth = frameArrayDepths[--open];
                    default -> field = null;
                }
            }
            return frames;
        } catch (ReportException e) {
            throw e; // ours, already one line naming the source (it is an IOException too)
        } catch (JsonProcessingException e) {
            throw invalid(source, e);
        } catch (IOException e) {
            throw new ReportException(source + ": cannot read MetricKit JSON: " + e.getMessage(), e);
        }
    }

    /** The whole document as a tree (after {@link #countFrames} has bounded it). */
    static JsonNode parse(String source, byte[] data) throws ReportException {
        try {
            JsonNode n = MAPPER.readTree(data);
            if (n == null || n.isMissingNode()) {
                throw new ReportException(source + ": empty MetricKit JSON");
            }
            return n;
        } catch (ReportException e) {
            throw e; // ours, already one line naming the source (it is an IOException too)
        } catch (JsonProcessingException e) {
            throw invalid(source, e);
        } catch (IOException e) {
            throw new ReportException(source + ": cannot read MetricKit JSON: " + e.getMessage(), e);
        }
    }

    private static ReportException invalid(String source, JsonProcessingException e) {
        // Constraint violations (nesting depth) may come without a location.
        String where = e.getLocation() == null ? "" : " at line " + e.getLocation().getLineNr() + ", column "
                + e.getLocation().getColumnNr();
        String why = e.getOriginalMessage() == null ? "" : e.getOriginalMessage().lines().findFirst().orElse("");
        return new ReportException(source + ": invalid MetricKit JSON" + where + ": " + why, e);
    }
}
