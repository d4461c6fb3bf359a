package dev.crashkit.core.crashreport;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.math.BigInteger;
import java.util.AbstractList;
import java.util.ArrayList;
import java.util.Arrays;
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

    /**
     * One value; {@code value} is a map, list, String, BigInteger, Double, Boolean or null by kind. An
     * array of address strings as our writer writes them ({@code "0x"} + lower-case hex) holds their
     * values instead of a node and a String each ({@link #addresses}); {@link #elements} gives it as
     * string nodes all the same.
     */
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
            if (kind != Kind.ARRAY) {
                return List.of();
            }
            return value instanceof long[] a ? new AddressTexts(a) : (List<Node>) value;
        }

        /** The values of an array of {@code "0x…"} strings read as {@link #canonicalHex}; null for any other node. */
        long[] addresses() {
            return value instanceof long[] a ? a : null;
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
            return document(p);
        }
    }

    /**
     * The same from ASCII bytes (what {@code parse(new String(ascii, ISO_8859_1))} reads) with Jackson's
     * byte parser: no char copy of the text, and a value's String made from bytes. Only for bytes
     * whose first four are not zero (Jackson would take those for UTF-16 or UTF-32).
     */
    static Node parseAscii(byte[] ascii) throws IOException {
        try (JsonParser p = FACTORY.createParser(ascii)) {
            return document(p);
        }
    }

    private static Node document(JsonParser p) throws IOException {
        JsonToken t = p.nextToken();
        if (t == null) {
            return Node.NULL;
        }
        return value(p, t);
    }

    /**
     * A frames array of a report, 1,000 "0x…" strings in the bench's, is read into a {@code long[]}
     * from the parser's characters; the first other element turns it back into a list of nodes (the
     * values read so far written back as the same text), so any array reads as before.
     */
    private static Node array(JsonParser p) throws IOException {
        JsonToken n = p.nextToken();
        long[] values = null;
        int count = 0;
        while (n == JsonToken.VALUE_STRING) {
            long v = canonicalHex(p.getTextCharacters(), p.getTextOffset(), p.getTextLength());
            if (v == NOT_CANONICAL) {
                break;
            }
            if (values == null) {
                values = new long[16];
            } else if (count == values.length) {
                values = Arrays.copyOf(values, count * 2);
            }
            values[count++] = v;
            n = p.nextToken();
        }
        if (count > 0 && n == JsonToken.END_ARRAY) {
            return new Node(Kind.ARRAY, Arrays.copyOf(values, count));
        }
        List<Node> items = new ArrayList<>(Math.max(10, count + 1));
        for (int i = 0; i < count; i++) {
            items.add(new Node(Kind.STRING, addressText(values[i])));
        }
        for (; n != JsonToken.END_ARRAY; n = p.nextToken()) {
            items.add(value(p, n));
        }
        return new Node(Kind.ARRAY, Collections.unmodifiableList(items));
    }

    /** What {@link #canonicalHex} returns for any other text (also for "0xffffffffffffffff"). */
    static final long NOT_CANONICAL = -1;

    /**
     * The value of text that is exactly {@link #addressText} of it: {@code "0x"} then 1 to 16
     * lower-case hex digits without leading zeros ("0x0" for zero); {@link #NOT_CANONICAL} otherwise.
     */
    static long canonicalHex(char[] c, int off, int len) {
        if (len < 3 || len > 18 || c[off] != '0' || c[off + 1] != 'x' || (c[off + 2] == '0' && len > 3)) {
            return NOT_CANONICAL;
        }
        long v = 0;
        for (int i = off + 2, end = off + len; i < end; i++) {
            char ch = c[i];
            int d;
            if (ch >= '0' && ch <= '9') {
                d = ch - '0';
            } else if (ch >= 'a' && ch <= 'f') {
                d = ch - 'a' + 10;
            } else {
                return NOT_CANONICAL;
            }
            v = v << 4 | d;
        }
        return v;
    }

    /** The text an address array element had: what our writer writes for the value. */
    static String addressText(long v) {
        return "0x" + Long.toHexString(v);
    }

    /** An address array's elements as the string nodes they were read from. */
    private static final class AddressTexts extends AbstractList<Node> {
        private final long[] values;

        AddressTexts(long[] values) {
            this.values = values;
        }

        @Override
        public Node get(int index) {
            return new Node(Kind.STRING, addressText(values[index]));
        }

        @Override
        public int size() {
            return values.length;
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
                return array(p);
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
