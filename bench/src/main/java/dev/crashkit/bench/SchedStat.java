package dev.crashkit.bench;

import dev.crashkit.capture.timing.Phases;
import java.io.IOException;
import java.io.RandomAccessFile;

/**
 * The calling thread's on-CPU and run-queue nanoseconds from {@code /proc/thread-self/schedstat}:
 * on a loaded machine, wall time alone cannot tell our work from waiting for a CPU.
 */
final class SchedStat implements Phases.ThreadClock {
    private final byte[] buf = new byte[128];

    @Override
    public long[] read() {
        try (RandomAccessFile f = new RandomAccessFile("/proc/thread-self/schedstat", "r")) {
            int n = f.read(buf);
            String[] s = new String(buf, 0, Math.max(n, 0), java.nio.charset.StandardCharsets.US_ASCII).trim().split(" ");
            return new long[] {Long.parseLong(s[0]), Long.parseLong(s[1])};
        } catch (IOException | RuntimeException e) {
            return new long[] {0, 0};
        }
    }
}
