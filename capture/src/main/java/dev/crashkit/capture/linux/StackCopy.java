package dev.crashkit.capture.linux;

import dev.crashkit.capture.report.StackWindow;
import dev.crashkit.core.unwind.Memory;
import java.util.Arrays;

/** Copies a thread's stack from its SP up to the end of the stack mapping, at most a window's size. */
public final class StackCopy {
    private StackCopy() {
    }

    public static StackWindow window(Memory memory, ProcMaps maps, long sp, int max) {
        long end = maps.endOf(sp);
        if (end == 0) {
            end = sp + max;
        }
        long len = Math.min(max, end - sp);
        if (len <= 0) {
            return new StackWindow(sp, new byte[0]);
        }
        byte[] buf = new byte[(int) len];
        int got = memory.read(sp, buf, 0, buf.length);
        return new StackWindow(sp, got == buf.length ? buf : Arrays.copyOf(buf, Math.max(got, 0)));
    }
}
