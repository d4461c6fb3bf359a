package dev.crashkit.symbolicator.batch;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Locale;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The summary's numbers and columns without {@code printf}, checked against the JDK's {@code Formatter}
 * (what the summary was printed with before), rounding edges included.
 */
class BatchSummaryTest {

    @Test
    void oneDecimalIsWhatFormatterWritesForPercentages() {
        double[] edges = {0.0, 0.05, 0.15, 0.25, 0.35, 0.45, 0.95, 1.05, 2.5, 33.35, 66.65, 99.95, 99.94999999999999,
            100.0, 1e-4, 4.9e-324, 100.0 * 2 / 3, 100.0 / 3, 100.0 * 1 / 8, 100.0 * 99_999 / 100_000};
        for (double v : edges) {
            assertEquals(String.format(Locale.ROOT, "%.1f", v), BatchSummary.oneDecimal(v), Double.toString(v));
        }
        // Every ratio a batch can print for up to 300 frames, and random ones beyond.
        for (int frames = 1; frames <= 300; frames++) {
            for (int named = 0; named <= frames; named++) {
                double v = 100.0 * named / frames;
                assertEquals(String.format(Locale.ROOT, "%.1f", v), BatchSummary.oneDecimal(v), named + "/" + frames);
            }
        }
        SplittableRandom random = new SplittableRandom(32);
        for (int i = 0; i < 20_000; i++) {
            long frames = 1 + random.nextLong(1L << 40);
            double v = 100.0 * random.nextLong(frames + 1) / frames;
            assertEquals(String.format(Locale.ROOT, "%.1f", v), BatchSummary.oneDecimal(v), Double.toString(v));
        }
    }

    @Test
    void leftJustifiedIsWhatFormatterPadsTo() {
        for (String s : new String[] {"", "Big", "libswiftCore.dylib", "a".repeat(29), "a".repeat(30), "a".repeat(31),
            "Émoji 😀 image", null}) {
            assertEquals(String.format(Locale.ROOT, "%-30s", s), BatchSummary.leftJustified(s, 30), String.valueOf(s));
        }
    }
}
