package dev.crashkit.symbolicate.report.plcrash;

import dev.crashkit.core.ReportException;
import dev.crashkit.core.model.Arch;
import dev.crashkit.core.model.CrashInfo;
import dev.crashkit.core.model.CrashReport;
import dev.crashkit.core.model.DebugId;
import dev.crashkit.core.model.Frame;
import dev.crashkit.core.model.Image;
import dev.crashkit.core.model.ProcessInfo;
import dev.crashkit.core.model.ThreadTrace;
import dev.crashkit.symbolicate.report.ParsedReport;
import dev.crashkit.symbolicate.report.PresetSymbol;
import dev.crashkit.symbolicate.report.ReportFormat;
import dev.crashkit.symbolicate.report.ReportReader;
import dev.crashkit.symbolicate.report.Texts;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Reads PLCrashReporter {@code .plcrash} files: 7-byte magic {@code plcrash}, a version byte, then
 * a protobuf {@code plcrash.CrashReport} (field numbers from PLCrashReport.proto).
 */
public final class PlcrashReader implements ReportReader {

    private static final byte[] MAGIC = "plcrash".getBytes(StandardCharsets.US_ASCII);
    private static final int HEADER = MAGIC.length + 1;

    @Override
    public ReportFormat format() {
        return ReportFormat.PLCRASH;
    }

    @Override
    public ParsedReport read(String source, byte[] data) throws ReportException {
        if (data.length < HEADER || !new String(data, 0, MAGIC.length, StandardCharsets.ISO_8859_1).equals("plcrash")) {
            throw new ReportException(source + ": not a PLCrashReporter report (no \"plcrash\" magic)");
        }
        int version = data[MAGIC.length] & 0xFF;
        if (version != 1) {
            throw new ReportException(source + ": unsupported PLCrashReporter format version " + version);
        }
        try {
            return parse(source, version, ProtoFields.parse(data, HEADER, data.length - HEADER));
        } catch (IOException e) {
            throw new ReportException(source + ": corrupt PLCrashReporter protobuf: " + firstLine(e.getMessage()), e);
        }
    }

    private static String firstLine(String message) {
        return message == null ? "unreadable" : message.lines().findFirst().orElse("unreadable");
    }

    private static ParsedReport parse(String source, int version, ProtoFields report) throws IOException,
            ReportException {
        Optional<ProtoFields> system = report.message(1);
        if (system.isEmpty()) {
            throw new ReportException(source + ": PLCrashReporter report has no system_info");
        }
        List<Image> images = new ArrayList<>();
        Optional<Arch> firstArch = Optional.empty();
        for (ProtoFields bi : report.messages(4)) {
            OptionalLong base = bi.varint(1);
            if (base.isEmpty()) {
                throw new ReportException(source + ": binary image without base_address");
            }
            Optional<String> path = bi.string(3);
            Optional<DebugId> id = bi.bytes(4).filter(b -> b.length == 16).map(DebugId::uuid);
            Optional<Arch> arch = Optional.empty();
            Optional<ProtoFields> ct = bi.message(5);
            if (ct.isPresent() && ct.get().varint(2).isPresent()) {
                arch = knownMachO(ct.get().varint(2).getAsLong(), ct.get().varint(3).orElse(0));
            }
            if (firstArch.isEmpty()) {
                firstArch = arch;
            }
            images.add(new Image(path.map(Texts::baseName).orElse("???"), path, id, arch, base.getAsLong(),
                    OptionalLong.empty(), bi.varint(2)));
        }

        List<ThreadTrace> threads = new ArrayList<>();
        List<List<Optional<PresetSymbol>>> symbols = new ArrayList<>();
        List<Map<String, Long>> registers = new ArrayList<>();
        OptionalLong crashed = OptionalLong.empty();
        for (ProtoFields th : report.messages(3)) {
            long number = th.varint(1).orElse(threads.size());
            boolean isCrashed = th.varint(3).orElse(0) != 0;
            if (isCrashed && crashed.isEmpty()) {
                crashed = OptionalLong.of(number);
            }
            List<Frame> frames = new ArrayList<>();
            List<Optional<PresetSymbol>> syms = new ArrayList<>();
            for (ProtoFields fr : th.messages(2)) {
                long pc = fr.varint(3).orElse(0);
                Optional<PresetSymbol> sym = symbol(fr, pc);
                // A PLCrash frame names no image of its own: only the symbol is the report's.
                frames.add(new Frame(pc, !frames.isEmpty(), Optional.empty(),
                        PresetSymbol.reported(Optional.empty(), OptionalLong.empty(), sym)));
                syms.add(sym);
            }
            Map<String, Long> regs = new LinkedHashMap<>();
            for (ProtoFields r : th.messages(4)) {
                Optional<String> name = r.string(1);
                if (name.isPresent()) {
                    regs.put(name.get(), r.varint(2).orElse(0));
                }
            }
            threads.add(new ThreadTrace(number, Optional.empty(), isCrashed, frames));
            symbols.add(syms);
            registers.add(regs);
        }

        Optional<ProtoFields> exception = report.message(5);
        List<Frame> excFrames = new ArrayList<>();
        if (exception.isPresent()) {
            for (ProtoFields fr : exception.get().messages(3)) {
                long pc = fr.varint(3).orElse(0);
                excFrames.add(new Frame(pc, !excFrames.isEmpty(), Optional.empty(),
                        PresetSymbol.reported(Optional.empty(), OptionalLong.empty(), symbol(fr, pc))));
            }
        }
        Optional<String> excName = exception.flatMap(e -> e.string(1));
        Optional<String> excReason = exception.flatMap(e -> e.string(2));

        Optional<ProtoFields> process = report.message(7);
        Optional<ProtoFields> machine = report.message(8);
        final Optional<Arch> imageArch = firstArch;
        Optional<Arch> arch = imageArch;
        if (machine.isPresent()) {
            Optional<ProtoFields> proc = machine.get().message(2);
            if (proc.isPresent() && proc.get().varint(2).isPresent()) {
                arch = knownMachO(proc.get().varint(2).getAsLong(), proc.get().varint(3).orElse(0))
                        .or(() -> imageArch);
            }
        }
        ProtoFields sys = system.get();
        Optional<String> osBuild = sys.string(5);
        Optional<String> os = Optional.of(osName(sys.varint(1).orElse(3)) + sys.string(2).map(v -> " " + v).orElse("")
                + osBuild.map(b -> " (" + b + ")").orElse(""));
        OptionalLong ts = sys.varint(4);
        ProcessInfo pi = new ProcessInfo(process.flatMap(p -> p.string(1)),
                process.isPresent() ? process.get().varint(2) : OptionalLong.empty(), arch, os,
                ts.isPresent() && ts.getAsLong() != 0 ? Optional.of(Long.toString(ts.getAsLong())) : Optional.empty());

        Optional<ProtoFields> signal = report.message(6);
        Optional<CrashInfo> crash = Optional.empty();
        if (signal.isPresent() || exception.isPresent() || crashed.isPresent()) {
            Optional<String> reason = excName.map(n -> n + excReason.map(r -> ": " + r).orElse(""));
            crash = Optional.of(new CrashInfo(signal.flatMap(s -> s.string(1)), signal.flatMap(s -> s.string(2)),
                    signal.isPresent() ? signal.get().varint(3) : OptionalLong.empty(), crashed, reason));
        }
        PlcrashDocument doc = new PlcrashDocument(version, symbols, registers, excName, excReason, excFrames,
                process.flatMap(p -> p.string(3)), osBuild, machine.flatMap(m -> m.string(1)));
        return new ParsedReport(new CrashReport(pi, crash, images, threads), ReportFormat.PLCRASH, doc);
    }

    private static Optional<PresetSymbol> symbol(ProtoFields frame, long pc) throws IOException {
        Optional<ProtoFields> sym = frame.message(6);
        if (sym.isEmpty()) {
            return Optional.empty();
        }
        Optional<String> name = sym.get().string(1);
        OptionalLong start = sym.get().varint(2);
        return name.map(n -> PresetSymbol.of(n, pc - start.orElse(pc)));
    }

    private static String osName(long code) {
        return switch ((int) code) {
            case 0 -> "Mac OS X";
            case 1 -> "iPhone OS";
            case 2 -> "iPhone Simulator";
            case 4 -> "tvOS";
            default -> "Unknown OS";
        };
    }

    /** A Mach-O cpu type/subtype with a name; types without one leave the arch out, as before Arch kept raw numbers. */
    private static Optional<Arch> knownMachO(long type, long subtype) {
        return Optional.of(Arch.machO(type, subtype)).filter(Arch::isKnown);
    }
}
