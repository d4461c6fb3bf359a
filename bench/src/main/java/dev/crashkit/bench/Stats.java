package dev.crashkit.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/** Order statistics for the bench commands, and the load average to print beside them. */
final class Stats {
    private Stats() {
    }

    static double median(Collection<Double> values) {
        return percentile(values, 50);
    }

    /** Nearest-rank percentile; NaN when empty. */
    static double percentile(Collection<Double> values, int pct) {
        if (values.isEmpty()) {
            return Double.NaN;
        }
        List<Double> v = new ArrayList<>(values);
        v.sort(Double::compare);
        if (pct == 50 && v.size() % 2 == 0) {
            return (v.get(v.size() / 2 - 1) + v.get(v.size() / 2)) / 2;
        }
        int rank = (int) Math.ceil(pct / 100.0 * v.size());
        return v.get(Math.max(0, Math.min(v.size() - 1, rank - 1)));
    }

    static double min(Collection<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).min().orElse(Double.NaN);
    }

    static double max(Collection<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).max().orElse(Double.NaN);
    }

    /** The 1, 5 and 15 minute load averages, as /proc/loadavg gives them. */
    static String load() {
        try {
            String[] f = Files.readString(Path.of("/proc/loadavg")).split(" ");
            return f[0] + " " + f[1] + " " + f[2];
        } catch (IOException e) {
            return "unknown";
        }
    }
}
