package dev.crashkit.core.crashreport;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.crashkit.core.ReportException;
import dev.crashkit.core.model.CrashReport;
import dev.crashkit.core.model.Frame;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Arrays of {@code "0x…"} strings are read into their values by {@link JsonTree} (no node and String
 * per frame): every array must still read as the same JSON, and every frame as the same address.
 */
class AddressArraysTest {

    @Test
    void ourSpellingIsReadIntoValuesAndAnyOtherIsNot() throws IOException {
        JsonTree.Node n = JsonTree.parse("[\"0x0\",\"0x1f\",\"0x100628d7c\",\"0x8000000000000000\",\"0xfffffffffffffffe\"]");
        assertArrayEquals(new long[] {0, 0x1f, 0x100628d7cL, 0x8000000000000000L, 0xfffffffffffffffeL}, n.addresses());
        for (String other : List.of("0X1f", "0x1F", "0x01", "0x00", "0x", "0xffffffffffffffff", "0x11112222333344445",
                " 0x1", "0x1 ", "1f", "0xg")) {
            assertNull(JsonTree.parse("[\"0x1\",\"" + other + "\"]").addresses(), other);
            assertNull(JsonTree.parse("[\"" + other + "\"]").addresses(), other);
        }
        assertNull(JsonTree.parse("[]").addresses());
        assertNull(JsonTree.parse("[\"0x1\",1]").addresses());
        assertNull(JsonTree.parse("\"0x1\"").addresses());
        // An escaped spelling reads as its chars, as getText() gives them.
        assertArrayEquals(new long[] {0x1f}, JsonTree.parse("[\"\\u0030x1f\"]").addresses());
    }

    /** Random arrays, mostly of address strings, read as a plain streaming read of the same text does. */
    @Test
    void everyArrayReadsAsTheSameJson() throws IOException {
        Random r = new Random(12);
        String[] others = {"\"0X1F\"", "\"0x01\"", "\"0xffffffffffffffff\"", "\"0x\"", "\"abc\"", "1", "-5", "1.5", "true",
            "null", "{\"address\":\"0x1\"}", "[]", "[\"0x2\",\"0x3\"]", "\"0x1f \"", "\"\\u0030x2a\"", "\"0xABC\""};
        for (int i = 0; i < 3_000; i++) {
            StringBuilder sb = new StringBuilder("{\"a\":[");
            int n = r.nextInt(40);
            for (int k = 0; k < n; k++) {
                if (k > 0) {
                    sb.append(',');
                }
                if (r.nextInt(10) < 8) {
                    long v = switch (r.nextInt(4)) {
                        case 0 -> r.nextInt(16);
                        case 1 -> r.nextLong();
                        default -> 0x100000000L + r.nextInt(0x700000);
                    };
                    sb.append("\"0x").append(Long.toHexString(v)).append('"');
                } else {
                    sb.append(others[r.nextInt(others.length)]);
                }
            }
            String text = sb.append("],\"b\":\"0x1\"}").toString();
            Object expected = reference(text);
            assertEquals(expected, plain(JsonTree.parse(text)), text);
            assertEquals(expected, plain(JsonTree.parseAscii(text.getBytes(StandardCharsets.US_ASCII))), text);
        }
    }

    @Test
    void framesReadAsTheirAddressesWithTheirKind() throws ReportException {
        StringBuilder sb = new StringBuilder("{\"schema\":\"crashreport/1\",\"images\":[],\"threads\":[{\"frames\":[");
        long[] want = new long[1_000];
        for (int i = 0; i < want.length; i++) {
            want[i] = 0x100000000L + 4L * i * 7919;
            sb.append(i > 0 ? "," : "").append("\"0x").append(Long.toHexString(want[i])).append('"');
        }
        String text = sb.append("]}]}").toString();
        for (CrashReport report : List.of(CrashReportJson.read(text, "t.json"),
                CrashReportJson.read(CrashReportJson.tryParse(text.getBytes(StandardCharsets.US_ASCII), text).orElseThrow(),
                        "t.json"))) {
            List<Frame> frames = report.threads().get(0).frames();
            assertEquals(want.length, frames.size());
            for (int i = 0; i < want.length; i++) {
                assertEquals(new Frame(want[i], i > 0), frames.get(i), "frame " + i);
            }
        }
    }

    /** A bad value after many good ones is named at its own index; arrays where objects belong still fail. */
    @Test
    void errorsAfterAddressesNameTheirPlace() {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 700; i++) {
            sb.append("\"0x").append(Integer.toHexString(0x1000 + i)).append("\",");
        }
        String frames = sb.toString();
        assertMessage("t.json: $.threads[0].frames[700]: \"0xZZ\" is not an address (expected hex like \"0x1f00\")",
                "{\"schema\":\"crashreport/1\",\"images\":[],\"threads\":[{\"frames\":[" + frames + "\"0xZZ\"]}]}");
        assertMessage("t.json: $.threads[0].frames[700]: expected an address as a hex string like \"0x1f00\"",
                "{\"schema\":\"crashreport/1\",\"images\":[],\"threads\":[{\"frames\":[" + frames + "true]}]}");
        assertMessage("t.json: $.threads[0].frames[700].address: missing",
                "{\"schema\":\"crashreport/1\",\"images\":[],\"threads\":[{\"frames\":[" + frames + "{}]}]}");
        assertMessage("t.json: $.images[0]: expected an object",
                "{\"schema\":\"crashreport/1\",\"images\":[\"0x1\",\"0x2\"],\"threads\":[]}");
        assertMessage("t.json: $.threads[1]: expected an object",
                "{\"schema\":\"crashreport/1\",\"images\":[],\"threads\":[{\"frames\":[\"0x1\"]},\"0x2\"]}");
        assertMessage("t.json: $.threads[0].frames: expected an array",
                "{\"schema\":\"crashreport/1\",\"images\":[],\"threads\":[{\"frames\":\"0x1\"}]}");
        assertMessage("t.json: $.threads[0].name: expected a string",
                "{\"schema\":\"crashreport/1\",\"images\":[],\"threads\":[{\"frames\":[\"0x1\"],\"name\":[\"0x1\"]}]}");
        assertMessage("t.json: $.threads[0].registers.pc: expected an address as a hex string like \"0x1f00\"",
                "{\"schema\":\"crashreport/1\",\"images\":[],\"threads\":[{\"frames\":[\"0x1\"],\"registers\":{\"pc\":[\"0x1\"]}}]}");
    }

    private static void assertMessage(String expected, String text) {
        ReportException e = assertThrows(ReportException.class, () -> CrashReportJson.read(text, "t.json"));
        assertEquals(expected, e.getMessage());
        CrashReportJson.Document d = CrashReportJson.tryParse(text.getBytes(StandardCharsets.US_ASCII), text).orElseThrow();
        assertNotNull(d);
        ReportException e2 = assertThrows(ReportException.class, () -> CrashReportJson.read(d, "t.json"));
        assertEquals(expected, e2.getMessage());
    }

    /** A node as plain values: maps, lists (an address array through its elements), strings, numbers. */
    private static Object plain(JsonTree.Node n) {
        return switch (n.kind()) {
            case OBJECT -> {
                List<Object> fields = new ArrayList<>();
                for (Map.Entry<String, JsonTree.Node> e : n.fields().entrySet()) {
                    fields.add(List.of(e.getKey(), plain(e.getValue())));
                }
                yield List.of("object", fields);
            }
            case ARRAY -> {
                List<Object> items = new ArrayList<>();
                for (JsonTree.Node e : n.elements()) {
                    items.add(plain(e));
                }
                yield List.of("array", items);
            }
            case STRING -> List.of("string", n.text());
            case NULL -> List.of("null");
            default -> List.of(n.kind().name(), String.valueOf(n.value()));
        };
    }

    /** The same with Jackson's streaming parser alone, element by element. */
    private static Object reference(String text) throws IOException {
        try (JsonParser p = new JsonFactory().createParser(text)) {
            return reference(p, p.nextToken());
        }
    }

    private static Object reference(JsonParser p, JsonToken t) throws IOException {
        switch (t) {
            case START_OBJECT -> {
                List<Object> fields = new ArrayList<>();
                for (JsonToken n = p.nextToken(); n != JsonToken.END_OBJECT; n = p.nextToken()) {
                    String name = p.currentName();
                    fields.add(List.of(name, reference(p, p.nextToken())));
                }
                return List.of("object", fields);
            }
            case START_ARRAY -> {
                List<Object> items = new ArrayList<>();
                for (JsonToken n = p.nextToken(); n != JsonToken.END_ARRAY; n = p.nextToken()) {
                    items.add(reference(p, n));
                }
                return List.of("array", items);
            }
            case VALUE_STRING -> {
                return List.of("string", p.getText());
            }
            case VALUE_NUMBER_INT -> {
                return List.of("INTEGER", p.getBigIntegerValue().toString());
            }
            case VALUE_NUMBER_FLOAT -> {
                return List.of("DECIMAL", String.valueOf(p.getDoubleValue()));
            }
            case VALUE_TRUE, VALUE_FALSE -> {
                return List.of("BOOLEAN", String.valueOf(t == JsonToken.VALUE_TRUE));
            }
            default -> {
                return List.of("null");
            }
        }
    }
}
