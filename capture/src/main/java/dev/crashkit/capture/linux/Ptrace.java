package dev.crashkit.capture.linux;

import com.sun.jna.Memory;
import com.sun.jna.Native;

/**
 * The ptrace calls of the exact tier. All must run on one Java thread: Linux ties a tracee to
 * the tracing thread, not the process. Not thread-safe.
 */
public final class Ptrace {
    /** Size of x86-64 {@code struct user_regs_struct}. */
    public static final int REGS_SIZE = 216;
    private static final int WNOHANG = 1;
    private final Memory regs = new Memory(REGS_SIZE);
    private final Memory status = new Memory(4);

    /**
     * Calls every function of the stop sequence once on harmless arguments (pids that cannot
     * exist fail at once), so that JNA binds them and their Java paths are loaded before the target is stopped:
     * in a fresh JVM that first-call cost would otherwise land inside the target's pause.
     */
    public void warmUp() {
        seize(Integer.MAX_VALUE);
        interrupt(Integer.MAX_VALUE);
        // Not -1: that would reap (steal) the exit status of one of this JVM's own children.
        LinuxNative.waitpid(Integer.MAX_VALUE, status, LinuxNative.WALL | WNOHANG);
        LinuxNative.ptrace(LinuxNative.PTRACE_GETREGS, Integer.MAX_VALUE, 0, regs);
        regs.getByteArray(0, REGS_SIZE);
        detach(Integer.MAX_VALUE);
        Native.getLastError();
    }

    /** Attaches without stopping; returns 0 or the errno. */
    public int seize(long tid) {
        return LinuxNative.ptrace(LinuxNative.PTRACE_SEIZE, (int) tid, 0, null) == 0 ? 0 : Native.getLastError();
    }

    /** Asks a seized thread to stop; returns 0 or the errno. */
    public int interrupt(long tid) {
        return LinuxNative.ptrace(LinuxNative.PTRACE_INTERRUPT, (int) tid, 0, null) == 0 ? 0 : Native.getLastError();
    }

    /**
     * Waits until {@code tid} reports its stop; false when it exited or did not stop within
     * {@code timeoutNanos}. Polls (WNOHANG) rather than blocks: if another thread of this JVM also
     * waits for the process (the JDK's reaper does for a child it started), it may consume the
     * stop report, and a blocking wait would hang for ever.
     */
    public boolean waitStop(long tid, long timeoutNanos) {
        long deadline = System.nanoTime() + timeoutNanos;
        for (int spins = 0; ; spins++) {
            int r = LinuxNative.waitpid((int) tid, status, LinuxNative.WALL | WNOHANG);
            if (r == tid) {
                return (status.getInt(0) & 0xff) == 0x7f; // WIFSTOPPED
            }
            if (r < 0 || System.nanoTime() - deadline > 0) {
                return false;
            }
            if (spins > 100) {
                java.util.concurrent.locks.LockSupport.parkNanos(20_000);
            } else {
                Thread.onSpinWait();
            }
        }
    }

    /** The thread's general registers ({@code user_regs_struct}), or null on failure. */
    public byte[] registers(long tid) {
        if (LinuxNative.ptrace(LinuxNative.PTRACE_GETREGS, (int) tid, 0, regs) != 0) {
            return null;
        }
        return regs.getByteArray(0, REGS_SIZE);
    }

    public void detach(long tid) {
        LinuxNative.ptrace(LinuxNative.PTRACE_DETACH, (int) tid, 0, null);
    }
}
