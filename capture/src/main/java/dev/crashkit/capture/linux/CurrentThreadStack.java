package dev.crashkit.capture.linux;

import com.sun.jna.Function;
import com.sun.jna.Memory;
import com.sun.jna.NativeLibrary;
import dev.crashkit.core.model.Trust;
import dev.crashkit.core.unwind.UnwoundFrame;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The calling thread's own native stack: libunwind's {@code unw_backtrace} (which follows CFI
 * through interpreter and JIT frames) when the runtime library is installed, else glibc's
 * {@code backtrace()} (which stops at the first JIT frame).
 */
final class CurrentThreadStack {
    private static final int MAX = 256;
    private static final Optional<Function> UNW = find();

    private CurrentThreadStack() {
    }

    private static Optional<Function> find() {
        for (String name : new String[] {"libunwind.so.8", "unwind"}) {
            try {
                return Optional.of(NativeLibrary.getInstance(name).getFunction("unw_backtrace"));
            } catch (UnsatisfiedLinkError e) {
                // try the next name; glibc's backtrace() is the last resort
            }
        }
        return Optional.empty();
    }

    static boolean usesLibunwind() {
        return UNW.isPresent();
    }

    static List<UnwoundFrame> capture() {
        Memory buf = new Memory(8L * MAX);
        int n = UNW.isPresent() ? UNW.get().invokeInt(new Object[] {buf, MAX}) : LinuxNative.backtrace(buf, MAX);
        List<UnwoundFrame> out = new ArrayList<>(Math.max(n, 0));
        for (int i = 0; i < n; i++) {
            out.add(new UnwoundFrame(buf.getLong(8L * i), i == 0 ? Trust.CONTEXT : Trust.CFI));
        }
        return out;
    }
}
