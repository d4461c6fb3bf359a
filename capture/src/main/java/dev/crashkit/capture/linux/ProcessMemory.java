package dev.crashkit.capture.linux;

import com.sun.jna.Memory;
import com.sun.jna.Native;

/**
 * Reads another (or this) process's memory with {@code process_vm_readv}: a bad address yields a
 * short count instead of a fault. Not thread-safe: one instance per capturing thread.
 */
public final class ProcessMemory implements dev.crashkit.core.unwind.Memory {
    private static final int CHUNK = 64 * 1024;
    private final int pid;
    private final Memory iov = new Memory(32);
    private final Memory buffer = new Memory(CHUNK);

    public ProcessMemory(int pid) {
        this.pid = pid;
        iov.setPointer(0, buffer);
    }

    /** This process's own memory. */
    public static ProcessMemory self() {
        return new ProcessMemory(LinuxNative.getpid());
    }

    public int pid() {
        return pid;
    }

    @Override
    public int read(long address, byte[] dst, int off, int len) {
        int done = 0;
        while (done < len) {
            int n = Math.min(CHUNK, len - done);
            iov.setLong(8, n);
            iov.setLong(16, address + done);
            iov.setLong(24, n);
            long got = LinuxNative.process_vm_readv(pid, iov, 1, iov.share(16), 1, 0);
            if (got <= 0) {
                return done;
            }
            buffer.read(0, dst, off + done, (int) got);
            done += (int) got;
            if (got < n) {
                return done;
            }
        }
        return done;
    }

    /** errno of the last failed call on this thread, for messages. */
    static int lastError() {
        return Native.getLastError();
    }
}
