package dev.crashkit.symbolicate.report.kscrash;

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
import dev.crashkit.symbolicate.report.ReportFormat;
import dev.crashkit.symbolicate.report.ReportReader;
import dev.crashkit.symbolicate.report.Texts;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Reads KSCrash JSON reports (v2 and v3 layouts) and SentryCrash's fork of them. Every address is a
 * JSON integer; names in the backtrace come from {@code dladdr} at crash time.
 */
public final class KSCrashReader implements ReportReader {

    @Override
    public ReportFormat format() {
        return ReportFormat.KSCRASH;
    }

    @Override
    public ParsedReport read(String source, byte[] data) throws ReportException {
        JsonNode root = JsonTrees.parse(source, Texts.decode(data), "KSCrash report");
        if (!root.isObject()) {
            throw new ReportException(source + ": KSCrash report is not a JSON object");
        }
        JsonNode report = JsonTrees.child(root, "report");
        JsonNode system = JsonTrees.child(root, "system");
        JsonNode crash = JsonTrees.child(root, "crash");
        if (!crash.isObject() && !root.has("binary_images")) {
            throw new ReportException(source + ": KSCrash report has neither \"crash\" nor \"binary_images\"");
        }

        List<Image> images = new ArrayList<>();
        List<JsonNode> imageNodes = JsonTrees.array(root, "binary_images");
        for (int i = 0; i < imageNodes.size(); i++) {
            images.add(image(source, i, imageNodes.get(i)));
        }

        List<ThreadTrace> threads = new ArrayList<>();
        List<JsonNode> threadNodes = new ArrayList<>();
        List<List<Optional<PresetSymbol>>> symbols = new ArrayList<>();
        List<Optional<String>> queues = new ArrayList<>();
        List<JsonNode> threadArray = JsonTrees.array(crash, "threads");
        OptionalLong crashedIndex = OptionalLong.empty();
        for (int t = 0; t < threadArray.size(); t++) {
            JsonNode tn = threadArray.get(t);
            if (!tn.isObject()) {
                throw new ReportException(source + ": crash.threads[" + t + "] is not an object");
            }
            long index = JsonTrees.unsigned(tn, "index").orElse(t);
            boolean crashed = JsonTrees.bool(tn, "crashed");
            if (crashed && crashedIndex.isEmpty()) {
                crashedIndex = OptionalLong.of(index);
            }
            List<Frame> frames = new ArrayList<>();
            List<Optional<PresetSymbol>> syms = new ArrayList<>();
            List<JsonNode> contents = JsonTrees.array(JsonTrees.child(tn, "backtrace"), "contents");
            for (int f = 0; f < contents.size(); f++) {
                JsonNode fn = contents.get(f);
                OptionalLong pc = JsonTrees.unsigned(fn, "instruction_addr");
                if (pc.isEmpty()) {
                    throw new ReportException(source + ": crash.threads[" + t + "].backtrace.contents[" + f
                            + "] has no instruction_addr");
                }
                Optional<String> symName = JsonTrees.text(fn, "symbol_name");
                OptionalLong symAddr = JsonTrees.unsigned(fn, "symbol_addr");
                Optional<PresetSymbol> sym = symName.map(n -> PresetSymbol.of(n,
                        pc.getAsLong() - symAddr.orElse(pc.getAsLong())));
                frames.add(new Frame(pc.getAsLong(), !frames.isEmpty(), Optional.empty(), PresetSymbol.reported(
                        JsonTrees.text(fn, "object_name"), JsonTrees.unsigned(fn, "object_addr"), sym)));
                syms.add(sym);
            }
            threads.add(new ThreadTrace(index, JsonTrees.text(tn, "name"), crashed, frames));
            threadNodes.add(tn);
            symbols.add(syms);
            queues.add(JsonTrees.text(tn, "dispatch_queue"));
        }

        Optional<String> processName = JsonTrees.text(system, "process_name")
                .or(() -> JsonTrees.text(report, "process_name"));
        Optional<String> os = JsonTrees.text(system, "system_name").map(n -> n
                + JsonTrees.text(system, "system_version").map(v -> " " + v).orElse("")
                + JsonTrees.text(system, "os_version").map(b -> " (" + b + ")").orElse(""));
        ProcessInfo process = new ProcessInfo(processName, JsonTrees.unsigned(system, "process_id"),
                JsonTrees.text(system, "cpu_arch").map(Arch::parse), os, JsonTrees.textOrNumber(report, "timestamp"));
        CrashReport model = new CrashReport(process, crashInfo(JsonTrees.child(crash, "error"), crashedIndex),
                images, threads);
        return new ParsedReport(model, ReportFormat.KSCRASH, new KSCrashDocument(root, threadNodes, symbols, queues));
    }

    private static Image image(String source, int i, JsonNode n) throws ReportException {
        OptionalLong addr = JsonTrees.unsigned(n, "image_addr");
        if (addr.isEmpty()) {
            throw new ReportException(source + ": binary_images[" + i + "] has no image_addr");
        }
        Optional<String> path = JsonTrees.text(n, "name");
        OptionalLong vmaddr = JsonTrees.unsigned(n, "image_vmaddr");
        // image_vmaddr 0 is what KSCrash writes when it did not record it; the debug file knows its own.
        OptionalLong slide = vmaddr.isPresent() && vmaddr.getAsLong() != 0 ? OptionalLong.of(addr.getAsLong() - vmaddr.getAsLong())
                : OptionalLong.empty();
        OptionalLong type = JsonTrees.unsigned(n, "cpu_type");
        OptionalLong subtype = JsonTrees.unsigned(n, "cpu_subtype");
        // Types without a name were dropped before Arch kept raw numbers; outputs stay as they were.
        Optional<Arch> arch = type.isPresent()
                ? Optional.of(Arch.machO(type.getAsLong(), subtype.orElse(0))).filter(Arch::isKnown) : Optional.empty();
        Optional<DebugId> id = JsonTrees.text(n, "uuid").flatMap(DebugId::parse);
        return new Image(path.map(Texts::baseName).orElse("???"), path, id, arch, addr.getAsLong(), slide,
                JsonTrees.unsigned(n, "image_size"));
    }

    private static Optional<CrashInfo> crashInfo(JsonNode error, OptionalLong crashed) {
        if (!error.isObject()) {
            return crashed.isPresent() ? Optional.of(new CrashInfo(Optional.empty(), Optional.empty(),
                    OptionalLong.empty(), crashed, Optional.empty())) : Optional.empty();
        }
        JsonNode mach = JsonTrees.child(error, "mach");
        JsonNode signal = JsonTrees.child(error, "signal");
        Optional<String> machName = JsonTrees.text(mach, "exception_name");
        Optional<String> sigName = JsonTrees.text(signal, "name");
        Optional<String> sig = machName.map(m -> m + sigName.map(s -> " (" + s + ")").orElse("")).or(() -> sigName)
                .or(() -> JsonTrees.text(error, "type"));
        Optional<String> code = JsonTrees.text(mach, "code_name").or(() -> JsonTrees.text(signal, "code_name"))
                .or(() -> JsonTrees.textOrNumber(mach, "code"));
        JsonNode nsexc = JsonTrees.child(error, "nsexception");
        JsonNode cppexc = JsonTrees.child(error, "cpp_exception");
        Optional<String> excName = JsonTrees.text(nsexc, "name").or(() -> JsonTrees.text(cppexc, "name"));
        Optional<String> reason = JsonTrees.text(error, "reason").or(() -> JsonTrees.text(nsexc, "reason"));
        if (excName.isPresent()) {
            reason = Optional.of(excName.get() + reason.map(r -> ": " + r).orElse(""));
        }
        return Optional.of(new CrashInfo(sig, code, JsonTrees.unsigned(error, "address"), crashed, reason));
    }
}
