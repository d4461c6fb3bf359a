package dev.crashkit.capture.cli;

import dev.crashkit.capture.ptrace.PtraceCapture;
import dev.crashkit.capture.report.SnapshotJson;
import dev.crashkit.capture.timing.Phases;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Locale;
import java.util.Optional;

/**
 * {@code java -jar capture.jar --pid PID --out report.json}: an exact snapshot of every thread of
 * a Linux x86-64 process this user may trace (also usable as {@code -XX:OnError="... --pid %p"}).
 * The arguments are parsed by hand (six options) so that the capture library needs no CLI library.
 */
public final class CaptureMain {
    static final int OK = 0;
    static final int FAILED = 1;
    static final int USAGE = 2;
    static final int REFUSED = 3;
    /** {@code --hang-thread}: the process ended, or the watch time ran out, without a hang. */
    static final int NO_HANG = 5;
    static final String VERSION = "crashkit capture 0.1";

    static final String USAGE_TEXT = """
            Usage: capture --pid PID --out FILE [--stacks] [--java] [--window BYTES] [--timing]
                           [--hang-thread NAME --threshold MS [--watch-for SECONDS]]
            Record every thread's raw native stack of a running Linux process as crashreport/1.
                  --pid PID         process to capture
              -o, --out FILE        report file to write (crashreport/1 JSON)
                  --stacks          keep each thread's raw stack window and registers in the report
                                    (lets symbolicate re-unwind offline)
                  --java            add Java thread names and stacks (jcmd Thread.print; HotSpot
                                    targets that still answer)
                  --window BYTES    stack bytes copied per thread (default 65536)
                  --timing          print how long the target was paused to stderr
                  --hang-thread NAME  watch the thread of that name (its first 15 bytes, as Linux keeps
                                    them) and capture the process once it has made no progress (no
                                    CPU time, no context switch) for --threshold MS: a report with
                                    "kind": "hang", rewritten with the hang's duration when the thread
                                    moves again; exit 5 if the process ends first
                  --threshold MS    how long the thread may stand still (with --hang-thread)
                  --watch-for SECONDS  stop watching after this long (exit 5; default: until the
                                    process ends)
              -h, --help            show this help and exit
              -V, --version         print the version and exit
            """;

    private CaptureMain() {
    }

    public static void main(String[] args) {
        System.exit(run(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true)));
    }

    /** What the command line asks for. */
    record Options(int pid, Path out, boolean stacks, boolean java, int window, boolean timing,
                   Optional<String> hangThread, int thresholdMs, int watchForSeconds) {
    }

    /** A command line that cannot be run; the message is the one line printed. */
    static final class UsageException extends Exception {
        UsageException(String message) {
            super(message);
        }
    }

    /** Runs the command; returns the exit code. */
    public static int run(String[] args, PrintWriter out, PrintWriter err) {
        try {
            return runOrThrow(args, out, err);
        } catch (OutOfMemoryError e) {
            // An Error would otherwise end in a stack trace; the stack is unwound here, so there is room to print.
            err.println("capture: out of memory (Java heap " + (Runtime.getRuntime().maxMemory() >> 20) + " MB)");
            err.flush();
            return FAILED;
        }
    }

    private static int runOrThrow(String[] args, PrintWriter out, PrintWriter err) {
        if (args.length == 1 && (args[0].equals("-h") || args[0].equals("--help"))) {
            out.print(USAGE_TEXT);
            out.flush();
            return OK;
        }
        if (args.length == 1 && (args[0].equals("-V") || args[0].equals("--version"))) {
            out.println(VERSION);
            out.flush();
            return OK;
        }
        Options o;
        try {
            o = parse(args);
        } catch (UsageException e) {
            err.println("capture: " + e.getMessage());
            err.print(USAGE_TEXT);
            err.flush();
            return USAGE;
        }
        if (Files.isDirectory(o.out())) {
            // One line (the usage text would not help), before the target is paused.
            err.println("capture: --out " + o.out() + " is a folder; give the report file to write");
            err.flush();
            return USAGE;
        }
        Path parent = o.out().toAbsolutePath().getParent();
        if (parent != null && !Files.isDirectory(parent)) {
            // Also before the target is paused: the report could not be written anyway.
            err.println("capture: cannot write " + o.out() + ": folder " + parent + " does not exist");
            err.flush();
            return FAILED;
        }
        return o.hangThread().isPresent() ? HangCapture.watch(o, err) : capture(o, err);
    }

    static Options parse(String[] args) throws UsageException {
        Optional<Integer> pid = Optional.empty();
        Optional<Path> out = Optional.empty();
        boolean stacks = false;
        boolean java = false;
        boolean timing = false;
        int window = 64 * 1024;
        Optional<String> hangThread = Optional.empty();
        int threshold = 0;
        int watchFor = 0;
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            int eq = a.indexOf('=');
            String name = a.startsWith("--") && eq > 0 ? a.substring(0, eq) : a;
            boolean takesValue = switch (name) {
                case "--pid", "--out", "-o", "--window", "--hang-thread", "--threshold", "--watch-for" -> true;
                default -> false;
            };
            String value = "";
            if (takesValue) {
                if (eq > 0 && a.startsWith("--")) {
                    value = a.substring(eq + 1);
                } else if (++i < args.length) {
                    value = args[i];
                } else {
                    throw new UsageException("missing value for option '" + name + "'");
                }
            }
            switch (name) {
                case "--pid" -> pid = Optional.of(number(name, value));
                case "--out", "-o" -> out = Optional.of(Path.of(value));
                case "--window" -> window = number(name, value);
                case "--stacks" -> stacks = true;
                case "--java" -> java = true;
                case "--timing" -> timing = true;
                case "--hang-thread" -> hangThread = Optional.of(value);
                case "--threshold" -> threshold = number(name, value);
                case "--watch-for" -> watchFor = number(name, value);
                default -> throw new UsageException("unknown option '" + a + "'");
            }
        }
        if (pid.isEmpty()) {
            throw new UsageException("missing required option '--pid=PID'");
        }
        if (out.isEmpty()) {
            throw new UsageException("missing required option '--out=FILE'");
        }
        if (window < 4096 || window > 8 * 1024 * 1024) {
            throw new UsageException("--window must be between 4096 and 8388608 bytes");
        }
        if (hangThread.isPresent() != (threshold != 0)) {
            throw new UsageException("--hang-thread and --threshold go together");
        }
        if (hangThread.isPresent() && (hangThread.get().isEmpty() || threshold < 1 || watchFor < 0)) {
            throw new UsageException("--hang-thread needs a name, --threshold a positive number of milliseconds");
        }
        return new Options(pid.get(), out.get(), stacks, java, window, timing, hangThread, threshold, watchFor);
    }

    private static int number(String name, String text) throws UsageException {
        try {
            return Integer.parseInt(text);
        } catch (NumberFormatException e) {
            throw new UsageException("invalid value for option '" + name + "': '" + text + "' is not a number");
        }
    }

    private static int capture(Options o, PrintWriter err) {
        PtraceCapture.Result r;
        try {
            r = PtraceCapture.capture(o.pid(), new PtraceCapture.Options(o.window(), o.stacks(), o.java(), true));
        } catch (PtraceCapture.RefusedException e) {
            err.println("capture: " + e.getMessage());
            return REFUSED;
        } catch (java.nio.file.NoSuchFileException e) {
            err.println("capture: process " + o.pid() + ": no such process (" + e.getFile() + " does not exist)");
            return FAILED;
        } catch (java.nio.file.AccessDeniedException e) {
            err.println("capture: process " + o.pid() + ": permission denied reading " + e.getFile()
                    + " (needs the process's user, or CAP_SYS_PTRACE)");
            return FAILED;
        } catch (IOException e) {
            err.println("capture: process " + o.pid() + ": " + e.getMessage());
            return FAILED;
        }
        Path abs = o.out().toAbsolutePath();
        Path tmp = abs.resolveSibling("." + abs.getFileName() + ".part");
        long writeStart = System.nanoTime();
        try {
            try (Writer w = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8)) {
                SnapshotJson.write(r.snapshot(), w);
            }
            Files.move(tmp, abs, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            deleteQuietly(tmp); // no stray .part next to the report
            err.println("capture: cannot write " + o.out() + ": " + e.getMessage());
            return FAILED;
        }
        if (o.timing()) {
            printTiming(r, System.nanoTime() - writeStart, err);
        }
        err.flush();
        return OK;
    }

    private static void deleteQuietly(Path p) {
        try {
            Files.deleteIfExists(p);
        } catch (IOException ignored) {
            // Best effort: the write already failed and is reported.
        }
    }

    /**
     * The --timing lines: where the time went before, during and after the pause, the pause's
     * window in CLOCK_MONOTONIC (to line it up with the target's own clock) and, last, the line
     * scripts read.
     */
    private static void printTiming(PtraceCapture.Result r, long writeNanos, PrintWriter err) {
        StringBuilder all = new StringBuilder();
        for (Phases.Phase p : r.phases()) {
            all.append(all.length() == 0 ? "" : ", ").append(String.format(Locale.ROOT, "%s %.3f ms", p.name(),
                    p.millis()));
        }
        all.append(String.format(Locale.ROOT, ", write %.3f ms", writeNanos / 1e6));
        err.println("capture: phases: " + all);
        StringBuilder pause = new StringBuilder();
        for (Phases.Phase p : r.pausePhases()) {
            pause.append(pause.length() == 0 ? "" : ", ").append(String.format(Locale.ROOT, "%s %.3f ms", p.name(),
                    p.millis()));
        }
        err.println("capture: stop-the-world: " + pause);
        err.printf(Locale.ROOT, "capture: pause window CLOCK_MONOTONIC %d..%d ns%n", r.pauseStart(),
                r.pauseStart() + r.pauseNanos());
        err.printf("capture: paused %d threads for %.3f ms%n", r.threadsStopped(), r.pauseNanos() / 1e6);
    }
}
