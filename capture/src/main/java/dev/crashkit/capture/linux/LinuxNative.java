package dev.crashkit.capture.linux;

import com.sun.jna.Callback;
import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;
import com.sun.jna.Pointer;

/**
 * The glibc functions capture calls, bound with JNA direct mapping (cheaper per call than
 * interface mapping, which matters for the thousands of small reads of one snapshot).
 */
final class LinuxNative {
    static final int PR_SET_PTRACER = 0x59616d61;
    static final long PR_SET_PTRACER_ANY = -1L;
    static final int PTRACE_GETREGS = 12;
    static final int PTRACE_DETACH = 17;
    static final int PTRACE_SEIZE = 0x4206;
    static final int PTRACE_INTERRUPT = 0x4207;
    static final int WALL = 0x40000000;
    static final int WNOHANG = 1;
    static final int PR_SET_TIMERSLACK = 29;
    static final int PR_GET_TIMERSLACK = 30;
    static final int PRIO_PROCESS = 0;

    static {
        JnaSettings.apply();
        Native.register(LinuxNative.class, NativeLibrary.getInstance("c"));
    }

    private LinuxNative() {
    }

    /** Callback of {@code dl_iterate_phdr}: the loader lock is held while it runs, so it only copies. */
    interface PhdrCallback extends Callback {
        int invoke(Pointer info, long size, Pointer data);
    }

    static native int dl_iterate_phdr(PhdrCallback callback, Pointer data);

    static native int getpid();

    static native int gettid();

    static native long process_vm_readv(int pid, Pointer localIov, long liovcnt, Pointer remoteIov, long riovcnt,
                                        long flags);

    static native int backtrace(Pointer buffer, int size);

    static native int prctl(int option, long arg2, long arg3, long arg4, long arg5);

    static native long ptrace(long request, int pid, long addr, Pointer data);

    /** As above with {@code data} a raw address: no Pointer object per call inside the pause. */
    static native long ptrace(long request, int pid, long addr, long data);

    static native int waitpid(int pid, Pointer status, int options);

    /** As above with {@code status} a raw address. */
    static native int waitpid(int pid, long status, int options);

    /** {@code process_vm_readv} with raw iovec addresses. */
    static native long process_vm_readv(int pid, long localIov, long liovcnt, long remoteIov, long riovcnt,
                                        long flags);

    static native int setpriority(int which, int who, int prio);

    static native int getpriority(int which, int who);
}
