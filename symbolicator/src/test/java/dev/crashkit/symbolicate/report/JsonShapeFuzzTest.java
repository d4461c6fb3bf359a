package dev.crashkit.symbolicate.report;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.crashkit.core.ReportException;
import dev.crashkit.symbolicate.formats.ReportFormats;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Well-formed JSON of the wrong shape (a field replaced by a value of another type, fixed seed):
 * the JSON readers either parse it or throw a one-line {@link ReportException}, nothing else.
 */
class JsonShapeFuzzTest {

    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    @ParameterizedTest
    @ValueSource(strings = {"kscrash/example-reports/NSException.json", "sentrycrash/raw-crash.json",
        "sentry-crashprobe/release-arm64/Swift.json",
        "testdata/reports/ips/synthetic-macos-arm64.ips"})
    void wrongShapesFailCleanly(String file) throws Exception {
        Path p = file.startsWith("testdata/") ? Path.of(file) : ReportCorpus.path(file);
        assertTrue(Files.isRegularFile(p), "missing " + p);
        String text = Files.readString(p, StandardCharsets.UTF_8);
        boolean ips = file.endsWith(".ips");
        String header = ips ? text.substring(0, text.indexOf('\n') + 1) : "";
        JsonNode original = JsonTrees.mapper().readTree(ips ? text.substring(header.length()) : text);
        Random rnd = new Random(0xC0FFEEL ^ file.hashCode());
        ReportFormats formats = ReportFormats.standard();
        assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
            for (int i = 0; i < 120; i++) {
                JsonNode tree = original.deepCopy();
                for (int k = 0; k < 1 + rnd.nextInt(3); k++) {
                    mutate(tree, rnd);
                }
                byte[] data = (header + JsonTrees.mapper().writeValueAsString(tree)).getBytes(StandardCharsets.UTF_8);
                try {
                    formats.read("shape-" + i, data);
                } catch (ReportException e) {
                    assertTrue(e.getMessage().startsWith("shape-" + i + ": "), e.getMessage());
                    assertFalse(e.getMessage().contains("\n"), e.getMessage());
                }
            }
        });
    }

    /** Replaces one random field or element (biased towards the report's important parts) with a random value. */
    private static void mutate(JsonNode root, Random rnd) {
        List<JsonNode> containers = new ArrayList<>();
        collect(root, containers, 0);
        JsonNode target = containers.get(rnd.nextInt(containers.size()));
        JsonNode value = randomValue(rnd);
        if (target instanceof ObjectNode o && o.size() > 0) {
            Iterator<String> names = o.fieldNames();
            int skip = rnd.nextInt(o.size());
            String name = names.next();
            for (int i = 0; i < skip; i++) {
                name = names.next();
            }
            o.set(name, value);
        } else if (target instanceof ArrayNode a && a.size() > 0) {
            a.set(rnd.nextInt(a.size()), value);
        }
    }

    private static void collect(JsonNode n, List<JsonNode> out, int depth) {
        if (n.isContainerNode() && depth < 12) {
            out.add(n);
            n.forEach(c -> collect(c, out, depth + 1));
        }
    }

    private static JsonNode randomValue(Random rnd) {
        return switch (rnd.nextInt(10)) {
            case 0 -> F.nullNode();
            case 1 -> F.textNode("0xZZ");
            case 2 -> F.numberNode(new BigInteger("340282366920938463463374607431768211456"));
            case 3 -> F.numberNode(-1L);
            case 4 -> F.objectNode();
            case 5 -> F.arrayNode().add(F.objectNode()).add(7);
            case 6 -> F.objectNode().put("a", 1);
            case 7 -> F.booleanNode(true);
            case 8 -> F.numberNode(1.5);
            default -> F.textNode("");
        };
    }
}
