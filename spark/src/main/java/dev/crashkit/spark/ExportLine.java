package dev.crashkit.spark;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Optional;

/**
 * One line of a JSON-lines export of the ingest server: a JSON object with at least {@code id}
 * (string or number) and the report, as {@code report} (the raw report text as a string, or the
 * report's JSON object itself) or {@code report_base64} (a binary report such as PLCrashReporter).
 * Other fields are ignored. A file is an export when its first line is such an object and has
 * none of the top-level keys of a report format ({@code schema}, {@code crash},
 * {@code binary_images}, {@code threads}, {@code debug_meta}).
 */
final class ExportLine {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** Top-level keys of report formats (KSCrash has a "report" object too): such a line is a report. */
    private static final java.util.List<String> REPORT_KEYS = java.util.List.of("schema", "crash", "binary_images",
            "threads", "debug_meta");

    private ExportLine() {
    }

    /**
     * True when {@code line} is an export record: the test that tells an export file from a report
     * file, applied to the file's first line.
     */
    static boolean isExportRecord(byte[] line) {
        if (line.length == 0 || firstNonBlank(line) != '{') {
            return false;
        }
        // Top-level names only, values skipped: a report file (one line of compact JSON, read whole here) is
        // told apart at its first report key without building its tree.
        boolean id = false;
        boolean report = false;
        try (JsonParser p = JSON.getFactory().createParser(line)) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                return false;
            }
            for (JsonToken t = p.nextToken(); t != JsonToken.END_OBJECT; t = p.nextToken()) {
                if (t != JsonToken.FIELD_NAME) {
                    return false;
                }
                String name = p.currentName();
                if (REPORT_KEYS.contains(name)) {
                    return false;
                }
                id |= name.equals("id");
                report |= name.equals("report") || name.equals("report_base64");
                p.nextToken();
                p.skipChildren();
            }
            return id && report;
        } catch (java.io.IOException e) {
            return false;
        }
    }

    /** The record on {@code line} of {@code file}; a line that is not a record becomes a failed record. */
    static InputRecord parse(String file, long lineNumber, byte[] line) {
        String source = file + ":" + lineNumber;
        JsonNode n;
        try {
            n = JSON.readTree(line);
        } catch (JsonProcessingException e) {
            return InputRecord.failed(source, source, source + ": not a JSON export record: "
                    + e.getOriginalMessage());
        } catch (java.io.IOException e) {
            return InputRecord.failed(source, source, source + ": cannot read export record: " + e.getMessage());
        }
        if (n == null || !n.isObject()) {
            return InputRecord.failed(source, source, source + ": export record is not a JSON object");
        }
        Optional<String> id = text(n.get("id"));
        if (id.isEmpty()) {
            return InputRecord.failed(source, source, source + ": export record has no \"id\" (string or number)");
        }
        JsonNode report = n.get("report");
        JsonNode base64 = n.get("report_base64");
        if (report != null && report.isTextual()) {
            return InputRecord.of(id.get(), source, report.textValue().getBytes(StandardCharsets.UTF_8));
        }
        if (report != null && report.isObject()) {
            try {
                return InputRecord.of(id.get(), source, JSON.writeValueAsBytes(report));
            } catch (JsonProcessingException e) {
                return InputRecord.failed(id.get(), source, source + ": cannot re-encode \"report\": " + e.getMessage());
            }
        }
        if (base64 != null && base64.isTextual()) {
            try {
                return InputRecord.of(id.get(), source, Base64.getDecoder().decode(base64.textValue()));
            } catch (IllegalArgumentException e) {
                return InputRecord.failed(id.get(), source, source + ": \"report_base64\" is not base64: "
                        + e.getMessage());
            }
        }
        return InputRecord.failed(id.get(), source,
                source + ": export record has no \"report\" (string or object) or \"report_base64\"");
    }

    private static Optional<String> text(JsonNode id) {
        if (id == null || !(id.isTextual() || id.isIntegralNumber()) || id.asText().isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(id.asText());
    }

    private static int firstNonBlank(byte[] line) {
        for (byte b : line) {
            if (b != ' ' && b != '\t' && b != '\r' && b != (byte) 0xEF && b != (byte) 0xBB && b != (byte) 0xBF) {
                return b;
            }
        }
        return -1;
    }
}
