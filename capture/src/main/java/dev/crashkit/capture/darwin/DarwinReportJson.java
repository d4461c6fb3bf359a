package dev.crashkit.capture.darwin;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.crashkit.symbolicate.report.crashreport.CrashReportJson;
import dev.crashkit.symbolicate.unwind.Trust;
import java.io.IOException;
import java.io.StringWriter;
import java.io.Writer;
import java.util.List;

/** Writes a Darwin capture as crashreport/1 with frames as {@code {"address","trust"}} objects. */
public final class DarwinReportJson {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private DarwinReportJson() {
    }

    public static void write(DarwinCapture.Result r, Writer out) throws IOException {
        StringWriter plain = new StringWriter();
        CrashReportJson.write(r.report(), plain);
        JsonNode root = MAPPER.readTree(plain.toString());
        for (JsonNode t : root.get("threads")) {
            List<Trust> labels = r.trust().getOrDefault(t.get("id").asLong(), List.of());
            ArrayNode frames = (ArrayNode) t.get("frames");
            for (int i = 0; i < frames.size(); i++) {
                ObjectNode f = MAPPER.createObjectNode();
                f.put("address", frames.get(i).asText());
                if (i < labels.size()) {
                    f.put("trust", labels.get(i).label());
                }
                frames.set(i, f);
            }
        }
        MAPPER.writerWithDefaultPrettyPrinter().writeValue(out, root);
    }
}
