package dev.crashkit.symbolicate.report.sentry;

import com.fasterxml.jackson.databind.JsonNode;
import dev.crashkit.core.ReportException;
import dev.crashkit.core.model.Arch;
import dev.crashkit.core.model.CrashInfo;
import dev.crashkit.core.model.CrashReport;
import dev.crashkit.core.model.DebugId;
import dev.crashkit.core.model.Frame;
import dev.crashkit.core.model.Image;
import dev.crashkit.core.model.ProcessInfo;
import dev.crashkit.core.model.ThreadTrace;
import dev.crashkit.symbolicate.report.JsonTrees;
import dev.crashkit.symbolicate.report.ParsedReport;
import dev.crashkit.symbolicate.report.PresetSymbol;
import dev.crashkit.symbolicate.report.ReportDocument;
import dev.crashkit.symbolicate.report.ReportFormat;
import dev.crashkit.symbolicate.report.ReportReader;
import dev.crashkit.symbolicate.report.Texts;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * Reads Sentry event JSON from Apple clients (sentry-cocoa/sentry-swift): {@code debug_meta.images}
 * and {@code threads} (a list, or {@code {"values": [...]}}), whose stack frames Sentry lists
 * outermost first. A thread without a stack trace takes the one of the exception naming it; an
 * exception stack trace no thread names (sentry-java's, sentry-native's) becomes the crashed thread.
 * Frames without {@code instruction_addr} (Java and other managed platforms) keep their
 * {@code module.function}, file and line as given; a Java event's exception is also printed as a Java
 * stack trace ({@link SentryDocument#javaException()}) so that it groups as Java crashes do.
 */
public final class SentryReader implements ReportReader {
    /** Where frames without an address (a managed platform's) are placed: no image is there. */
    private static final long NOWHERE = 0;

    @Override
    public ReportFormat format() {
        return ReportFormat.SENTRY;
    }

    @Override
    public ParsedReport read(String source, byte[] data) throws ReportException {
        JsonNode root = JsonTrees.parse(source, Texts.decode(data), "Sentry event");
        if (!root.isObject()) {
            throw new ReportException(source + ": Sentry event is not a JSON object");
        }
        List<Image> images = new ArrayList<>();
        List<JsonNode> imageNodes = JsonTrees.array(JsonTrees.child(root, "debug_meta"), "images");
        for (int i = 0; i < imageNodes.size(); i++) {
            images.add(image(source, i, imageNodes.get(i)));
        }
        List<JsonNode> exceptions = values(root, "exception");
        List<JsonNode> threadNodes = values(root, "threads");
        List<ThreadTrace> threads = new ArrayList<>();
        List<List<JsonNode>> frameNodes = new ArrayList<>();
        List<List<Optional<PresetSymbol>>> symbols = new ArrayList<>();
        OptionalLong crashedThread = OptionalLong.empty();
        boolean exceptionPlaced = false;
        for (int t = 0; t < threadNodes.size(); t++) {
            JsonNode tn = threadNodes.get(t);
            long id = JsonTrees.unsigned(tn, "id").orElse(t);
            List<JsonNode> sentryFrames = JsonTrees.array(JsonTrees.child(tn, "stacktrace"), "frames");
            boolean crashed = JsonTrees.bool(tn, "crashed");
            for (JsonNode e : exceptions) {
                OptionalLong tid = JsonTrees.unsigned(e, "thread_id");
                if (tid.isPresent() && tid.getAsLong() == id) {
                    crashed = true;
                    exceptionPlaced = true;
                    if (sentryFrames.isEmpty()) {
                        sentryFrames = JsonTrees.array(JsonTrees.child(e, "stacktrace"), "frames");
                    }
                }
            }
            if (crashed && crashedThread.isEmpty()) {
                crashedThread = OptionalLong.of(id);
            }
            addThread(source, "threads[" + t + "]", id, JsonTrees.text(tn, "name"), crashed, sentryFrames, threads,
                    frameNodes, symbols);
        }
        Optional<JsonNode> top = exceptions.isEmpty() ? Optional.empty()
                : Optional.of(exceptions.get(exceptions.size() - 1));
        List<JsonNode> topFrames = top.map(e -> JsonTrees.array(JsonTrees.child(e, "stacktrace"), "frames"))
                .orElse(List.of());
        boolean crashedHasFrames = threads.stream().anyMatch(t -> t.crashed() && !t.frames().isEmpty());
        if (!exceptionPlaced && !crashedHasFrames && !topFrames.isEmpty()) {
            // sentry-java and sentry-native send the crashing stack on the exception alone (no thread
            // list, or threads without it): it becomes the crashed thread.
            long id = JsonTrees.unsigned(top.get(), "thread_id").orElse(threadNodes.isEmpty() ? 0
                    : ReportDocument.EXCEPTION_THREAD_ID);
            for (int t = 0; t < threads.size(); t++) {
                ThreadTrace other = threads.get(t);
                threads.set(t, new ThreadTrace(other.id(), other.name(), false, other.frames()));
            }
            crashedThread = OptionalLong.of(id);
            List<ThreadTrace> one = new ArrayList<>();
            List<List<JsonNode>> oneNodes = new ArrayList<>();
            List<List<Optional<PresetSymbol>>> oneSyms = new ArrayList<>();
            addThread(source, "exception.values[" + (exceptions.size() - 1) + "]", id, Optional.empty(), true,
                    topFrames, one, oneNodes, oneSyms);
            // First, as crash reports list the crashed thread.
            threads.add(0, one.get(0));
            frameNodes.add(0, oneNodes.get(0));
            symbols.add(0, oneSyms.get(0));
        }

        JsonNode contexts = JsonTrees.child(root, "contexts");
        JsonNode os = JsonTrees.child(contexts, "os");
        Optional<String> osText = JsonTrees.text(os, "name").map(n -> n
                + JsonTrees.text(os, "version").map(v -> " " + v).orElse("")
                + JsonTrees.text(os, "build").map(b -> " (" + b + ")").orElse(""));
        ProcessInfo process = new ProcessInfo(JsonTrees.text(JsonTrees.child(contexts, "app"), "app_name"),
                OptionalLong.empty(), JsonTrees.text(JsonTrees.child(contexts, "device"), "arch").map(Arch::parse), osText,
                JsonTrees.textOrNumber(root, "timestamp"));
        CrashReport model = new CrashReport(process, crashInfo(exceptions, crashedThread), images, threads);
        return new ParsedReport(model, ReportFormat.SENTRY, new SentryDocument(root, frameNodes, symbols,
                top.flatMap(e -> javaTrace(e, topFrames))));
    }

    /** Reads a Sentry frame list (outermost first) into one model thread (innermost first). */
    private static void addThread(String source, String where, long id, Optional<String> name, boolean crashed,
                                  List<JsonNode> sentryFrames, List<ThreadTrace> threads,
                                  List<List<JsonNode>> frameNodes, List<List<Optional<PresetSymbol>>> symbols)
            throws ReportException {
        List<Frame> frames = new ArrayList<>();
        List<JsonNode> nodes = new ArrayList<>();
        List<Optional<PresetSymbol>> syms = new ArrayList<>();
        for (int f = sentryFrames.size() - 1; f >= 0; f--) {
            JsonNode fn = sentryFrames.get(f);
            if (!fn.isObject()) {
                throw new ReportException(source + ": " + where + ".stacktrace.frames[" + f + "] is not an object");
            }
            nodes.add(fn);
            OptionalLong pc = JsonTrees.unsigned(fn, "instruction_addr");
            if (pc.isEmpty()) {
                // A frame of a managed platform (Java, JavaScript, Python...): no address to look up, so
                // it sits where no image is and keeps the name, file and line the SDK gave it.
                Optional<PresetSymbol> sym = managedName(fn).map(n -> new PresetSymbol(n, OptionalLong.empty(),
                        JsonTrees.text(fn, "filename").or(() -> JsonTrees.text(fn, "abs_path")), lineOf(fn)));
                syms.add(sym);
                frames.add(new Frame(NOWHERE, false, Optional.empty(),
                        PresetSymbol.reported(Optional.empty(), OptionalLong.empty(), sym)));
                continue;
            }
            OptionalLong symAddr = JsonTrees.unsigned(fn, "symbol_addr");
            Optional<PresetSymbol> sym = JsonTrees.text(fn, "function").filter(n -> !n.equals("<redacted>"))
                    .map(n -> PresetSymbol.of(n, pc.getAsLong() - symAddr.orElse(pc.getAsLong())));
            syms.add(sym);
            // The frame's own source position is the report's too (an earlier symbolication's).
            Optional<PresetSymbol> withSource = sym.map(p -> new PresetSymbol(p.name(), p.offset(),
                    JsonTrees.text(fn, "filename").or(() -> JsonTrees.text(fn, "abs_path")), lineOf(fn)));
            frames.add(new Frame(pc.getAsLong(), !frames.isEmpty(), Optional.empty(), PresetSymbol.reported(
                    JsonTrees.text(fn, "package").map(Texts::baseName), JsonTrees.unsigned(fn, "image_addr"),
                    withSource)));
        }
        threads.add(new ThreadTrace(id, name, crashed, frames));
        frameNodes.add(nodes);
        symbols.add(syms);
    }

    /** {@code module.function} (Java's class and method), else {@code function}, else {@code module}. */
    private static Optional<String> managedName(JsonNode fn) {
        Optional<String> module = JsonTrees.text(fn, "module");
        Optional<String> function = JsonTrees.text(fn, "function");
        if (module.isPresent() && function.isPresent()) {
            return Optional.of(module.get() + "." + function.get());
        }
        return function.or(() -> module);
    }

    /**
     * The exception as {@code Throwable.printStackTrace} prints it, for a Java event (frames with a
     * {@code module} and no address): the grouping then reads it as it reads our capture's.
     */
    private static Optional<String> javaTrace(JsonNode exception, List<JsonNode> sentryFrames) {
        Optional<String> type = JsonTrees.text(exception, "type");
        if (type.isEmpty() || sentryFrames.isEmpty()) {
            return Optional.empty();
        }
        for (JsonNode fn : sentryFrames) {
            if (JsonTrees.unsigned(fn, "instruction_addr").isPresent() || JsonTrees.text(fn, "module").isEmpty()
                    || JsonTrees.text(fn, "function").isEmpty()) {
                return Optional.empty();
            }
        }
        String cls = JsonTrees.text(exception, "module").map(m -> m + "." + type.get()).orElse(type.get());
        StringBuilder out = new StringBuilder(cls);
        JsonTrees.text(exception, "value").ifPresent(v -> out.append(": ").append(v));
        for (int f = sentryFrames.size() - 1; f >= 0; f--) {
            JsonNode fn = sentryFrames.get(f);
            out.append("\n\tat ").append(JsonTrees.text(fn, "module").get()).append('.')
                    .append(JsonTrees.text(fn, "function").get()).append('(')
                    .append(JsonTrees.text(fn, "filename").orElse("Unknown Source"));
            lineOf(fn).ifPresent(l -> out.append(':').append(l));
            out.append(')');
        }
        return Optional.of(out.toString());
    }

    private static OptionalInt lineOf(JsonNode frame) {
        OptionalLong line = JsonTrees.unsigned(frame, "lineno");
        return line.isPresent() && line.getAsLong() <= Integer.MAX_VALUE
                ? OptionalInt.of((int) line.getAsLong()) : OptionalInt.empty();
    }

    /** A Sentry "interface" list: either a plain array or {@code {"values": [...]}}. */
    private static List<JsonNode> values(JsonNode root, String field) {
        JsonNode n = JsonTrees.child(root, field);
        return n.isArray() ? JsonTrees.array(root, field) : JsonTrees.array(n, "values");
    }

    private static Image image(String source, int i, JsonNode n) throws ReportException {
        OptionalLong addr = JsonTrees.unsigned(n, "image_addr");
        if (addr.isEmpty()) {
            throw new ReportException(source + ": debug_meta.images[" + i + "] has no image_addr");
        }
        Optional<String> path = JsonTrees.text(n, "code_file").or(() -> JsonTrees.text(n, "name"));
        // An ELF image's debug_id is a GUID folded from its build-id; code_id is the build-id itself,
        // which is what the debug files are indexed by.
        Optional<DebugId> id = JsonTrees.text(n, "type").filter("elf"::equals)
                .flatMap(t -> JsonTrees.text(n, "code_id")).flatMap(SentryReader::buildId)
                .or(() -> JsonTrees.text(n, "debug_id").or(() -> JsonTrees.text(n, "uuid")).flatMap(DebugId::parse));
        Optional<Arch> arch = JsonTrees.text(n, "arch").map(Arch::parse);
        OptionalLong type = JsonTrees.unsigned(n, "cpu_type");
        if (arch.isEmpty() && type.isPresent()) {
            arch = Optional.of(Arch.machO(type.getAsLong(), JsonTrees.unsigned(n, "cpu_subtype").orElse(0)))
                    .filter(Arch::isKnown);
        }
        // image_vmaddr 0 means "not recorded" in these events; the debug file knows its own vmaddr.
        OptionalLong vmaddr = JsonTrees.unsigned(n, "image_vmaddr");
        OptionalLong slide = vmaddr.isPresent() && vmaddr.getAsLong() != 0
                ? OptionalLong.of(addr.getAsLong() - vmaddr.getAsLong()) : OptionalLong.empty();
        return new Image(path.map(Texts::baseName).orElse("???"), path, id, arch, addr.getAsLong(), slide,
                JsonTrees.unsigned(n, "image_size"));
    }

    private static Optional<DebugId> buildId(String hex) {
        if (hex.isEmpty() || hex.length() % 2 != 0 || hex.length() > 128) {
            return Optional.empty();
        }
        try {
            return Optional.of(DebugId.buildId(java.util.HexFormat.of().parseHex(hex)));
        } catch (IllegalArgumentException e) {
            return Optional.empty(); // not hex: the debug_id is used instead
        }
    }

    private static Optional<CrashInfo> crashInfo(List<JsonNode> exceptions, OptionalLong crashed) {
        if (exceptions.isEmpty()) {
            return crashed.isPresent() ? Optional.of(new CrashInfo(Optional.empty(), Optional.empty(),
                    OptionalLong.empty(), crashed, Optional.empty())) : Optional.empty();
        }
        JsonNode e = exceptions.get(exceptions.size() - 1);
        JsonNode mech = JsonTrees.child(e, "mechanism");
        JsonNode mach = JsonTrees.child(mech, "mach_exception");
        // Sentry's current schema nests them under mechanism.meta: mach_exception.name, signal.name.
        JsonNode meta = JsonTrees.child(mech, "meta");
        Optional<String> machName = JsonTrees.text(mach, "exception_name")
                .or(() -> JsonTrees.text(JsonTrees.child(meta, "mach_exception"), "name"));
        Optional<String> signalName = JsonTrees.text(JsonTrees.child(mech, "posix_signal"), "name")
                .or(() -> JsonTrees.text(JsonTrees.child(meta, "signal"), "name"));
        Optional<String> signal = machName.map(m -> m + signalName.map(s -> " (" + s + ")").orElse(""))
                .or(() -> JsonTrees.text(e, "type"));
        return Optional.of(new CrashInfo(signal, JsonTrees.textOrNumber(mach, "code"),
                JsonTrees.unsigned(mech, "relevant_address"), crashed, JsonTrees.text(e, "value")));
    }
}
