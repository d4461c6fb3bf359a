package dev.crashkit.capture.darwin;

import com.sun.jna.Function;
import com.sun.jna.Memory;
import com.sun.jna.NativeLibrary;
import dev.crashkit.core.crashreport.CrashReportJson;
import dev.crashkit.core.model.ProcessInfo;
import dev.crashkit.core.model.Trust;
import dev.crashkit.core.unwind.UnwoundFrame;
import java.io.IOException;
import java.io.Writer;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Wires {@link DarwinCapture} to the real Mach/dyld bindings for this process. NEVER RUN on a Mac:
 * see the README.
 */
public final class DarwinLive {
    private static final int MAX = 256;

    private DarwinLive() {
    }

    public static boolean supported() {
        return System.getProperty("os.name", "").toLowerCase(Locale.ROOT).startsWith("mac");
    }

    /** Captures every thread of this process and writes crashreport/1 to {@code out}. */
    public static void snapshot(Optional<String> reason, Writer out) throws IOException {
        if (!supported()) {
            throw new IOException("Darwin capture needs macOS; this is " + System.getProperty("os.name"));
        }
        String osArch = System.getProperty("os.arch", "");
        DarwinArch arch = osArch.equals("aarch64") ? DarwinArch.ARM64 : DarwinArch.X86_64;
        DarwinCapture capture = new DarwinCapture(new MachThreads(arch), new DyldImages(), new MachMemory());
        ProcessInfo process = new ProcessInfo(Optional.of(ProcessHandle.current().info().command()
                .map(c -> c.substring(c.lastIndexOf('/') + 1)).orElse("java")),
                OptionalLong.of(ProcessHandle.current().pid()), Optional.of(arch.arch()),
                Optional.of("macOS " + System.getProperty("os.version", "")), Optional.of(Instant.now().toString()));
        CrashReportJson.write(capture.snapshot(process, selfFrames(arch)), out);
    }

    /** The calling thread's frames from libSystem's {@code backtrace()}. */
    private static List<UnwoundFrame> selfFrames(DarwinArch arch) {
        Function bt = NativeLibrary.getInstance("System").getFunction("backtrace");
        Memory buf = new Memory(8L * MAX);
        int n = bt.invokeInt(new Object[] {buf, MAX});
        List<UnwoundFrame> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(new UnwoundFrame(buf.getLong(8L * i) & arch.addressMask(), i == 0 ? Trust.CONTEXT : Trust.FP));
        }
        return out;
    }
}
