package dev.crashkit.core.crashreport;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A JSON document as plain values, read with jackson-core's streaming parser: core must not
 * depend on jackson-databind (the capture library embeds core). Only what the crashreport/1
 * reader needs: objects keep their field order, numbers keep whether they are integral.
 */
final class JsonTree {
    /** Duplicate keys are an error, as in every reader of ours. */
    static final JsonFactory FACTORY = JsonFactory.builder()
            .enable(com.fasterxml.jackson.core.StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .build();

    private JsonTree() {
    }

    /** What a JSON value is. */
    enum Kind { OBJECT, ARRAY, STRING, INTEGER, DECIMAL, BOOLEAN, NULL }

    /** One value; {@code value} is a map, list, String, BigInteger, Double, Boolean or null by kind. */
    record Node(Kind kind, Object value) {
        static final Node NULL = new Node(Kind.NULL, null);

        /** A field of an object; empty for other kinds or a missing field. */
        Optional<Node> get(String field) {
            return kind == Kind.OBJECT ? Optional.ofNullable(fields().get(field)) : Optional.empty();
        }

        @SuppressWarnings("unchecked")
        Map<String, Node> fields() {
            return kind == Kind.OBJECT ? (Map<String, Node>) value : Map.of();
        }

        @SuppressWarnings("unchecked")
        List<Node> elements() {
            return kind == Kind.ARRAY ? (List<Node>) value : List.of();
        }

        boolean isNull() {
            return kind == Kind.NULL;
        }

        String text() {
            return kind == Kind.STRING ? (String) value : String.valueOf(value);
        }

        BigInteger integer() {
            return (BigInteger) value;
        }
    }

    /** The document's first value (trailing content is ignored, as databind's readTree does). */
    static Node parse(String text) throws IOException {
        try (JsonParser p = FACTORY.createParser(text)) {
            JsonToken t = p.nextToken();
            if (t == null) {
                return Node.NULL;
            }
            return value(p, t);
        }
    }

    /** Recursive: jackson-core itself refuses nesting deeper than 1000 (StreamReadConstraints). */
    private static Node value(JsonParser p, JsonToken t) throws IOException {
        switch (t) {
            case START_OBJECT -> {
                Map<String, Node> fields = new LinkedHashMap<>();
                for (JsonToken n = p.nextToken(); n != JsonToken.END_OBJECT; n = p.nextToken()) {
                    String name = p.currentName();
                    fields.put(name, value(p, p.nextToken()));
                }
                return new Node(Kind.OBJECT, Collections.unmodifiableMap(fields));
            }
            case START_ARRAY -> {
                List<Node> items = new ArrayList<>();
                for (JsonToken n = p.nextToken(); n != JsonToken.END_ARRAY; n = p.nextToken()) {
                    items.add(value(p, n));
                }
                return new Node(Kind.ARRAY, Collections.unmodifiableList(items));
            }
            case VALUE_STRING -> {
                return new Node(Kind.STRING, p.getText());
            }
            case VALUE_NUMBER_INT -> {
                return new Node(Kind.INTEGER, p.getBigIntegerValue());
            }
            case VALUE_NUMBER_FLOAT -> {
                return new Node(Kind.DECIMAL, p.getDoubleValue());
            }
            case VALUE_TRUE, VALUE_FALSE -> {
                return new Node(Kind.BOOLEAN, t == JsonToken.VALUE_TRUE);
            }
            case VALUE_NULL -> {
                return Node.NULL;
            }
            default -> throw new com.fasterxml.jackson.core.JsonParseException(p, "unexpected token " + t);
        }
    }
}
