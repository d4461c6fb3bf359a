package dev.crashkit.capture.darwin;

import com.sun.jna.Memory;
import com.sun.jna.Pointer;

/**
 * Reads this task's memory with {@code vm_read_overwrite}: an unmapped address fails with an
 * error instead of a crash. NEVER RUN on a Mac (see the README). Not thread-safe.
 */
public final class MachMemory implements dev.crashkit.core.unwind.Memory {
    private static final int CHUNK = 16 * 1024;
    private final int task = MachNative.taskSelf();
    private final Memory buffer = new Memory(CHUNK);
    private final Memory outSize = new Memory(DarwinLayout.VM_SIZE_BYTES);

    @Override
    public int read(long address, byte[] dst, int off, int len) {
        int done = 0;
        while (done < len) {
            int n = Math.min(CHUNK, len - done);
            if (MachNative.vm_read_overwrite(task, address + done, n, Pointer.nativeValue(buffer), outSize)
                    != MachNative.KERN_SUCCESS) {
                return done;
            }
            int got = (int) Math.min(n, outSize.getLong(0));
            buffer.read(0, dst, off + done, got);
            done += got;
            if (got < n) {
                return done;
            }
        }
        return done;
    }
}
