package dev.crashkit.symbolicate.report.hserr;

import java.util.Optional;
import java.util.OptionalLong;

/**
 * What the log says of the crash and the process, from its {@code #} banner and the summary, thread and
 * system sections. Every field is optional: a truncated log still reads.
 *
 * @param signal        {@code SIGSEGV}, {@code EXCEPTION_ACCESS_VIOLATION}, or {@code Internal Error}
 * @param signalCode    the number after the signal ({@code 0xb}), or the {@code si_code} name of {@code siginfo:}
 * @param pc            the faulting pc of the banner
 * @param pid           the process id
 * @param tid           the crashing thread's id as the banner prints it (decimal or hex)
 * @param reason        an internal error's message ({@code #  Internal Error (...)} and the line after)
 * @param jreVersion    {@code # JRE version:}
 * @param javaVm        {@code # Java VM:}
 * @param problematic   the frame line after {@code # Problematic frame:}
 * @param threadLine    {@code Current thread (0x...):  JavaThread "main" [...]}
 * @param faultAddress  {@code si_addr} of {@code siginfo:}
 * @param command       {@code java_command:}
 * @param os            {@code uname:} (or the first line of {@code OS:})
 * @param time          {@code Time:} without the elapsed time
 * @param platform      {@code linux-amd64}, {@code bsd-aarch64} ... from the VM line or {@code vm_info:}
 */
record HsErrHeader(Optional<String> signal, Optional<String> signalCode, OptionalLong pc, OptionalLong pid,
                   Optional<String> tid, Optional<String> reason, Optional<String> jreVersion,
                   Optional<String> javaVm, Optional<String> problematic, Optional<String> threadLine,
                   OptionalLong faultAddress, Optional<String> command, Optional<String> os, Optional<String> time,
                   Optional<String> platform) {
}
