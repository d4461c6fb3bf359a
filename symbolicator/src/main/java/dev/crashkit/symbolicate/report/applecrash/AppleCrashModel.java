package dev.crashkit.symbolicate.report.applecrash;

import dev.crashkit.core.model.Arch;
import dev.crashkit.core.model.CrashInfo;
import dev.crashkit.core.model.CrashReport;
import dev.crashkit.core.model.DebugId;
import dev.crashkit.core.model.Frame;
import dev.crashkit.core.model.Image;
import dev.crashkit.core.model.ProcessInfo;
import dev.crashkit.core.model.ThreadTrace;
import dev.crashkit.symbolicate.report.JsonTrees;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Maps a parsed text report onto the format-neutral model. */
final class AppleCrashModel {

    private static final Pattern PROCESS = Pattern.compile("^(.*?)\\s*\\[(\\d{1,10})\\]\\s*$");
    private static final Pattern AT_ADDRESS = Pattern.compile("at (0x[0-9a-fA-F]{1,16})");
    private static final Pattern LEADING_INT = Pattern.compile("^\\s*(\\d{1,6})");

    private AppleCrashModel() {
    }

    static CrashReport build(AppleCrashDocument doc) {
        Map<String, String> h = doc.header();
        Optional<String> name = Optional.empty();
        OptionalLong pid = OptionalLong.empty();
        String process = h.get("Process");
        if (process != null) {
            Matcher m = PROCESS.matcher(process);
            if (m.matches()) {
                name = Optional.of(m.group(1));
                pid = OptionalLong.of(Long.parseLong(m.group(2)));
            } else if (!process.isBlank()) {
                name = Optional.of(process.trim());
            }
        }
        Optional<Arch> arch = Optional.ofNullable(h.get("Code Type")).filter(s -> !s.isBlank())
                .map(Arch::fromAppleCodeType);
        ProcessInfo pi = new ProcessInfo(name, pid, arch, nonBlank(h.get("OS Version")),
                nonBlank(h.get("Date/Time")));

        List<ThreadTrace> threads = new ArrayList<>();
        OptionalLong crashedNumber = crashedThread(h);
        for (TextThread t : doc.threads()) {
            List<Frame> frames = new ArrayList<>();
            for (int i = 0; i < t.frames().size(); i++) {
                frames.add(t.frames().get(i).toFrame(i > 0));
            }
            boolean crashed = t.crashed()
                    || (crashedNumber.isPresent() && crashedNumber.getAsLong() == t.number());
            threads.add(new ThreadTrace(t.number(), t.name(), crashed, frames));
        }
        if (crashedNumber.isEmpty()) {
            crashedNumber = doc.threads().stream().filter(TextThread::crashed)
                    .mapToLong(TextThread::number).findFirst();
        }

        List<Image> images = new ArrayList<>();
        for (ImageLine il : doc.images()) {
            OptionalLong size = Long.compareUnsigned(il.end(), il.start()) >= 0
                    ? OptionalLong.of(il.end() - il.start() + 1) : OptionalLong.empty();
            Optional<String> path = il.path().isEmpty() ? Optional.empty() : Optional.of(il.path());
            images.add(new Image(il.name(), path, DebugId.parse(il.uuid()), il.arch().map(Arch::parse), il.start(),
                    OptionalLong.empty(), size));
        }
        return new CrashReport(pi, crashInfo(h, crashedNumber), images, threads);
    }

    private static Optional<CrashInfo> crashInfo(Map<String, String> h, OptionalLong crashed) {
        Optional<String> signal = nonBlank(h.get("Exception Type"));
        Optional<String> code = nonBlank(h.get("Exception Codes"));
        Optional<String> reason = nonBlank(h.get("Exception Reason"))
                .or(() -> nonBlank(h.get("Application Specific Information")))
                .or(() -> nonBlank(h.get("Termination Reason")));
        OptionalLong address = OptionalLong.empty();
        for (String key : List.of("Exception Subtype", "Exception Codes", "Exception Note")) {
            String v = h.get(key);
            if (v != null) {
                Matcher m = AT_ADDRESS.matcher(v);
                if (m.find()) {
                    address = JsonTrees.parseUnsigned(m.group(1));
                    break;
                }
            }
        }
        if (signal.isEmpty() && code.isEmpty() && reason.isEmpty() && crashed.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new CrashInfo(signal, code, address, crashed, reason));
    }

    private static OptionalLong crashedThread(Map<String, String> h) {
        for (String key : List.of("Crashed Thread", "Triggered by Thread")) {
            String v = h.get(key);
            if (v != null) {
                Matcher m = LEADING_INT.matcher(v);
                if (m.find()) {
                    return OptionalLong.of(Long.parseLong(m.group(1)));
                }
            }
        }
        return OptionalLong.empty();
    }

    private static Optional<String> nonBlank(String s) {
        return s == null || s.isBlank() ? Optional.empty() : Optional.of(s.trim());
    }
}
