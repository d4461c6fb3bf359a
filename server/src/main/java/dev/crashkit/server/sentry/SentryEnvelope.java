package dev.crashkit.server.sentry;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * A Sentry envelope (https://develop.sentry.dev/sdk/envelopes/): a JSON header line, then items, each a
 * JSON header line and a payload of {@code length} bytes (followed by an optional newline) or, without
 * {@code length}, up to the next newline. Parsed from bytes in memory, each length checked against the
 * bytes that remain, with at most {@link #MAX_ITEMS} items.
 *
 * @param header the envelope header ({@code event_id}, {@code dsn}, {@code sent_at}...)
 * @param items  the items in order
 */
public record SentryEnvelope(JsonNode header, List<Item> items) {
    /** Most items an envelope may hold (an SDK sends a handful: an event, its attachments, a session). */
    public static final int MAX_ITEMS = 100;
    private static final ObjectMapper JSON = new ObjectMapper();

    public SentryEnvelope {
        items = List.copyOf(items);
    }

    /**
     * One item.
     *
     * @param header  its header ({@code type}, {@code length}, {@code attachment_type}, {@code filename}...)
     * @param payload its bytes
     */
    public record Item(JsonNode header, byte[] payload) {
        /** The {@code type}, empty text when absent. */
        public String type() {
            return header.path("type").asText("");
        }

        /** The {@code attachment_type}, {@code event.attachment} (Sentry's default) when absent. */
        public String attachmentType() {
            return header.path("attachment_type").asText("event.attachment");
        }
    }

    /** An envelope that cannot be read; the message says where and why in one line. */
    public static final class BadEnvelope extends Exception {
        BadEnvelope(String message) {
            super(message);
        }
    }

    /** The envelope header's {@code event_id}, when present. */
    public Optional<String> eventId() {
        JsonNode id = header.get("event_id");
        return id != null && id.isTextual() ? Optional.of(id.asText()) : Optional.empty();
    }

    /** The envelope header's {@code dsn}, when present. */
    public Optional<String> dsn() {
        JsonNode d = header.get("dsn");
        return d != null && d.isTextual() ? Optional.of(d.asText()) : Optional.empty();
    }

    /** Reads an envelope. */
    public static SentryEnvelope parse(byte[] data) throws BadEnvelope {
        int headerEnd = lineEnd(data, 0);
        JsonNode header = object(data, 0, headerEnd, "envelope header");
        List<Item> items = new ArrayList<>();
        int at = headerEnd + 1;
        while (at < data.length) {
            int end = lineEnd(data, at);
            if (end == at) {
                at++; // a blank line (a trailing newline): nothing to read
                continue;
            }
            if (items.size() == MAX_ITEMS) {
                throw new BadEnvelope("envelope: more than " + MAX_ITEMS + " items");
            }
            String where = "envelope item " + items.size();
            JsonNode itemHeader = object(data, at, end, where + " header");
            at = end + 1;
            JsonNode length = itemHeader.get("length");
            byte[] payload;
            if (length != null && !length.isNull()) {
                if (!length.canConvertToLong() || !length.isIntegralNumber() || length.asLong() < 0) {
                    throw new BadEnvelope(where + ": length is not a non-negative integer: " + length);
                }
                long n = length.asLong();
                long remaining = Math.max(0, data.length - at);
                if (n > remaining) {
                    throw new BadEnvelope(where + ": length " + n + " is past the end of the envelope (" + remaining
                            + " bytes remain)");
                }
                payload = Arrays.copyOfRange(data, Math.min(at, data.length), Math.min(at, data.length) + (int) n);
                at += (int) n;
                if (at < data.length) {
                    if (data[at] != '\n') {
                        throw new BadEnvelope(where + ": no newline after its " + n + "-byte payload");
                    }
                    at++;
                }
            } else {
                int payloadEnd = at >= data.length ? data.length : lineEnd(data, at);
                payload = Arrays.copyOfRange(data, Math.min(at, data.length), payloadEnd);
                at = payloadEnd + 1;
            }
            items.add(new Item(itemHeader, payload));
        }
        return new SentryEnvelope(header, items);
    }

    /** Index of the next newline at or after {@code from}, or the data's length. */
    private static int lineEnd(byte[] data, int from) {
        for (int i = from; i < data.length; i++) {
            if (data[i] == '\n') {
                return i;
            }
        }
        return data.length;
    }

    private static JsonNode object(byte[] data, int from, int to, String what) throws BadEnvelope {
        if (from >= to) {
            throw new BadEnvelope(what + " is empty");
        }
        JsonNode n;
        try {
            n = JSON.readTree(new String(data, from, to - from, StandardCharsets.UTF_8));
        } catch (JsonProcessingException e) {
            throw new BadEnvelope(what + " is not JSON: " + e.getOriginalMessage());
        }
        if (n == null || !n.isObject()) {
            throw new BadEnvelope(what + " is not a JSON object");
        }
        return n;
    }
}
