package dev.crashkit.server.symbolication;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.Optional;

/**
 * Removes who a Sentry event's user is from the event before it is stored: the {@code user} object keeps
 * only {@code segment} (a cohort, not a person); {@code id}, {@code email}, {@code ip_address},
 * {@code username}, {@code name}, {@code geo}, {@code data} and any other field go. Users are still counted:
 * the identity is read first and kept only as a salted hash ({@code UserHashes}). Nothing else of the event
 * changes; numbers keep their exact values (read as BigDecimal/BigInteger).
 */
public final class SentryUserScrub {
    private static final ObjectMapper JSON = JsonMapper.builder()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .enable(DeserializationFeature.USE_BIG_INTEGER_FOR_INTS)
            .build();
    private static final String KEPT = "segment";

    private SentryUserScrub() {
    }

    /**
     * The event without its user's identity, or empty when it names none (store the bytes as they came).
     *
     * @param event a Sentry event as read already (valid JSON object)
     */
    public static Optional<byte[]> scrub(byte[] event) throws IOException {
        JsonNode root;
        try {
            root = JSON.readTree(event);
        } catch (JsonProcessingException e) {
            return Optional.empty(); // read already by the format's reader: not expected
        }
        if (!(root instanceof ObjectNode o) || !o.has("user")) {
            return Optional.empty();
        }
        JsonNode user = o.get("user");
        if (user instanceof ObjectNode u) {
            boolean identifying = false;
            for (var it = u.fieldNames(); it.hasNext(); ) {
                identifying |= !it.next().equals(KEPT);
            }
            if (!identifying) {
                return Optional.empty();
            }
            ObjectNode kept = JSON.createObjectNode();
            if (u.has(KEPT)) {
                kept.set(KEPT, u.get(KEPT));
            }
            o.set("user", kept);
        } else if (user.isNull()) {
            return Optional.empty();
        } else {
            o.remove("user"); // not an object: nothing a reader uses, and it may still name someone
        }
        return Optional.of(JSON.writeValueAsBytes(o));
    }
}
