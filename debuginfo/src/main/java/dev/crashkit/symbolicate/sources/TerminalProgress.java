package dev.crashkit.symbolicate.sources;

import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * Draws all large downloads in flight on one line ({@code \r}-rewritten, at most every 200 ms),
 * cleared when the last one ends, so parallel downloads do not fight over the terminal.
 */
final class TerminalProgress implements ProgressListener {
    private static final long REDRAW_NANOS = 200_000_000L;

    private final PrintWriter out;
    private final long minBytes;
    private final LongSupplier nanos;
    private final Map<Object, long[]> active = new LinkedHashMap<>(); // {received, total}
    private long lastDraw = Long.MIN_VALUE;
    private int drawnWidth;

    TerminalProgress(PrintWriter out, long minBytes, LongSupplier nanos) {
        this.out = out;
        this.minBytes = minBytes;
        this.nanos = nanos;
    }

    @Override
    public Download start(String what, long totalBytes) {
        Object key = new Object();
        return new Download() {
            @Override
            public void advanced(long bytes) {
                update(key, bytes, totalBytes);
            }

            @Override
            public void done() {
                finish(key);
            }
        };
    }

    private synchronized void update(Object key, long received, long total) {
        long[] state = active.get(key);
        if (state == null) {
            if (Math.max(received, total) < minBytes) {
                return; // small so far; drawn once it proves large
            }
            state = new long[2];
            active.put(key, state);
        }
        state[0] = received;
        state[1] = total;
        long now = nanos.getAsLong();
        if (lastDraw == Long.MIN_VALUE || now - lastDraw >= REDRAW_NANOS) {
            lastDraw = now;
            draw();
        }
    }

    private synchronized void finish(Object key) {
        if (active.remove(key) == null) {
            return;
        }
        if (active.isEmpty()) {
            out.print("\r" + " ".repeat(drawnWidth) + "\r");
            out.flush();
            drawnWidth = 0;
        } else {
            draw();
        }
    }

    private void draw() {
        long received = 0;
        long total = 0;
        boolean totalKnown = true;
        for (long[] s : active.values()) {
            received += s[0];
            if (s[1] < 0) {
                totalKnown = false;
            } else {
                total += s[1];
            }
        }
        String line = "downloading " + active.size() + " debug file" + (active.size() == 1 ? "" : "s") + ": "
                + mib(received) + (totalKnown ? " of " + mib(total) : "") + " MiB";
        out.print("\r" + line + " ".repeat(Math.max(0, drawnWidth - line.length())));
        out.flush();
        drawnWidth = line.length();
    }

    private static String mib(long bytes) {
        return String.format(Locale.ROOT, "%.1f", bytes / 1048576.0);
    }
}
