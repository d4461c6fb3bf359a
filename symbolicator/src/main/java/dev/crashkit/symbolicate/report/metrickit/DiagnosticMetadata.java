package dev.crashkit.symbolicate.report.metrickit;

import com.fasterxml.jackson.databind.JsonNode;
import dev.crashkit.core.model.Arch;
import dev.crashkit.core.model.CrashInfo;
import dev.crashkit.core.model.ProcessInfo;
import dev.crashkit.symbolicate.report.JsonTrees;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * A diagnostic's {@code diagnosticMetaData} as the model's process and crash: Apple's numbers for the
 * Mach exception type and the signal become their names, and each kind's own measurements (hang
 * duration, CPU time, disk writes, launch duration) go into the crash reason text. The document keeps
 * the object itself.
 */
final class DiagnosticMetadata {

    /** {@code <mach/exception_types.h>}. */
    private static final Map<Long, String> EXCEPTION_TYPES = Map.ofEntries(Map.entry(1L, "EXC_BAD_ACCESS"),
            Map.entry(2L, "EXC_BAD_INSTRUCTION"), Map.entry(3L, "EXC_ARITHMETIC"), Map.entry(4L, "EXC_EMULATION"),
            Map.entry(5L, "EXC_SOFTWARE"), Map.entry(6L, "EXC_BREAKPOINT"), Map.entry(7L, "EXC_SYSCALL"),
            Map.entry(8L, "EXC_MACH_SYSCALL"), Map.entry(9L, "EXC_RPC_ALERT"), Map.entry(10L, "EXC_CRASH"),
            Map.entry(11L, "EXC_RESOURCE"), Map.entry(12L, "EXC_GUARD"), Map.entry(13L, "EXC_CORPSE_NOTIFY"));

    /** Darwin's {@code <sys/signal.h>} numbers. */
    private static final Map<Long, String> SIGNALS = Map.ofEntries(Map.entry(1L, "SIGHUP"), Map.entry(2L, "SIGINT"),
            Map.entry(3L, "SIGQUIT"), Map.entry(4L, "SIGILL"), Map.entry(5L, "SIGTRAP"), Map.entry(6L, "SIGABRT"),
            Map.entry(7L, "SIGEMT"), Map.entry(8L, "SIGFPE"), Map.entry(9L, "SIGKILL"), Map.entry(10L, "SIGBUS"),
            Map.entry(11L, "SIGSEGV"), Map.entry(12L, "SIGSYS"), Map.entry(13L, "SIGPIPE"), Map.entry(14L, "SIGALRM"),
            Map.entry(15L, "SIGTERM"));

    private DiagnosticMetadata() {
    }

    /** The app (bundle id, else the app's version), pid, arch, OS and the payload's begin time. */
    static ProcessInfo process(JsonNode meta, Optional<String> timeStamp) {
        Optional<String> name = JsonTrees.text(meta, "bundleIdentifier");
        return new ProcessInfo(name, JsonTrees.unsigned(meta, "pid"), arch(meta), JsonTrees.text(meta, "osVersion"),
                timeStamp);
    }

    static Optional<Arch> arch(JsonNode meta) {
        return JsonTrees.text(meta, "platformArchitecture").filter(a -> !a.isBlank()).map(Arch::parse);
    }

    /**
     * Signal "EXC_BAD_ACCESS (SIGSEGV)", code {@code exceptionCode}, the attributed thread, and a
     * reason built from the kind's fields; empty when the diagnostic says none of these.
     */
    static Optional<CrashInfo> crash(JsonNode meta, Optional<String> kind, OptionalLong attributedThread) {
        Optional<String> type = named(meta, "exceptionType", EXCEPTION_TYPES);
        Optional<String> signal = named(meta, "signal", SIGNALS);
        Optional<String> sig = type.map(t -> t + signal.map(s -> " (" + s + ")").orElse("")).or(() -> signal);
        Optional<String> code = JsonTrees.textOrNumber(meta, "exceptionCode");
        Optional<String> reason = reason(meta, kind);
        if (sig.isEmpty() && code.isEmpty() && reason.isEmpty() && attributedThread.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new CrashInfo(sig, code, OptionalLong.empty(), attributedThread, reason));
    }

    /** A number Apple writes for a named constant: "NAME" or, when unknown, "NAME_OF_FIELD n". */
    private static Optional<String> named(JsonNode meta, String field, Map<Long, String> names) {
        OptionalLong n = JsonTrees.unsigned(meta, field);
        if (n.isPresent()) {
            return Optional.of(names.getOrDefault(n.getAsLong(), field + " " + Long.toUnsignedString(n.getAsLong())));
        }
        return JsonTrees.text(meta, field);
    }

    /** One line per fact: what kind of diagnostic, its measurements, the termination, the ObjC exception. */
    static Optional<String> reason(JsonNode meta, Optional<String> kind) {
        List<String> lines = new ArrayList<>();
        String k = kind.orElse("");
        switch (k) {
            case "hangDiagnostics" -> lines.add("hang" + JsonTrees.textOrNumber(meta, "hangDuration")
                    .map(d -> " of " + d).orElse(""));
            case "cpuExceptionDiagnostics" -> lines.add("CPU exception: " + JsonTrees.textOrNumber(meta, "totalCPUTime")
                    .orElse("?") + " of CPU time in " + JsonTrees.textOrNumber(meta, "totalSampledTime").orElse("?")
                    + " sampled");
            case "diskWriteExceptionDiagnostics" -> lines.add("disk write exception: "
                    + JsonTrees.textOrNumber(meta, "writesCaused").orElse("?") + " written");
            case "appLaunchDiagnostics" -> lines.add("slow launch" + JsonTrees.textOrNumber(meta, "launchDuration")
                    .map(d -> ": " + d).orElse(""));
            default -> {
                // A crash, a lone diagnostic or tree: the fields below say what there is to say.
                measurement(meta, "hangDuration", "hang duration", lines);
                measurement(meta, "totalCPUTime", "total CPU time", lines);
                measurement(meta, "totalSampledTime", "total sampled time", lines);
                measurement(meta, "writesCaused", "writes caused", lines);
                measurement(meta, "launchDuration", "launch duration", lines);
            }
        }
        JsonTrees.text(meta, "terminationReason").ifPresent(lines::add);
        objcException(meta.path("exceptionReason")).ifPresent(lines::add);
        JsonTrees.text(meta, "virtualMemoryRegionInfo").ifPresent(v -> lines.add("VM region: " + v));
        return lines.isEmpty() ? Optional.empty() : Optional.of(String.join("\n", lines));
    }

    private static void measurement(JsonNode meta, String field, String label, List<String> lines) {
        JsonTrees.textOrNumber(meta, field).ifPresent(v -> lines.add(label + ": " + v));
    }

    /**
     * The Objective-C exception (iOS 17 {@code MXCrashDiagnosticObjectiveCExceptionReason}): "NAME: composed
     * message", with the class name when given.
     */
    static Optional<String> objcException(JsonNode reason) {
        if (!reason.isObject()) {
            return Optional.empty();
        }
        Optional<String> name = JsonTrees.text(reason, "exceptionName").or(() -> JsonTrees.text(reason,
                "exceptionType"));
        Optional<String> message = JsonTrees.text(reason, "composedMessage");
        Optional<String> cls = JsonTrees.text(reason, "className");
        if (name.isEmpty() && message.isEmpty() && cls.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(name.orElse("Objective-C exception") + message.map(m -> ": " + m).orElse("")
                + cls.map(c -> " (class " + c + ")").orElse(""));
    }
}
