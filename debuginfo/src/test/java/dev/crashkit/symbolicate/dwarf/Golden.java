package dev.crashkit.symbolicate.dwarf;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPInputStream;

/**
 * Compares {@link DwarfContext#lookup} with llvm-symbolizer-19 JSON goldens (made by
 * testdata/dwarf/golden.py): per address the inline chain length and order, and per frame the
 * function (linkage name, else name), file, line, column, decl line and start address.
 */
final class Golden {
    private Golden() {
    }

    record Result(int addresses, int frames, List<String> mismatches) {
    }

    static Result check(DwarfContext ctx, Path prefix) throws IOException {
        ObjectMapper json = new ObjectMapper();
        Path gz = Path.of(prefix + ".json.gz");
        List<String> mismatches = new ArrayList<>();
        int addresses = 0;
        int frames = 0;
        try (BufferedReader in = new BufferedReader(new InputStreamReader(
                new GZIPInputStream(Files.newInputStream(gz)), StandardCharsets.UTF_8))) {
            String line;
            while ((line = in.readLine()) != null) {
                JsonNode entry = json.readTree(line);
                long address = Long.parseUnsignedLong(entry.get("Address").asText().substring(2), 16);
                List<JsonNode> expected = new ArrayList<>();
                entry.get("Symbol").forEach(expected::add);
                if (expected.size() == 1 && isEmpty(expected.get(0))) {
                    expected.clear();
                }
                List<SourceFrame> actual = ctx.lookup(address);
                addresses++;
                frames += expected.size();
                String where = prefix.getFileName() + " @0x" + Long.toHexString(address);
                if (actual.size() != expected.size()) {
                    mismatches.add(where + ": chain length " + actual.size() + " != " + expected.size() + " "
                            + describe(actual) + " vs " + expected);
                    continue;
                }
                for (int i = 0; i < actual.size(); i++) {
                    String diff = compare(actual.get(i), expected.get(i), i == actual.size() - 1);
                    if (diff != null) {
                        mismatches.add(where + " frame " + i + ": " + diff);
                    }
                }
            }
        }
        return new Result(addresses, frames, mismatches);
    }

    private static boolean isEmpty(JsonNode f) {
        return f.get("FunctionName").asText().isEmpty() && f.get("FileName").asText().isEmpty()
                && f.get("Line").asLong() == 0;
    }

    private static String compare(SourceFrame a, JsonNode e, boolean last) {
        String fn = a.functionName().orElse("");
        String file = a.file().orElse("");
        String start = a.startAddress().isPresent() ? "0x" + Long.toHexString(a.startAddress().getAsLong()) : "";
        StringBuilder d = new StringBuilder();
        diff(d, "function", fn, e.get("FunctionName").asText());
        diff(d, "file", file, e.get("FileName").asText());
        diff(d, "line", Long.toString(a.line()), e.get("Line").asText());
        diff(d, "column", Long.toString(a.column()), e.get("Column").asText());
        diff(d, "declLine", Long.toString(a.declLine()), e.get("StartLine").asText());
        diff(d, "start", start, e.get("StartAddress").asText());
        if (a.inlined() == last && !fn.isEmpty()) {
            d.append(" inlined=").append(a.inlined()).append(" but frame is ").append(last ? "last" : "not last");
        }
        return d.length() == 0 ? null : d.toString();
    }

    private static void diff(StringBuilder d, String what, String actual, String expected) {
        if (!actual.equals(expected)) {
            d.append(' ').append(what).append(" '").append(actual).append("' != '").append(expected).append('\'');
        }
    }

    private static String describe(List<SourceFrame> frames) {
        List<String> out = new ArrayList<>();
        for (SourceFrame f : frames) {
            out.add(f.functionName().orElse("?") + "@" + f.file().orElse("?") + ":" + f.line() + ":" + f.column());
        }
        return out.toString();
    }
}
