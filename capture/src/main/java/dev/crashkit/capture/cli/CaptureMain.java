package dev.crashkit.capture.cli;

import dev.crashkit.capture.ptrace.PtraceCapture;
import dev.crashkit.capture.report.SnapshotJson;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code java -jar capture.jar --pid PID --out report.json}: an exact snapshot of every thread of
 * a Linux x86-64 process this user may trace (also usable as {@code -XX:OnError="... --pid %p"}).
 */
@Command(name = "capture", mixinStandardHelpOptions = true, version = "crashkit capture 0.1",
        description = "Record every thread's raw native stack of a running Linux process as crashreport/1.")
public final class CaptureMain implements Callable<Integer> {
    static final int OK = 0;
    static final int FAILED = 1;
    static final int REFUSED = 3;

    @Option(names = "--pid", required = true, description = "process to capture")
    int pid;

    @Option(names = {"--out", "-o"}, required = true, description = "report file to write (crashreport/1 JSON)")
    Path out;

    @Option(names = "--stacks", description = "keep each thread's raw stack window and registers in the report"
            + " (lets symbolicate re-unwind offline)")
    boolean stacks;

    @Option(names = "--java", description = "add Java thread names and stacks (jcmd Thread.print; HotSpot targets"
            + " that still answer)")
    boolean java;

    @Option(names = "--window", description = "stack bytes copied per thread (default ${DEFAULT-VALUE})")
    int window = 64 * 1024;

    @Option(names = "--timing", description = "print how long the target was paused to stderr")
    boolean timing;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        System.exit(run(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true)));
    }

    /** Runs the command; returns the exit code. */
    public static int run(String[] args, PrintWriter out, PrintWriter err) {
        CommandLine cl = new CommandLine(new CaptureMain());
        cl.setOut(out);
        cl.setErr(err);
        try {
            return cl.execute(args);
        } catch (OutOfMemoryError e) {
            // picocli handles Exceptions only; an Error would be a stack trace.
            err.println("capture: out of memory (Java heap " + (Runtime.getRuntime().maxMemory() >> 20) + " MB)");
            err.flush();
            return FAILED;
        }
    }

    private static void deleteQuietly(Path p) {
        try {
            Files.deleteIfExists(p);
        } catch (IOException ignored) {
            // Best effort: the write already failed and is reported.
        }
    }

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        if (window < 4096 || window > 8 * 1024 * 1024) {
            err.println("capture: --window must be between 4096 and 8388608 bytes");
            return CommandLine.ExitCode.USAGE;
        }
        if (Files.isDirectory(out)) {
            // Checked before the target is paused: the report could not be written anyway.
            err.println("capture: --out " + out + " is a folder; give the report file to write");
            return CommandLine.ExitCode.USAGE;
        }
        PtraceCapture.Result r;
        try {
            r = PtraceCapture.capture(pid, new PtraceCapture.Options(window, stacks, java));
        } catch (PtraceCapture.RefusedException e) {
            err.println("capture: " + e.getMessage());
            return REFUSED;
        } catch (java.nio.file.NoSuchFileException e) {
            err.println("capture: process " + pid + ": no such process (" + e.getFile() + " does not exist)");
            return FAILED;
        } catch (java.nio.file.AccessDeniedException e) {
            err.println("capture: process " + pid + ": permission denied reading " + e.getFile()
                    + " (needs the process's user, or CAP_SYS_PTRACE)");
            return FAILED;
        } catch (IOException e) {
            err.println("capture: process " + pid + ": " + e.getMessage());
            return FAILED;
        }
        Path abs = out.toAbsolutePath();
        Path tmp = abs.resolveSibling("." + abs.getFileName() + ".part");
        try {
            try (Writer w = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8)) {
                SnapshotJson.write(r.snapshot(), w);
            }
            Files.move(tmp, abs, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            deleteQuietly(tmp); // no stray .part next to the report
            err.println("capture: cannot write " + out + ": " + e.getMessage());
            return FAILED;
        }
        if (timing) {
            err.printf("capture: paused %d threads for %.3f ms%n", r.threadsStopped(), r.pauseNanos() / 1e6);
        }
        return OK;
    }
}
