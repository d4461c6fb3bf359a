package dev.crashkit.capture.linux;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/** Yama's ptrace policy and the process's own opt-in to being traced by a helper. */
public final class PtracePermission {
    private PtracePermission() {
    }

    /**
     * Lets any process of this user trace this one ({@code prctl(PR_SET_PTRACER, ANY)}), needed
     * under Yama scope 1 for a helper that is not an ancestor. False when the kernel has no Yama
     * (the call fails with EINVAL and nothing needs changing).
     */
    public static boolean allowAnyTracer() {
        return LinuxNative.prctl(LinuxNative.PR_SET_PTRACER, LinuxNative.PR_SET_PTRACER_ANY, 0, 0, 0) == 0;
    }

    /** The Yama scope (0 classic, 1 restricted, 2 admin-only, 3 none), empty without Yama. */
    public static Optional<Integer> yamaScope() {
        try {
            return Optional.of(Integer.parseInt(Files.readString(Path.of("/proc/sys/kernel/yama/ptrace_scope")).strip()));
        } catch (java.io.IOException | NumberFormatException e) {
            return Optional.empty();
        }
    }

    /** Why attaching to {@code pid} failed with {@code errno}, and what to change. */
    public static String explain(int pid, int errno) {
        Optional<Integer> scope = yamaScope();
        StringBuilder sb = new StringBuilder("cannot ptrace process " + pid + ": ");
        if (errno == 3) {
            return sb.append("no such process").toString();
        }
        if (errno != 1) {
            return sb.append("errno ").append(errno).toString();
        }
        sb.append("permission denied");
        if (scope.isPresent() && scope.get() == 1) {
            sb.append(" (Yama ptrace_scope=1 lets a process trace only its descendants, and a -XX:OnError helper is"
                    + " the target's child, not its parent: call Capture.install in the target, which runs"
                    + " prctl(PR_SET_PTRACER, ANY), or set kernel.yama.ptrace_scope=0, or run as root)");
        } else if (scope.isPresent() && scope.get() >= 2) {
            sb.append(" (Yama ptrace_scope=").append(scope.get())
                    .append(" needs CAP_SYS_PTRACE: run as root or lower kernel.yama.ptrace_scope)");
        } else {
            sb.append(" (the target belongs to another user or is not dumpable: run as its user or as root)");
        }
        return sb.toString();
    }
}
