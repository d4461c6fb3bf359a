package dev.crashkit.symbolicate.report.crashreport;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.crashkit.symbolicate.model.CrashInfo;
import dev.crashkit.symbolicate.model.CrashReport;
import dev.crashkit.symbolicate.model.DebugId;
import dev.crashkit.symbolicate.model.Frame;
import dev.crashkit.symbolicate.model.Image;
import dev.crashkit.symbolicate.model.ProcessInfo;
import dev.crashkit.symbolicate.model.ThreadState;
import dev.crashkit.symbolicate.model.ThreadTrace;
import dev.crashkit.symbolicate.report.ReportException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Reads our own {@code crashreport/1} JSON (documented in the README). Addresses are hex strings
 * ("0x1f00"); plain JSON integers are accepted too when they are exact.
 */
public final class CrashReportJson {
    public static final String SCHEMA = "crashreport/1";
    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION)
            .build();

    private CrashReportJson() {
    }

    /** True when the text looks like a crashreport/1 document (a JSON object naming the schema). */
    public static boolean matches(String text) {
        String t = text.stripLeading();
        return t.startsWith("{") && t.contains("\"" + SCHEMA + "\"");
    }

    /** Parses a document; {@code source} names the input in error messages. */
    public static CrashReport read(String text, String source) throws ReportException {
        JsonNode root;
        try {
            root = MAPPER.readTree(text);
        } catch (JsonProcessingException e) {
            throw new ReportException(source + ": not valid JSON (line " + e.getLocation().getLineNr()
                    + ", column " + e.getLocation().getColumnNr() + "): " + e.getOriginalMessage());
        }
        return new Reader(source).report(root);
    }

    /**
     * Writes {@code report} as a crashreport/1 document (addresses as hex strings). Reading the
     * output gives back an equal report.
     */
    public static void write(CrashReport report, java.io.Writer out) throws java.io.IOException {
        try (com.fasterxml.jackson.core.JsonGenerator g = MAPPER.getFactory().createGenerator(out)) {
            g.disable(com.fasterxml.jackson.core.JsonGenerator.Feature.AUTO_CLOSE_TARGET);
            g.useDefaultPrettyPrinter();
            g.writeStartObject();
            g.writeStringField("schema", SCHEMA);
            g.writeObjectFieldStart("process");
            var p = report.process();
            opt(g, "name", p.name());
            if (p.pid().isPresent()) {
                g.writeNumberField("pid", p.pid().getAsLong());
            }
            opt(g, "arch", p.arch());
            opt(g, "os", p.os());
            opt(g, "timestamp", p.timestamp());
            g.writeEndObject();
            if (report.crash().isPresent()) {
                CrashInfo c = report.crash().get();
                g.writeObjectFieldStart("crash");
                opt(g, "signal", c.signal());
                opt(g, "code", c.code());
                if (c.address().isPresent()) {
                    g.writeStringField("address", hex(c.address().getAsLong()));
                }
                if (c.thread().isPresent()) {
                    g.writeNumberField("thread", c.thread().getAsLong());
                }
                opt(g, "reason", c.reason());
                g.writeEndObject();
            }
            g.writeArrayFieldStart("images");
            for (Image img : report.images()) {
                g.writeStartObject();
                g.writeStringField("name", img.name());
                opt(g, "path", img.path());
                if (img.id().isPresent()) {
                    g.writeStringField(img.id().get().kind() == DebugId.Kind.UUID ? "uuid" : "build_id",
                            img.id().get().toString());
                }
                opt(g, "arch", img.arch());
                g.writeStringField("load_address", hex(img.loadAddress()));
                if (img.slide().isPresent()) {
                    g.writeStringField("slide", hex(img.slide().getAsLong()));
                }
                if (img.size().isPresent()) {
                    g.writeStringField("size", hex(img.size().getAsLong()));
                }
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeArrayFieldStart("threads");
            for (ThreadTrace t : report.threads()) {
                g.writeStartObject();
                g.writeNumberField("id", t.id());
                opt(g, "name", t.name());
                g.writeBooleanField("crashed", t.crashed());
                g.writeArrayFieldStart("frames");
                for (Frame f : t.frames()) {
                    if (f.trust().isPresent()) {
                        g.writeStartObject();
                        g.writeStringField("address", hex(f.address()));
                        g.writeStringField("trust", f.trust().get());
                        g.writeEndObject();
                    } else {
                        g.writeString(hex(f.address()));
                    }
                }
                g.writeEndArray();
                if (t.state().isPresent()) {
                    writeState(g, t.state().get());
                }
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeEndObject();
        }
        out.write('\n');
    }

    private static void writeState(com.fasterxml.jackson.core.JsonGenerator g, ThreadState s) throws java.io.IOException {
        if (!s.registers().isEmpty()) {
            g.writeObjectFieldStart("registers");
            for (var e : s.registers().entrySet()) {
                g.writeStringField(e.getKey(), hex(e.getValue()));
            }
            g.writeEndObject();
        }
        if (s.stackBase().isPresent() || s.stackBase64().isPresent()) {
            g.writeObjectFieldStart("stack");
            if (s.stackBase().isPresent()) {
                g.writeStringField("base", hex(s.stackBase().getAsLong()));
            }
            opt(g, "bytes_base64", s.stackBase64());
            g.writeEndObject();
        }
    }

    private static String hex(long v) {
        return "0x" + Long.toHexString(v);
    }

    private static void opt(com.fasterxml.jackson.core.JsonGenerator g, String field, Optional<String> v)
            throws java.io.IOException {
        if (v.isPresent()) {
            g.writeStringField(field, v.get());
        }
    }

    /** Walks the tree; every error names the JSON path of the bad value. */
    private static final class Reader {
        private final String source;

        Reader(String source) {
            this.source = source;
        }

        CrashReport report(JsonNode root) throws ReportException {
            if (root == null || !root.isObject()) {
                throw fail("$", "the document is not a JSON object");
            }
            String schema = text(root, "schema", "$.schema").orElseThrow(() -> fail("$.schema", "missing"));
            if (!SCHEMA.equals(schema)) {
                throw fail("$.schema", "unsupported schema \"" + schema + "\" (expected \"" + SCHEMA + "\")");
            }
            ProcessInfo process = process(root.get("process"));
            Optional<CrashInfo> crash = crash(root.get("crash"));
            List<Image> images = new ArrayList<>();
            JsonNode imgs = array(root, "images", "$.images");
            for (int i = 0; i < imgs.size(); i++) {
                images.add(image(imgs.get(i), "$.images[" + i + "]"));
            }
            List<ThreadTrace> threads = new ArrayList<>();
            JsonNode ths = array(root, "threads", "$.threads");
            for (int i = 0; i < ths.size(); i++) {
                threads.add(thread(ths.get(i), i, "$.threads[" + i + "]"));
            }
            return new CrashReport(process, crash, images, threads);
        }

        ProcessInfo process(JsonNode p) throws ReportException {
            if (p == null || p.isNull()) {
                return ProcessInfo.unknown();
            }
            if (!p.isObject()) {
                throw fail("$.process", "expected an object");
            }
            return new ProcessInfo(text(p, "name", "$.process.name"), integer(p, "pid", "$.process.pid"),
                    text(p, "arch", "$.process.arch"), text(p, "os", "$.process.os"),
                    text(p, "timestamp", "$.process.timestamp"));
        }

        Optional<CrashInfo> crash(JsonNode c) throws ReportException {
            if (c == null || c.isNull()) {
                return Optional.empty();
            }
            if (!c.isObject()) {
                throw fail("$.crash", "expected an object");
            }
            return Optional.of(new CrashInfo(text(c, "signal", "$.crash.signal"), text(c, "code", "$.crash.code"),
                    address(c, "address", "$.crash.address"), integer(c, "thread", "$.crash.thread"),
                    text(c, "reason", "$.crash.reason")));
        }

        Image image(JsonNode n, String path) throws ReportException {
            if (n == null || !n.isObject()) {
                throw fail(path, "expected an object");
            }
            Optional<String> file = text(n, "path", path + ".path");
            String name = text(n, "name", path + ".name")
                    .or(() -> file.map(f -> f.substring(f.lastIndexOf('/') + 1)))
                    .orElseThrow(() -> fail(path + ".name", "missing (and no path to take it from)"));
            Optional<String> idText = text(n, "uuid", path + ".uuid");
            if (idText.isEmpty()) {
                idText = text(n, "build_id", path + ".build_id");
            }
            Optional<DebugId> id = Optional.empty();
            if (idText.isPresent() && !idText.get().isBlank()) {
                String t = idText.get();
                id = Optional.of(DebugId.parse(t).orElseThrow(() ->
                        fail(path + ".uuid", "\"" + t + "\" is not a UUID or hex build-id")));
            }
            long load = address(n, "load_address", path + ".load_address")
                    .orElseThrow(() -> fail(path + ".load_address", "missing"));
            return new Image(name, file, id, text(n, "arch", path + ".arch"), load,
                    address(n, "slide", path + ".slide"), address(n, "size", path + ".size"));
        }

        ThreadTrace thread(JsonNode n, int index, String path) throws ReportException {
            if (n == null || !n.isObject()) {
                throw fail(path, "expected an object");
            }
            long id = integer(n, "id", path + ".id").orElse(index);
            JsonNode crashed = n.get("crashed");
            if (crashed != null && !crashed.isBoolean() && !crashed.isNull()) {
                throw fail(path + ".crashed", "expected true or false");
            }
            List<Frame> frames = new ArrayList<>();
            JsonNode fs = array(n, "frames", path + ".frames");
            for (int i = 0; i < fs.size(); i++) {
                JsonNode f = fs.get(i);
                String fp = path + ".frames[" + i + "]";
                if (f.isObject()) {
                    long addr = address(f, "address", fp + ".address").orElseThrow(() -> fail(fp + ".address", "missing"));
                    frames.add(new Frame(addr, i > 0, text(f, "trust", fp + ".trust")));
                } else {
                    frames.add(new Frame(parseAddress(f, fp), i > 0));
                }
            }
            return new ThreadTrace(id, text(n, "name", path + ".name"), crashed != null && crashed.asBoolean(), frames,
                    state(n, path));
        }

        /** Optional capture extras: {"registers":{"rip":"0x…",…}, "stack":{"base":"0x…","bytes_base64":"…"}}. */
        Optional<ThreadState> state(JsonNode n, String path) throws ReportException {
            JsonNode regs = n.get("registers");
            JsonNode stack = n.get("stack");
            if ((regs == null || !regs.isObject()) && (stack == null || !stack.isObject())) {
                return Optional.empty();
            }
            java.util.Map<String, Long> values = new java.util.LinkedHashMap<>();
            if (regs != null && regs.isObject()) {
                for (var it = regs.fields(); it.hasNext(); ) {
                    var e = it.next();
                    values.put(e.getKey(), parseAddress(e.getValue(), path + ".registers." + e.getKey()));
                }
            }
            OptionalLong base = OptionalLong.empty();
            Optional<String> bytes = Optional.empty();
            if (stack != null && stack.isObject()) {
                base = address(stack, "base", path + ".stack.base");
                bytes = text(stack, "bytes_base64", path + ".stack.bytes_base64");
                if (bytes.isPresent()) {
                    try {
                        java.util.Base64.getDecoder().decode(bytes.get());
                    } catch (IllegalArgumentException e) {
                        throw fail(path + ".stack.bytes_base64", "not valid base64");
                    }
                }
            }
            return Optional.of(new ThreadState(values, base, bytes));
        }

        JsonNode array(JsonNode parent, String field, String path) throws ReportException {
            JsonNode a = parent.get(field);
            if (a == null || a.isNull()) {
                throw fail(path, "missing");
            }
            if (!a.isArray()) {
                throw fail(path, "expected an array");
            }
            return a;
        }

        Optional<String> text(JsonNode parent, String field, String path) throws ReportException {
            JsonNode v = parent.get(field);
            if (v == null || v.isNull()) {
                return Optional.empty();
            }
            if (!v.isTextual()) {
                throw fail(path, "expected a string");
            }
            return Optional.of(v.asText());
        }

        OptionalLong integer(JsonNode parent, String field, String path) throws ReportException {
            JsonNode v = parent.get(field);
            if (v == null || v.isNull()) {
                return OptionalLong.empty();
            }
            if (v.isIntegralNumber() && v.canConvertToLong()) {
                return OptionalLong.of(v.asLong());
            }
            if (v.isTextual()) {
                return OptionalLong.of(parseAddress(v, path));
            }
            throw fail(path, "expected an integer");
        }

        OptionalLong address(JsonNode parent, String field, String path) throws ReportException {
            JsonNode v = parent.get(field);
            if (v == null || v.isNull()) {
                return OptionalLong.empty();
            }
            return OptionalLong.of(parseAddress(v, path));
        }

        long parseAddress(JsonNode v, String path) throws ReportException {
            if (v.isIntegralNumber()) {
                if (v.isBigInteger() && (v.bigIntegerValue().signum() < 0 || v.bigIntegerValue().bitLength() > 64)) {
                    throw fail(path, v.asText() + " does not fit in 64 bits");
                }
                return v.isBigInteger() ? v.bigIntegerValue().longValue() : v.asLong();
            }
            if (!v.isTextual()) {
                throw fail(path, "expected an address as a hex string like \"0x1f00\"");
            }
            String s = v.asText().trim();
            try {
                if (s.startsWith("0x") || s.startsWith("0X")) {
                    String hex = s.substring(2);
                    if (hex.isEmpty() || hex.length() > 16) {
                        throw new NumberFormatException();
                    }
                    return Long.parseUnsignedLong(hex, 16);
                }
                return Long.parseUnsignedLong(s);
            } catch (NumberFormatException e) {
                throw fail(path, "\"" + s + "\" is not an address (expected hex like \"0x1f00\")");
            }
        }

        ReportException fail(String path, String problem) {
            return new ReportException(source + ": " + path + ": " + problem);
        }
    }
}
