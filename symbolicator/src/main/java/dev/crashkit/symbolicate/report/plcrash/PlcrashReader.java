package dev.crashkit.symbolicate.report.plcrash;

import com.google.protobuf.CodedInputStream;
import com.google.protobuf.DiscardUnknownFieldsParser;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Parser;
import coop.plausible.crashreporter.CrashReport_pb;
import coop.plausible.crashreporter.CrashReport_pb.CrashReport.BinaryImage;
import coop.plausible.crashreporter.CrashReport_pb.CrashReport.MachineInfo;
import coop.plausible.crashreporter.CrashReport_pb.CrashReport.Processor;
import coop.plausible.crashreporter.CrashReport_pb.CrashReport.ProcessInfo;
import coop.plausible.crashreporter.CrashReport_pb.CrashReport.Signal;
import coop.plausible.crashreporter.CrashReport_pb.CrashReport.SystemInfo;
import coop.plausible.crashreporter.CrashReport_pb.CrashReport.Thread.RegisterValue;
import coop.plausible.crashreporter.CrashReport_pb.CrashReport.Thread.StackFrame;
import dev.crashkit.core.ReportException;
import dev.crashkit.core.model.Arch;
import dev.crashkit.core.model.CrashInfo;
import dev.crashkit.core.model.CrashReport;
import dev.crashkit.core.model.DebugId;
import dev.crashkit.core.model.Frame;
import dev.crashkit.core.model.Image;
import dev.crashkit.core.model.ThreadTrace;
import dev.crashkit.symbolicate.report.ParsedReport;
import dev.crashkit.symbolicate.report.PresetSymbol;
import dev.crashkit.symbolicate.report.ReportFormat;
import dev.crashkit.symbolicate.report.ReportReader;
import dev.crashkit.symbolicate.report.Texts;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Reads PLCrashReporter {@code .plcrash} files: 7-byte magic {@code plcrash}, a version byte, then
 * a protobuf {@code plcrash.CrashReport}, parsed with the classes protoc generates from
 * PLCrashReporter's own {@code PLCrashReport.proto} (src/main/proto).
 *
 * <p>Reports are untrusted: the message is parsed without its {@code required} checks (a missing
 * field is judged here, as before), unknown fields are skipped rather than kept, nesting (groups
 * included) stops at protobuf's recursion limit, and every length is checked against the bytes
 * there are before anything is allocated.
 */
public final class PlcrashReader implements ReportReader {

    private static final byte[] MAGIC = "plcrash".getBytes(StandardCharsets.US_ASCII);
    private static final int HEADER = MAGIC.length + 1;
    /** The schema nests four deep; anything deeper is a group in an unknown field. */
    private static final int RECURSION_LIMIT = 32;
    private static final Parser<CrashReport_pb.CrashReport> PARSER =
            DiscardUnknownFieldsParser.wrap(CrashReport_pb.CrashReport.parser());

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
            return parse(source, version, decode(data));
        } catch (InvalidProtocolBufferException e) {
            throw new ReportException(source + ": corrupt PLCrashReporter protobuf: " + firstLine(e.getMessage()), e);
        }
    }

    /** The message after the header; the input's bytes are aliased, not copied (strings are decoded before return). */
    private static CrashReport_pb.CrashReport decode(byte[] data) throws InvalidProtocolBufferException {
        CodedInputStream in = CodedInputStream.newInstance(data, HEADER, data.length - HEADER);
        in.enableAliasing(true);
        in.setRecursionLimit(RECURSION_LIMIT);
        CrashReport_pb.CrashReport report = PARSER.parsePartialFrom(in);
        // A stray end-group tag ends a message early: the rest must not be silently dropped.
        in.checkLastTagWas(0);
        return report;
    }

    private static String firstLine(String message) {
        return message == null ? "unreadable" : message.lines().findFirst().orElse("unreadable");
    }

    private static ParsedReport parse(String source, int version, CrashReport_pb.CrashReport report)
            throws ReportException {
        if (!report.hasSystemInfo()) {
            throw new ReportException(source + ": PLCrashReporter report has no system_info");
        }
        List<Image> images = new ArrayList<>();
        Optional<Arch> firstArch = Optional.empty();
        for (BinaryImage bi : report.getBinaryImagesList()) {
            if (!bi.hasBaseAddress()) {
                throw new ReportException(source + ": binary image without base_address");
            }
            Optional<String> path = bi.hasName() ? Optional.of(text(bi.getName())) : Optional.empty();
            Optional<DebugId> id = bi.hasUuid() && bi.getUuid().size() == 16
                    ? Optional.of(DebugId.uuid(bi.getUuid().toByteArray())) : Optional.empty();
            Optional<Arch> arch = bi.hasCodeType() ? arch(bi.getCodeType()) : Optional.empty();
            if (firstArch.isEmpty()) {
                firstArch = arch;
            }
            images.add(new Image(path.map(Texts::baseName).orElse("???"), path, id, arch, bi.getBaseAddress(),
                    OptionalLong.empty(), bi.hasSize() ? OptionalLong.of(bi.getSize()) : OptionalLong.empty()));
        }

        List<ThreadTrace> threads = new ArrayList<>();
        List<List<Optional<PresetSymbol>>> symbols = new ArrayList<>();
        List<Map<String, Long>> registers = new ArrayList<>();
        OptionalLong crashed = OptionalLong.empty();
        for (CrashReport_pb.CrashReport.Thread th : report.getThreadsList()) {
            long number = th.hasThreadNumber() ? Integer.toUnsignedLong(th.getThreadNumber()) : threads.size();
            boolean isCrashed = th.getCrashed();
            if (isCrashed && crashed.isEmpty()) {
                crashed = OptionalLong.of(number);
            }
            List<Frame> frames = new ArrayList<>(th.getFramesCount());
            List<Optional<PresetSymbol>> syms = new ArrayList<>(th.getFramesCount());
            for (StackFrame fr : th.getFramesList()) {
                Optional<PresetSymbol> sym = symbol(fr);
                // A PLCrash frame names no image of its own: only the symbol is the report's.
                frames.add(new Frame(fr.getPc(), !frames.isEmpty(), Optional.empty(),
                        PresetSymbol.reported(Optional.empty(), OptionalLong.empty(), sym)));
                syms.add(sym);
            }
            Map<String, Long> regs = new LinkedHashMap<>();
            for (RegisterValue r : th.getRegistersList()) {
                if (r.hasName()) {
                    regs.put(text(r.getName()), r.getValue());
                }
            }
            threads.add(new ThreadTrace(number, Optional.empty(), isCrashed, frames));
            symbols.add(syms);
            registers.add(regs);
        }

        Optional<CrashReport_pb.CrashReport.Exception> exception =
                report.hasException() ? Optional.of(report.getException()) : Optional.empty();
        List<Frame> excFrames = new ArrayList<>();
        if (exception.isPresent()) {
            for (StackFrame fr : exception.get().getFramesList()) {
                excFrames.add(new Frame(fr.getPc(), !excFrames.isEmpty(), Optional.empty(),
                        PresetSymbol.reported(Optional.empty(), OptionalLong.empty(), symbol(fr))));
            }
        }
        Optional<String> excName = exception.filter(CrashReport_pb.CrashReport.Exception::hasName).map(e -> text(e.getName()));
        Optional<String> excReason = exception.filter(CrashReport_pb.CrashReport.Exception::hasReason).map(e -> text(e.getReason()));

        Optional<ProcessInfo> process = report.hasProcessInfo() ? Optional.of(report.getProcessInfo()) : Optional.empty();
        Optional<MachineInfo> machine = report.hasMachineInfo() ? Optional.of(report.getMachineInfo()) : Optional.empty();
        final Optional<Arch> imageArch = firstArch;
        Optional<Arch> arch = imageArch;
        if (machine.isPresent() && machine.get().hasProcessor() && machine.get().getProcessor().hasType()) {
            arch = arch(machine.get().getProcessor()).or(() -> imageArch);
        }
        SystemInfo sys = report.getSystemInfo();
        Optional<String> osBuild = sys.hasOsBuild() ? Optional.of(text(sys.getOsBuild())) : Optional.empty();
        // An operating system number protobuf does not know is left unset: "Unknown OS", as for OS_UNKNOWN.
        Optional<String> os = Optional.of(osName(sys.hasOperatingSystem() ? sys.getOperatingSystem().getNumber() : 3)
                + (sys.hasOsVersion() ? " " + text(sys.getOsVersion()) : "")
                + osBuild.map(b -> " (" + b + ")").orElse(""));
        long ts = sys.getTimestamp();
        dev.crashkit.core.model.ProcessInfo pi = new dev.crashkit.core.model.ProcessInfo(
                process.filter(ProcessInfo::hasProcessName).map(p -> text(p.getProcessName())),
                process.filter(ProcessInfo::hasProcessId)
                        .map(p -> OptionalLong.of(Integer.toUnsignedLong(p.getProcessId()))).orElse(OptionalLong.empty()),
                arch, os, ts != 0 ? Optional.of(Long.toString(ts)) : Optional.empty());

        Optional<Signal> signal = report.hasSignal() ? Optional.of(report.getSignal()) : Optional.empty();
        Optional<CrashInfo> crash = Optional.empty();
        if (signal.isPresent() || exception.isPresent() || crashed.isPresent()) {
            Optional<String> reason = excName.map(n -> n + excReason.map(r -> ": " + r).orElse(""));
            crash = Optional.of(new CrashInfo(signal.filter(Signal::hasName).map(s -> text(s.getName())),
                    signal.filter(Signal::hasCode).map(s -> text(s.getCode())),
                    signal.filter(Signal::hasAddress).map(s -> OptionalLong.of(s.getAddress())).orElse(OptionalLong.empty()),
                    crashed, reason));
        }
        PlcrashDocument doc = new PlcrashDocument(version, symbols, registers, excName, excReason, excFrames,
                process.filter(ProcessInfo::hasProcessPath).map(p -> text(p.getProcessPath())), osBuild,
                machine.filter(MachineInfo::hasModel).map(m -> text(m.getModel())));
        return new ParsedReport(new CrashReport(pi, crash, images, threads), ReportFormat.PLCRASH, doc);
    }

    /** The frame's client-side symbol guess; without a start address the offset is 0. */
    private static Optional<PresetSymbol> symbol(StackFrame frame) {
        if (!frame.hasSymbol() || !frame.getSymbol().hasName()) {
            return Optional.empty();
        }
        CrashReport_pb.CrashReport.Symbol sym = frame.getSymbol();
        long pc = frame.getPc();
        return Optional.of(PresetSymbol.of(text(sym.getName()), pc - (sym.hasStartAddress() ? sym.getStartAddress() : pc)));
    }

    /** A string field up to its first NUL: some writers include a trailing one. */
    private static String text(String value) {
        int nul = value.indexOf('\0');
        return nul >= 0 ? value.substring(0, nul) : value;
    }

    /** The Mach-O type/subtype of a processor that records a type. */
    private static Optional<Arch> arch(Processor processor) {
        return processor.hasType() ? knownMachO(processor.getType(), processor.getSubtype()) : Optional.empty();
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
