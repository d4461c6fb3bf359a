package dev.crashkit.bench;

import dev.crashkit.capture.ptrace.PtraceCapture;
import dev.crashkit.capture.timing.Phases;
import dev.crashkit.testkit.TestData;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How long a capture pauses a 30-thread C process, measured two ways side by side: by the capture
 * ({@code --timing}: first stop to last detach) and by the target itself (the longest gap its gap
 * thread saw overlapping that window; see gaptarget.c). Each run captures the target with each tool
 * in turn, then stays idle (300 ms, longer after long pauses) and takes the baseline: the longest
 * gap in each of up to 200 windows of the same length with no capture running (their median is
 * the baseline of that run).
 *
 * <p>Tools: {@code cli} = {@code java -jar capture/target/capture.jar --pid P --out F --timing}, a
 * fresh JVM each run, as users run it; {@code library} = {@link PtraceCapture#capture} in this
 * (warm) JVM; {@code anchor} = the same stop sequence in C (bench/src/main/c/ptrace_anchor.c);
 * {@code NAME=PATH} = another capture.jar run like {@code cli} (e.g. an older build, side by side;
 * one that prints no pause window has the target's gap taken over its whole run).
 * Run (after {@code mvn -B -Pbench package -DskipTests}):
 * {@code java -cp bench/target/benchmarks.jar dev.crashkit.bench.CapturePauseGapBench [runs] [threads]
 * [spin|sleep] [cli,anchor,library]}.
 */
public final class CapturePauseGapBench {
    private static final Pattern PAUSED = Pattern.compile("paused (\\d+) threads for ([0-9.]+) ms");
    private static final Pattern WINDOW = Pattern.compile("window CLOCK_MONOTONIC (\\d+)\\.\\.(\\d+) ns");
    private static final Pattern PHASES = Pattern.compile("capture: (phases|stop-the-world): (.*)");

    private CapturePauseGapBench() {
    }

    /** One capture as its tool reported it. */
    record Shot(int threads, double pauseMillis, long start, long end, double wallMillis, String phases) {
    }

    public static void main(String[] args) throws Exception {
        int runs = args.length > 0 ? Integer.parseInt(args[0]) : 7;
        int threads = args.length > 1 ? Integer.parseInt(args[1]) : 30;
        String mode = args.length > 2 ? args[2] : "spin";
        List<String> tools = List.of((args.length > 3 ? args[3] : "cli,anchor,library").split(","));
        Path jar = TestData.root().resolve("capture/target/capture.jar");
        if (tools.contains("cli") && !Files.exists(jar)) {
            throw new IOException(jar + " not found; build with mvn -B -Pbench package -DskipTests");
        }
        Path anchor = GapTarget.Native.build("bench/src/main/c/ptrace_anchor.c", "ptrace_anchor", List.of());
        Path out = Files.createTempFile("capture-gap", ".json");
        Map<String, List<Double>> pause = new LinkedHashMap<>();
        Map<String, List<Double>> gap = new LinkedHashMap<>();
        Map<String, List<Double>> base = new LinkedHashMap<>();
        Map<String, List<Double>> wall = new LinkedHashMap<>();
        String loadBefore = Stats.load();
        int stopped = 0;
        try (GapTarget target = GapTarget.start(threads, mode)) {
            if (tools.contains("library")) {
                for (int i = 0; i < 3; i++) {
                    library(target.pid());
                }
            }
            for (int r = 1; r <= runs; r++) {
                Map<String, Shot> shots = new LinkedHashMap<>();
                for (String tool : tools) {
                    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
                    String pid = Long.toString(target.pid());
                    Shot s = tool.contains("=") ? external(List.of(java, "-jar", tool.substring(tool.indexOf('=') + 1),
                            "--pid", pid, "--out", out.toString(), "--timing")) : switch (tool) {
                        case "cli" -> external(List.of(java, "-jar", jar.toString(), "--pid", pid, "--out",
                                out.toString(), "--timing"));
                        case "anchor" -> external(List.of(anchor.toString(), Long.toString(target.pid())));
                        case "library" -> library(target.pid());
                        default -> throw new IllegalArgumentException("unknown tool " + tool);
                    };
                    shots.put(tool, s);
                    stopped = s.threads();
                    Thread.sleep(100);
                }
                // Baseline windows need an idle stretch: at least 20 windows of the longest pause.
                long longest = shots.values().stream().mapToLong(s -> s.end() - s.start()).max().orElse(0);
                long idle = Math.min(10_000_000_000L, Math.max(300_000_000L, 25 * longest));
                Thread.sleep(idle / 1_000_000);
                long idleEnd = System.nanoTime();
                for (Map.Entry<String, Shot> e : shots.entrySet()) {
                    Shot s = e.getValue();
                    GapTarget.Gap g = target.gap(s.start(), s.end());
                    long len = Math.max(s.end() - s.start(), 100_000);
                    int n = (int) Math.max(1, Math.min(200, (idle - 50_000_000L) / len));
                    double b = Stats.median(target.gapsMillis(idleEnd - n * len, len, n));
                    pause.computeIfAbsent(e.getKey(), k -> new ArrayList<>()).add(s.pauseMillis());
                    gap.computeIfAbsent(e.getKey(), k -> new ArrayList<>()).add(g.millis());
                    base.computeIfAbsent(e.getKey(), k -> new ArrayList<>()).add(b);
                    wall.computeIfAbsent(e.getKey(), k -> new ArrayList<>()).add(s.wallMillis());
                    System.out.printf(Locale.ROOT, "run %d %-8s paused %d threads for %7.3f ms; target's longest gap "
                            + "%7.3f ms; baseline %6.3f ms; whole run %7.1f ms%s%n", r, e.getKey().split("=")[0], s.threads(),
                            s.pauseMillis(), g.millis(), b, s.wallMillis(),
                            s.phases().isEmpty() ? "" : "\n      " + s.phases());
                }
            }
        } finally {
            Files.deleteIfExists(out);
        }
        System.out.printf(Locale.ROOT, "%d runs, %d-thread target (gap thread: %s), %d threads stopped; load before "
                + "%s, after %s%n", runs, threads, mode, stopped, loadBefore, Stats.load());
        System.out.printf(Locale.ROOT, "%-8s %22s %22s %22s %14s%n", "tool", "--timing pause ms", "target gap ms",
                "baseline gap ms", "whole run ms");
        System.out.printf(Locale.ROOT, "%-8s %22s %22s %22s %14s%n", "", "median (min-max)", "median (min-max)",
                "median (min-max)", "median");
        for (String tool : tools) {
            System.out.printf(Locale.ROOT, "%-8s %22s %22s %22s %14.1f%n", tool.split("=")[0], summary(pause.get(tool)),
                    summary(gap.get(tool)), summary(base.get(tool)), Stats.median(wall.get(tool)));
        }
    }

    private static String summary(List<Double> v) {
        return String.format(Locale.ROOT, "%.3f (%.2f-%.2f)", Stats.median(v), Stats.min(v), Stats.max(v));
    }

    private static Shot library(long pid) throws IOException {
        long t0 = System.nanoTime();
        PtraceCapture.Result r = PtraceCapture.capture((int) pid, PtraceCapture.Options.defaults());
        long t1 = System.nanoTime();
        StringBuilder pause = new StringBuilder("stop-the-world: ");
        for (Phases.Phase ph : r.pausePhases()) {
            pause.append(String.format(Locale.ROOT, "%s %.3f ms, ", ph.name(), ph.millis()));
        }
        return new Shot(r.threadsStopped(), r.pauseNanos() / 1e6, r.pauseStart(), r.pauseStart() + r.pauseNanos(),
                (t1 - t0) / 1e6, pause.substring(0, pause.length() - 2));
    }

    /** Runs a capture command and reads its pause, window and phase lines from stderr. */
    private static Shot external(List<String> cmd) throws IOException, InterruptedException {
        long t0 = System.nanoTime();
        Process p = new ProcessBuilder(cmd).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        p.waitFor();
        long t1 = System.nanoTime();
        Matcher paused = PAUSED.matcher(err);
        Matcher window = WINDOW.matcher(err);
        if (!paused.find()) {
            throw new IOException(String.join(" ", cmd) + " printed no pause: " + err);
        }
        if (!window.find()) {
            // An older capture.jar without the window line: the whole run is the window (an overestimate).
            return new Shot(Integer.parseInt(paused.group(1)), Double.parseDouble(paused.group(2)), t0, t1,
                    (t1 - t0) / 1e6, "(no window printed: target gap taken over the whole run)");
        }
        StringBuilder phases = new StringBuilder();
        for (String line : err.split("\n")) {
            Matcher m = PHASES.matcher(line);
            if (m.matches()) {
                phases.append(phases.length() == 0 ? "" : "\n      ").append(m.group(1)).append(": ").append(m.group(2));
            }
        }
        return new Shot(Integer.parseInt(paused.group(1)), Double.parseDouble(paused.group(2)),
                Long.parseLong(window.group(1)), Long.parseLong(window.group(2)), (t1 - t0) / 1e6, phases.toString());
    }
}
