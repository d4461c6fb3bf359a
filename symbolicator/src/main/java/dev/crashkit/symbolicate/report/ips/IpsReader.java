package dev.crashkit.symbolicate.report.ips;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.crashkit.core.ReportException;
import dev.crashkit.core.model.Arch;
import dev.crashkit.core.model.CrashInfo;
import dev.crashkit.core.model.CrashReport;
import dev.crashkit.core.model.DebugId;
import dev.crashkit.core.model.Frame;
import dev.crashkit.core.model.Image;
import dev.crashkit.core.model.ProcessInfo;
import dev.crashkit.core.model.ReportedFrame;
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
import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads Apple {@code .ips} crash reports (bug_type 309, iOS 15+/macOS 12+): a one-line JSON header
 * followed by a JSON body. Frame address = {@code usedImages[imageIndex].base + imageOffset}.
 */
public final class IpsReader implements ReportReader {

    /** The bug_type of a crash report; others (hangs, jetsam, ...) are refused. */
    public static final String CRASH_BUG_TYPE = "309";

    private static final Pattern AT_ADDRESS = Pattern.compile("at (0x[0-9a-fA-F]{1,16})");

    @Override
    public ReportFormat format() {
        return ReportFormat.IPS;
    }

    @Override
    public ParsedReport read(String source, byte[] data) throws ReportException {
        String text = Texts.decode(data);
        int nl = text.indexOf('\n');
        if (nl < 0) {
            throw new ReportException(source + ": .ips report has a header line but no body");
        }
        String headerLine = text.substring(0, nl).endsWith("\r") ? text.substring(0, nl - 1) : text.substring(0, nl);
        JsonNode header = JsonTrees.parse(source, headerLine, ".ips header line");
        if (!header.isObject()) {
            throw new ReportException(source + ": .ips header line is not a JSON object");
        }
        String bugType = JsonTrees.textOrNumber(header, "bug_type").orElse("?");
        if (!bugType.equals(CRASH_BUG_TYPE)) {
            throw new ReportException(source + ": not a crash report (bug_type " + bugType + ")");
        }
        String rest = text.substring(headerLine.length());
        int bodyStart = 0;
        while (bodyStart < rest.length() && Character.isWhitespace(rest.charAt(bodyStart))) {
            bodyStart++;
        }
        String bodyText = rest.substring(bodyStart).stripTrailing();
        if (bodyText.isEmpty()) {
            throw new ReportException(source + ": .ips report has a header line but no body");
        }
        JsonNode bodyNode = JsonTrees.parse(source, bodyText, ".ips body");
        if (!(bodyNode instanceof ObjectNode body)) {
            throw new ReportException(source + ": .ips body is not a JSON object");
        }
        String trailer = rest.substring(bodyStart + bodyText.length());

        List<Image> images = images(source, JsonTrees.array(body, "usedImages"));
        List<ThreadTrace> threads = new ArrayList<>();
        List<List<Integer>> positions = new ArrayList<>();
        List<JsonNode> threadArray = JsonTrees.array(body, "threads");
        OptionalLong faulting = JsonTrees.unsigned(body, "faultingThread");
        for (int t = 0; t < threadArray.size(); t++) {
            JsonNode tn = threadArray.get(t);
            List<Frame> frames = new ArrayList<>();
            List<Integer> pos = new ArrayList<>();
            frames(source, "threads[" + t + "].frames", JsonTrees.array(tn, "frames"), images, frames, pos);
            boolean crashed = JsonTrees.bool(tn, "triggered") || (faulting.isPresent() && faulting.getAsLong() == t);
            // Apple numbers threads by position ("Thread 0", faultingThread); the kernel thread "id" stays in the body.
            threads.add(new ThreadTrace(t, JsonTrees.text(tn, "name"), crashed, frames));
            positions.add(pos);
        }
        List<Frame> excFrames = new ArrayList<>();
        List<Integer> excPositions = new ArrayList<>();
        frames(source, "lastExceptionBacktrace", JsonTrees.array(body, "lastExceptionBacktrace"), images, excFrames,
                excPositions);
        Optional<ThreadTrace> exception = body.has("lastExceptionBacktrace")
                ? Optional.of(new ThreadTrace(ReportDocument.EXCEPTION_THREAD_ID,
                        Optional.of(ReportDocument.EXCEPTION_THREAD_NAME), false, excFrames))
                : Optional.empty();
        OptionalLong crashedThread = faulting.isPresent() ? faulting : indexOfTriggered(threadArray);
        CrashReport model = new CrashReport(process(header, body), crashInfo(body, crashedThread), images, threads);
        IpsDocument doc = new IpsDocument(headerLine, rest.substring(0, bodyStart), trailer, header, body, positions,
                exception, excPositions);
        return new ParsedReport(model, ReportFormat.IPS, doc);
    }

    /** Concrete frames of a JSON frame array and their positions in it (inline frames are skipped). */
    private static void frames(String source, String where, List<JsonNode> fa, List<Image> images, List<Frame> frames,
                               List<Integer> positions) throws ReportException {
        for (int f = 0; f < fa.size(); f++) {
            JsonNode fn = fa.get(f);
            if (JsonTrees.bool(fn, "inline")) {
                continue; // an inlined call shares the address of the concrete frame after it
            }
            frames.add(new Frame(address(source, where + "[" + f + "]", fn, images), !frames.isEmpty(),
                    Optional.empty(), reported(fn, images)));
            positions.add(f);
        }
    }

    /** The frame's image (by {@code imageIndex}, checked by {@link #address}) and symbol, as the report gives them. */
    private static Optional<ReportedFrame> reported(JsonNode frame, List<Image> images) {
        OptionalLong index = JsonTrees.unsigned(frame, "imageIndex");
        Optional<Image> image = index.isPresent() ? Optional.of(images.get((int) index.getAsLong())) : Optional.empty();
        return PresetSymbol.reported(image.map(Image::name),
                image.isPresent() ? OptionalLong.of(image.get().loadAddress()) : OptionalLong.empty(),
                IpsDocument.symbolOf(frame));
    }

    private static OptionalLong indexOfTriggered(List<JsonNode> threads) {
        for (int t = 0; t < threads.size(); t++) {
            if (JsonTrees.bool(threads.get(t), "triggered")) {
                return OptionalLong.of(t);
            }
        }
        return OptionalLong.empty();
    }

    private static List<Image> images(String source, List<JsonNode> used) throws ReportException {
        List<Image> images = new ArrayList<>();
        for (int i = 0; i < used.size(); i++) {
            JsonNode n = used.get(i);
            OptionalLong base = JsonTrees.unsigned(n, "base");
            if (base.isEmpty()) {
                throw new ReportException(source + ": usedImages[" + i + "] has no base address");
            }
            Optional<String> path = JsonTrees.text(n, "path");
            String name = JsonTrees.text(n, "name").or(() -> path.map(Texts::baseName)).orElse("???");
            OptionalLong size = JsonTrees.unsigned(n, "size");
            images.add(new Image(name, path, JsonTrees.text(n, "uuid").flatMap(DebugId::parse),
                    JsonTrees.text(n, "arch").map(Arch::parse), base.getAsLong(), OptionalLong.empty(),
                    size.isPresent() && size.getAsLong() != 0 ? size : OptionalLong.empty()));
        }
        return images;
    }

    /** Frame address = image base + imageOffset (the offset is from the load address, no slide). */
    static long address(String source, String where, JsonNode frame, List<Image> images) throws ReportException {
        OptionalLong offset = JsonTrees.unsigned(frame, "imageOffset");
        if (offset.isEmpty()) {
            throw new ReportException(source + ": " + where + " has no imageOffset");
        }
        OptionalLong index = JsonTrees.unsigned(frame, "imageIndex");
        if (index.isEmpty()) {
            return offset.getAsLong(); // no image: the offset is the absolute address
        }
        if (Long.compareUnsigned(index.getAsLong(), images.size()) >= 0) {
            throw new ReportException(source + ": " + where + " imageIndex " + Long.toUnsignedString(index.getAsLong())
                    + " out of range (" + images.size() + " usedImages)");
        }
        return images.get((int) index.getAsLong()).loadAddress() + offset.getAsLong();
    }

    private static ProcessInfo process(JsonNode header, JsonNode body) {
        Optional<String> name = JsonTrees.text(body, "procName").or(() -> JsonTrees.text(header, "app_name"))
                .or(() -> JsonTrees.text(header, "name"));
        JsonNode osv = body.path("osVersion");
        Optional<String> os = JsonTrees.text(osv, "train")
                .map(t -> t + JsonTrees.text(osv, "build").map(b -> " (" + b + ")").orElse(""))
                .or(() -> JsonTrees.text(header, "os_version"));
        return new ProcessInfo(name, JsonTrees.unsigned(body, "pid"),
                JsonTrees.text(body, "cpuType").map(Arch::fromAppleCodeType), os,
                JsonTrees.text(body, "captureTime").or(() -> JsonTrees.text(header, "timestamp")));
    }

    private static Optional<CrashInfo> crashInfo(JsonNode body, OptionalLong crashedThread) {
        JsonNode exc = body.path("exception");
        Optional<String> type = JsonTrees.text(exc, "type");
        Optional<String> signal = JsonTrees.text(exc, "signal");
        Optional<String> sig = type.map(t -> t + signal.map(s -> " (" + s + ")").orElse("")).or(() -> signal);
        Optional<String> code = JsonTrees.text(exc, "codes").or(() -> JsonTrees.text(exc, "subtype"));
        OptionalLong address = OptionalLong.empty();
        Optional<String> subtype = JsonTrees.text(exc, "subtype");
        if (subtype.isPresent()) {
            Matcher m = AT_ADDRESS.matcher(subtype.get());
            if (m.find()) {
                address = JsonTrees.parseUnsigned(m.group(1));
            }
        }
        Optional<String> reason = reason(body);
        if (sig.isEmpty() && code.isEmpty() && reason.isEmpty() && crashedThread.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new CrashInfo(sig, code, address, crashedThread, reason));
    }

    private static Optional<String> reason(JsonNode body) {
        JsonNode er = body.path("exceptionReason");
        Optional<String> composed = JsonTrees.text(er, "composed_message")
                .or(() -> JsonTrees.text(er, "name").map(n -> n + JsonTrees.text(er, "reason").map(r -> ": " + r).orElse("")));
        if (composed.isPresent()) {
            return composed;
        }
        JsonNode asi = body.path("asi");
        if (asi.isObject() && asi.size() > 0) {
            List<String> parts = new ArrayList<>();
            asi.fields().forEachRemaining(e -> e.getValue().forEach(v -> {
                if (v.isTextual()) {
                    parts.add(v.textValue());
                }
            }));
            if (!parts.isEmpty()) {
                return Optional.of(String.join("\n", parts));
            }
        }
        return JsonTrees.text(body.path("termination"), "indicator");
    }
}
