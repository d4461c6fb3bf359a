package dev.crashkit.symbolicate.report.hserr;

import dev.crashkit.symbolicate.report.JsonTrees;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Collects the {@link HsErrHeader} fields from the lines that carry them; the first occurrence wins. */
final class HeaderLines {

    /** {@code #  SIGSEGV (0xb) at pc=0x..., pid=29878, tid=29879} (JDK 8 to 25, every OS). */
    private static final Pattern SIGNAL = Pattern.compile(
            "^#\\s{1,8}(\\S{1,64}) \\((0x[0-9a-fA-F]{1,16})\\) at pc=(0x[0-9a-fA-F]{1,16}), pid=(\\d{1,10}), tid=(\\S{1,40})");
    /** {@code #  Internal Error (file.cpp:123), pid=1, tid=2}. */
    private static final Pattern INTERNAL = Pattern.compile(
            "^#\\s{1,8}Internal Error \\((.{0,512})\\), pid=(\\d{1,10}), tid=(\\S{1,40})");
    private static final Pattern SI_ADDR = Pattern.compile("si_addr[:=]\\s{0,4}(0x[0-9a-fA-F]{1,16})");
    private static final Pattern SI_CODE = Pattern.compile("si_code[:=]\\s{0,4}\\d{1,10} \\(([A-Z_]{1,32})\\)");
    private static final Pattern PLATFORM = Pattern.compile(
            "\\b((?:linux|bsd|windows|solaris|aix)-(?:amd64|x86_64|aarch64|arm|x86|ppc64le|ppc64|s390x|riscv64|sparcv9))\\b");

    private Optional<String> signal = Optional.empty();
    private Optional<String> signalCode = Optional.empty();
    private Optional<String> siCode = Optional.empty();
    private OptionalLong pc = OptionalLong.empty();
    private OptionalLong pid = OptionalLong.empty();
    private Optional<String> tid = Optional.empty();
    private Optional<String> reason = Optional.empty();
    private boolean reasonNext;
    private Optional<String> jreVersion = Optional.empty();
    private Optional<String> javaVm = Optional.empty();
    private boolean problematicNext;
    private Optional<String> problematic = Optional.empty();
    private Optional<String> threadLine = Optional.empty();
    private OptionalLong faultAddress = OptionalLong.empty();
    private Optional<String> command = Optional.empty();
    private Optional<String> os = Optional.empty();
    private boolean osNext;
    private Optional<String> time = Optional.empty();
    private Optional<String> platform = Optional.empty();

    /** Looks at one line (any section); returns nothing, remembers what it gives. */
    void accept(String line) {
        if (line.startsWith("#")) {
            banner(line);
            return;
        }
        if (osNext) {
            osNext = false;
            if (os.isEmpty() && !line.isBlank()) {
                os = Optional.of(line.strip());
            }
        }
        if (line.startsWith("Current thread ") && threadLine.isEmpty()) {
            threadLine = Optional.of(line.strip());
        } else if (line.startsWith("siginfo:")) {
            Matcher a = SI_ADDR.matcher(line);
            if (a.find() && faultAddress.isEmpty()) {
                faultAddress = JsonTrees.parseUnsigned(a.group(1));
            }
            Matcher c = SI_CODE.matcher(line);
            if (c.find() && siCode.isEmpty()) {
                siCode = Optional.of(c.group(1));
            }
        } else if (line.startsWith("java_command:") && command.isEmpty()) {
            command = nonBlank(line.substring("java_command:".length()));
        } else if (line.startsWith("uname:")) {
            os = nonBlank(line.substring("uname:".length())).or(() -> os);
        } else if (line.equals("OS:") || line.startsWith("OS:")) {
            Optional<String> inline = nonBlank(line.substring(3));
            if (inline.isPresent() && os.isEmpty()) {
                os = inline;
            } else {
                osNext = inline.isEmpty();
            }
        } else if ((line.startsWith("Time: ") || line.startsWith("time: ")) && time.isEmpty()) {
            String t = line.substring(6);
            int elapsed = t.indexOf(" elapsed time");
            time = nonBlank(elapsed >= 0 ? t.substring(0, elapsed) : t);
        } else if (line.startsWith("vm_info:") && platform.isEmpty()) {
            platform(line);
        }
    }

    private void banner(String line) {
        if (problematicNext) {
            problematicNext = false;
            problematic = nonBlank(line.substring(1));
            return;
        }
        if (reasonNext) {
            reasonNext = false;
            String more = line.substring(1).strip();
            if (!more.isEmpty() && reason.isPresent()) {
                reason = Optional.of(reason.get() + ": " + more);
            }
        }
        Matcher m = SIGNAL.matcher(line);
        if (signal.isEmpty() && m.find()) {
            signal = Optional.of(m.group(1));
            signalCode = Optional.of(m.group(2));
            pc = JsonTrees.parseUnsigned(m.group(3));
            pid = JsonTrees.parseUnsigned(m.group(4));
            tid = Optional.of(m.group(5));
            return;
        }
        Matcher i = INTERNAL.matcher(line);
        if (signal.isEmpty() && i.find()) {
            signal = Optional.of("Internal Error");
            reason = Optional.of(i.group(1));
            reasonNext = true;
            pid = JsonTrees.parseUnsigned(i.group(2));
            tid = Optional.of(i.group(3));
            return;
        }
        if (line.startsWith("# JRE version:") && jreVersion.isEmpty()) {
            jreVersion = nonBlank(line.substring("# JRE version:".length()));
        } else if (line.startsWith("# Java VM:") && javaVm.isEmpty()) {
            javaVm = nonBlank(line.substring("# Java VM:".length()));
            platform(line);
        } else if (line.startsWith("# Problematic frame:")) {
            problematicNext = true;
        }
    }

    private void platform(String line) {
        Matcher p = PLATFORM.matcher(line);
        if (p.find() && platform.isEmpty()) {
            platform = Optional.of(p.group(1));
        }
    }

    private static Optional<String> nonBlank(String s) {
        return s.isBlank() ? Optional.empty() : Optional.of(s.strip());
    }

    HsErrHeader build() {
        return new HsErrHeader(signal, siCode.isPresent() ? siCode : signalCode, pc, pid, tid, reason, jreVersion,
                javaVm, problematic, threadLine, faultAddress, command, os, time, platform);
    }
}
