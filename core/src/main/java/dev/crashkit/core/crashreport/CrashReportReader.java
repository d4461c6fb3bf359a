package dev.crashkit.core.crashreport;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.crashkit.core.ReportException;
import dev.crashkit.core.crashreport.JsonTree.Kind;
import dev.crashkit.core.crashreport.JsonTree.Node;
import dev.crashkit.core.model.Arch;
import dev.crashkit.core.model.CrashInfo;
import dev.crashkit.core.model.CrashReport;
import dev.crashkit.core.model.DebugId;
import dev.crashkit.core.model.Frame;
import dev.crashkit.core.model.Image;
import dev.crashkit.core.model.ProcessInfo;
import dev.crashkit.core.model.ReportedFrame;
import dev.crashkit.core.model.ThreadState;
import dev.crashkit.core.model.ThreadTrace;
import dev.crashkit.core.model.Trust;
import java.io.IOException;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * Reads {@code crashreport/1} into the model. Walks the tree; every error names the JSON path of
 * the bad value. Addresses are hex strings ("0x1f00"); exact JSON integers are accepted too.
 */
final class CrashReportReader {
    private final String source;

    private CrashReportReader(String source) {
        this.source = source;
    }

    static CrashReport read(String text, String source) throws ReportException {
        Node root;
        try {
            root = JsonTree.parse(text);
        } catch (JsonProcessingException e) {
            throw new ReportException(source + ": not valid JSON (line " + e.getLocation().getLineNr()
                    + ", column " + e.getLocation().getColumnNr() + "): " + e.getOriginalMessage());
        } catch (IOException e) {
            throw new ReportException(source + ": not valid JSON: " + e.getMessage());
        }
        return read(root, source);
    }

    /** A document parsed before (by {@link CrashReportJson#tryParse}). */
    static CrashReport read(Node root, String source) throws ReportException {
        return new CrashReportReader(source).report(root);
    }

    private CrashReport report(Node root) throws ReportException {
        if (root.kind() != Kind.OBJECT) {
            throw fail("$", "the document is not a JSON object");
        }
        Optional<String> schemaText = text(root, "schema", "$");
        if (schemaText.isEmpty()) {
            throw fail("$.schema", "missing");
        }
        String schema = schemaText.get();
        if (!CrashReportJson.SCHEMA.equals(schema)) {
            throw fail("$.schema", "unsupported schema \"" + schema + "\" (expected \"" + CrashReportJson.SCHEMA + "\")");
        }
        ProcessInfo process = process(root.get("process"));
        Optional<CrashInfo> crash = crash(root.get("crash"));
        List<Image> images = new ArrayList<>();
        List<Node> imgs = array(root, "images", "$");
        for (int i = 0; i < imgs.size(); i++) {
            images.add(image(imgs.get(i), "$.images[" + i + "]"));
        }
        List<ThreadTrace> threads = new ArrayList<>();
        List<Node> ths = array(root, "threads", "$");
        for (int i = 0; i < ths.size(); i++) {
            threads.add(thread(ths.get(i), i, "$.threads[" + i + "]"));
        }
        return new CrashReport(process, crash, images, threads);
    }

    private ProcessInfo process(Optional<Node> node) throws ReportException {
        if (node.isEmpty() || node.get().isNull()) {
            return ProcessInfo.unknown();
        }
        Node p = node.get();
        if (p.kind() != Kind.OBJECT) {
            throw fail("$.process", "expected an object");
        }
        // No Optional.map(Arch::parse): a method reference to an interface's static method spins a
        // method-handle class at run time on every run (~3 ms of reading a report; BENCHMARKS.md).
        Optional<String> arch = text(p, "arch", "$.process");
        return new ProcessInfo(text(p, "name", "$.process"), integer(p, "pid", "$.process"),
                arch.isPresent() ? Optional.of(Arch.parse(arch.get())) : Optional.empty(), text(p, "os", "$.process"),
                text(p, "timestamp", "$.process"));
    }

    private Optional<CrashInfo> crash(Optional<Node> node) throws ReportException {
        if (node.isEmpty() || node.get().isNull()) {
            return Optional.empty();
        }
        Node c = node.get();
        if (c.kind() != Kind.OBJECT) {
            throw fail("$.crash", "expected an object");
        }
        return Optional.of(new CrashInfo(text(c, "signal", "$.crash"), text(c, "code", "$.crash"),
                address(c, "address", "$.crash"), integer(c, "thread", "$.crash"),
                text(c, "reason", "$.crash")));
    }

    private Image image(Node n, String path) throws ReportException {
        if (n.kind() != Kind.OBJECT) {
            throw fail(path, "expected an object");
        }
        // Plain code, not Optional.or/orElseThrow with lambdas: each capturing lambda is an object made
        // through a method handle on C1, four per image of every report of a batch.
        Optional<String> file = text(n, "path", path);
        Optional<String> named = text(n, "name", path);
        String name;
        if (named.isPresent()) {
            name = named.get();
        } else if (file.isPresent()) {
            name = file.get().substring(file.get().lastIndexOf('/') + 1);
        } else {
            throw fail(path + ".name", "missing (and no path to take it from)");
        }
        Optional<String> idText = text(n, "uuid", path);
        if (idText.isEmpty()) {
            idText = text(n, "build_id", path);
        }
        Optional<DebugId> id = Optional.empty();
        if (idText.isPresent() && !idText.get().isBlank()) {
            String t = idText.get();
            id = DebugId.parse(t);
            if (id.isEmpty()) {
                throw fail(path + ".uuid", "\"" + t + "\" is not a UUID or hex build-id");
            }
        }
        OptionalLong load = address(n, "load_address", path);
        if (load.isEmpty()) {
            throw fail(path + ".load_address", "missing");
        }
        Optional<String> arch = text(n, "arch", path);
        return new Image(name, file, id, arch.isPresent() ? Optional.of(Arch.parse(arch.get())) : Optional.empty(),
                load.getAsLong(), address(n, "slide", path), address(n, "size", path));
    }

    private ThreadTrace thread(Node n, int index, String path) throws ReportException {
        if (n.kind() != Kind.OBJECT) {
            throw fail(path, "expected an object");
        }
        long id = integer(n, "id", path).orElse(index);
        Optional<Node> crashed = n.get("crashed");
        if (crashed.isPresent() && crashed.get().kind() != Kind.BOOLEAN && !crashed.get().isNull()) {
            throw fail(path + ".crashed", "expected true or false");
        }
        Node framesNode = arrayNode(n, "frames", path);
        long[] addresses = framesNode.addresses();
        if (addresses != null) {
            // Every frame a "0x…" string, read by the parser into their values: nothing to check.
            Frame[] plain = new Frame[addresses.length];
            for (int i = 0; i < plain.length; i++) {
                plain[i] = new Frame(addresses[i], i > 0);
            }
            boolean isCrashed = crashed.isPresent() && Boolean.TRUE.equals(crashed.get().value());
            return new ThreadTrace(id, text(n, "name", path), isCrashed, Arrays.asList(plain), state(n, path));
        }
        List<Node> fs = framesNode.elements();
        List<Frame> frames = new ArrayList<>(fs.size());
        for (int i = 0; i < fs.size(); i++) {
            Node f = fs.get(i);
            if (f.kind() == Kind.STRING) {
                // The common frame, a plain "0x…" string: no JSON path built unless it is bad.
                long plain = plainHex(f.text());
                frames.add(new Frame(plain != NOT_PLAIN ? plain : parseAddress(f, path + ".frames[" + i + "]"), i > 0));
                continue;
            }
            String fp = path + ".frames[" + i + "]";
            if (f.kind() == Kind.OBJECT) {
                long addr = address(f, "address", fp).orElseThrow(() -> fail(fp + ".address", "missing"));
                // Frame 0 is an exact PC anyway; exact_pc marks later ones (signal frames).
                boolean exactPc = flag(f, "exact_pc", fp);
                // A trust label we do not know is ignored like any other extra field.
                frames.add(new Frame(addr, i > 0 && !exactPc, text(f, "trust", fp).flatMap(Trust::fromLabel),
                        reported(f, fp),
                        flag(f, "kept_from_capture", fp)));
            } else {
                frames.add(new Frame(parseAddress(f, fp), i > 0));
            }
        }
        boolean isCrashed = crashed.isPresent() && Boolean.TRUE.equals(crashed.get().value());
        return new ThreadTrace(id, text(n, "name", path), isCrashed, frames, state(n, path));
    }

    /**
     * What the report's producer said about a frame: {"reported":{"image":…,"image_load_address":…,
     * "symbol":…,"offset":…,"file":…,"line":…}}, else the name our capture gives JIT-compiled code
     * ({@code "jit"}, from the JVM's perf map).
     */
    private Optional<ReportedFrame> reported(Node frame, String framePath) throws ReportException {
        Optional<Node> node = frame.get("reported");
        if (node.isEmpty() || node.get().isNull()) {
            Optional<String> jit = frame.get("jit").filter(j -> j.kind() == Kind.STRING).map(Node::text);
            return ReportedFrame.of(Optional.empty(), OptionalLong.empty(), jit, OptionalLong.empty(),
                    Optional.empty(), OptionalInt.empty());
        }
        Node r = node.get();
        String path = framePath + ".reported";
        if (r.kind() != Kind.OBJECT) {
            throw fail(path, "expected an object");
        }
        OptionalLong line = integer(r, "line", path);
        if (line.isPresent() && (line.getAsLong() < 0 || line.getAsLong() > Integer.MAX_VALUE)) {
            throw fail(path + ".line", line.getAsLong() + " is not a line number");
        }
        return ReportedFrame.of(text(r, "image", path),
                address(r, "image_load_address", path), text(r, "symbol", path),
                integer(r, "offset", path), text(r, "file", path),
                line.isPresent() ? OptionalInt.of((int) line.getAsLong()) : OptionalInt.empty());
    }

    /** {@code node} when it is an object, else empty. */
    private static Optional<Node> object(Optional<Node> node) {
        return node.isPresent() && node.get().kind() == Kind.OBJECT ? node : Optional.empty();
    }

    /** Optional capture extras: {"registers":{"rip":"0x…",…}, "stack":{"base":"0x…","bytes_base64":"…"}}. */
    private Optional<ThreadState> state(Node n, String path) throws ReportException {
        Optional<Node> regs = object(n.get("registers")); // not Optional.filter: lambdas linked on every run
        Optional<Node> stack = object(n.get("stack"));
        if (regs.isEmpty() && stack.isEmpty()) {
            return Optional.empty();
        }
        Map<String, Long> values = new LinkedHashMap<>();
        if (regs.isPresent()) {
            for (Map.Entry<String, Node> e : regs.get().fields().entrySet()) {
                values.put(e.getKey(), parseAddress(e.getValue(), path + ".registers", e.getKey()));
            }
        }
        OptionalLong base = OptionalLong.empty();
        Optional<String> bytes = Optional.empty();
        if (stack.isPresent()) {
            base = address(stack.get(), "base", path + ".stack");
            bytes = text(stack.get(), "bytes_base64", path + ".stack");
            if (bytes.isPresent()) {
                try {
                    Base64.getDecoder().decode(bytes.get());
                } catch (IllegalArgumentException e) {
                    throw fail(path + ".stack.bytes_base64", "not valid base64");
                }
            }
        }
        return Optional.of(new ThreadState(values, base, bytes));
    }

    /*
     * The helpers below take the JSON path of the parent object and build the field's path only for
     * an error message: building ~160 paths per report when nothing is wrong was a third of the
     * walk's cost (BENCHMARKS.md, batch report reading).
     */

    private List<Node> array(Node parent, String field, String parentPath) throws ReportException {
        return arrayNode(parent, field, parentPath).elements();
    }

    private Node arrayNode(Node parent, String field, String parentPath) throws ReportException {
        Optional<Node> a = parent.get(field);
        if (a.isEmpty() || a.get().isNull()) {
            throw fail(parentPath, field, "missing");
        }
        if (a.get().kind() != Kind.ARRAY) {
            throw fail(parentPath, field, "expected an array");
        }
        return a.get();
    }

    private Optional<String> text(Node parent, String field, String parentPath) throws ReportException {
        Optional<Node> v = parent.get(field);
        if (v.isEmpty() || v.get().isNull()) {
            return Optional.empty();
        }
        if (v.get().kind() != Kind.STRING) {
            throw fail(parentPath, field, "expected a string");
        }
        return Optional.of(v.get().text());
    }

    /** An optional boolean, false when absent or null. */
    private boolean flag(Node parent, String field, String parentPath) throws ReportException {
        Optional<Node> v = parent.get(field);
        if (v.isEmpty() || v.get().isNull()) {
            return false;
        }
        if (v.get().kind() != Kind.BOOLEAN) {
            throw fail(parentPath, field, "expected true or false");
        }
        return Boolean.TRUE.equals(v.get().value());
    }

    private OptionalLong integer(Node parent, String field, String parentPath) throws ReportException {
        Optional<Node> v = parent.get(field);
        if (v.isEmpty() || v.get().isNull()) {
            return OptionalLong.empty();
        }
        Node n = v.get();
        if (n.kind() == Kind.INTEGER && n.integer().bitLength() < 64) {
            return OptionalLong.of(n.integer().longValue());
        }
        if (n.kind() == Kind.STRING) {
            return OptionalLong.of(parseAddress(n, parentPath, field));
        }
        throw fail(parentPath, field, "expected an integer");
    }

    private OptionalLong address(Node parent, String field, String parentPath) throws ReportException {
        Optional<Node> v = parent.get(field);
        if (v.isEmpty() || v.get().isNull()) {
            return OptionalLong.empty();
        }
        return OptionalLong.of(parseAddress(v.get(), parentPath, field));
    }

    /** What {@link #plainHex} returns for text it leaves to {@link #parseAddress}. */
    private static final long NOT_PLAIN = -1;

    /**
     * The value of {@code "0x"} and 1 to 15 hex digits (what every address of a report is), read
     * directly; {@link #NOT_PLAIN} for anything else (16 digits, spaces, signs, decimal, errors),
     * which {@link #parseAddress} reads as before. Building every frame's JSON path and parsing
     * through {@code trim}, {@code substring} and {@code Long.parseUnsignedLong} were a third of
     * reading a 10,000-frame report (BENCHMARKS.md, warm one report).
     */
    static long plainHex(String s) {
        int n = s.length();
        if (n < 3 || n > 17 || s.charAt(0) != '0' || (s.charAt(1) != 'x' && s.charAt(1) != 'X')) {
            return NOT_PLAIN;
        }
        long v = 0;
        for (int i = 2; i < n; i++) {
            char c = s.charAt(i);
            if (!HexFormat.isHexDigit(c)) {
                return NOT_PLAIN;
            }
            v = v << 4 | HexFormat.fromHexDigit(c);
        }
        return v;
    }

    private long parseAddress(Node v, String path) throws ReportException {
        return parseAddress(v, path, null);
    }

    /** {@code field} null: the value is at {@code path} itself. */
    private long parseAddress(Node v, String path, String field) throws ReportException {
        if (v.kind() == Kind.INTEGER) {
            BigInteger b = v.integer();
            // Any signed 64-bit value is taken as its bits; beyond that only unsigned 64-bit values fit.
            if (b.bitLength() >= 64 && (b.signum() < 0 || b.bitLength() > 64)) {
                throw fail(path, field, b + " does not fit in 64 bits");
            }
            return b.longValue();
        }
        if (v.kind() != Kind.STRING) {
            throw fail(path, field, "expected an address as a hex string like \"0x1f00\"");
        }
        long plain = plainHex(v.text());
        if (plain != NOT_PLAIN) {
            return plain; // every image's load address and size: no trim, substring and parse
        }
        String s = v.text().trim();
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
            throw fail(path, field, "\"" + s + "\" is not an address (expected hex like \"0x1f00\")");
        }
    }

    private ReportException fail(String path, String problem) {
        return new ReportException(source + ": " + path + ": " + problem);
    }

    /** An error at {@code parentPath.field} ({@code parentPath} itself when {@code field} is null). */
    private ReportException fail(String parentPath, String field, String problem) {
        return fail(field == null ? parentPath : parentPath + "." + field, problem);
    }
}
