package dev.crashkit.symbolicate.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.crashkit.core.ReportException;
import java.io.IOException;
import java.math.BigInteger;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Jackson helpers shared by the JSON report readers: one lenient mapper and typed field access that
 * never throws on a missing or mistyped field (untrusted input decides the types).
 */
public final class JsonTrees {

    /**
     * Lenient on what real crash reporters write (trailing commas, NaN), exact on numbers: floats
     * stay BigDecimal so a rewritten report keeps every digit.
     */
    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .enable(JsonReadFeature.ALLOW_TRAILING_COMMA)
            .enable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS)
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .build();

    private JsonTrees() {
    }

    public static ObjectMapper mapper() {
        return MAPPER;
    }

    /** Parses one JSON document; any syntax problem becomes a one-line {@link ReportException}. */
    public static JsonNode parse(String source, String text, String what) throws ReportException {
        try {
            JsonNode node = MAPPER.readTree(text);
            if (node == null || node.isMissingNode()) {
                throw new ReportException(source + ": empty " + what);
            }
            return node;
        } catch (JsonProcessingException e) {
            // Constraint violations (nesting depth, number length) may come without a location.
            String where = e.getLocation() == null ? "" : " at line " + e.getLocation().getLineNr() + ", column "
                    + e.getLocation().getColumnNr();
            String why = e.getOriginalMessage() == null ? "" : e.getOriginalMessage().lines().findFirst().orElse("");
            throw new ReportException(source + ": invalid JSON in " + what + where + ": " + why, e);
        } catch (IOException e) {
            throw new ReportException(source + ": cannot read " + what + ": " + e.getMessage(), e);
        }
    }

    /** A JSON object's text field, empty when absent or not a string. */
    public static Optional<String> text(JsonNode parent, String field) {
        JsonNode n = parent == null ? null : parent.get(field);
        return n != null && n.isTextual() ? Optional.of(n.textValue()) : Optional.empty();
    }

    /** A text field or, for a number, its decimal text. */
    public static Optional<String> textOrNumber(JsonNode parent, String field) {
        JsonNode n = parent == null ? null : parent.get(field);
        if (n == null) {
            return Optional.empty();
        }
        if (n.isTextual()) {
            return Optional.of(n.textValue());
        }
        if (n.isNumber()) {
            return Optional.of(n.asText());
        }
        return Optional.empty();
    }

    /**
     * An unsigned 64-bit field: a JSON integer (up to 2^64-1, negatives taken as two's complement)
     * or a string of decimal or {@code 0x} hex digits. Empty when absent or not a number.
     */
    public static OptionalLong unsigned(JsonNode parent, String field) {
        JsonNode n = parent == null ? null : parent.get(field);
        return n == null ? OptionalLong.empty() : unsigned(n);
    }

    /** See {@link #unsigned(JsonNode, String)}. */
    public static OptionalLong unsigned(JsonNode n) {
        if (n.isIntegralNumber()) {
            BigInteger v = n.bigIntegerValue();
            if (v.bitLength() > 64) {
                return OptionalLong.empty();
            }
            return OptionalLong.of(v.longValue());
        }
        if (n.isTextual()) {
            return parseUnsigned(n.textValue());
        }
        return OptionalLong.empty();
    }

    /** Parses decimal or {@code 0x}-prefixed hex text as unsigned 64-bit; empty if it is neither. */
    public static OptionalLong parseUnsigned(String text) {
        String t = text.trim();
        try {
            if (t.startsWith("0x") || t.startsWith("0X")) {
                String hex = t.substring(2);
                if (hex.isEmpty() || hex.length() > 16) {
                    return OptionalLong.empty();
                }
                return OptionalLong.of(Long.parseUnsignedLong(hex, 16));
            }
            if (t.isEmpty() || t.length() > 20) {
                return OptionalLong.empty();
            }
            return OptionalLong.of(Long.parseUnsignedLong(t));
        } catch (NumberFormatException e) {
            return OptionalLong.empty();
        }
    }

    /** A boolean field, false when absent or not a boolean (also accepts 0/1). */
    public static boolean bool(JsonNode parent, String field) {
        JsonNode n = parent == null ? null : parent.get(field);
        if (n == null) {
            return false;
        }
        if (n.isBoolean()) {
            return n.booleanValue();
        }
        return n.isIntegralNumber() && n.asLong() != 0;
    }

    /**
     * The elements of an array field; empty when the field is absent or not an array (an object's
     * {@code size()} counts fields, and indexing it would yield nulls).
     */
    public static java.util.List<JsonNode> array(JsonNode parent, String field) {
        JsonNode n = parent == null ? null : parent.get(field);
        if (n == null || !n.isArray()) {
            return java.util.List.of();
        }
        java.util.List<JsonNode> out = new java.util.ArrayList<>(n.size());
        n.forEach(out::add);
        return out;
    }

    /** The child object/array or a missing node; never null. */
    public static JsonNode child(JsonNode parent, String field) {
        JsonNode n = parent == null ? null : parent.get(field);
        return n == null ? com.fasterxml.jackson.databind.node.MissingNode.getInstance() : n;
    }

}
