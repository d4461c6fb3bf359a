package dev.crashkit.symbolicate.cli;

import dev.crashkit.core.CrashkitException;
import java.io.PrintWriter;
import picocli.CommandLine;

/** Entry point of {@code symbolicate.jar}: the symbolicate command and its sub-commands. */
public final class Main {

    private Main() {
    }

    public static void main(String[] args) {
        java.util.Optional<java.util.List<String>> child = Relaunch.command(args);
        if (child.isPresent()) {
            java.util.Optional<Integer> code = Relaunch.run(child.get());
            if (code.isPresent()) {
                System.exit(code.get());
            }
        }
        System.exit(run(args));
    }

    /** Runs a command line and returns its exit code; never throws. */
    public static int run(String... args) {
        PrintWriter out = new PrintWriter(new java.io.OutputStreamWriter(System.out, java.nio.charset.StandardCharsets.UTF_8), true);
        PrintWriter err = new PrintWriter(new java.io.OutputStreamWriter(System.err, java.nio.charset.StandardCharsets.UTF_8), true);
        return run(out, err, args);
    }

    /** Runs a command line with the given streams (tests capture them). */
    public static int run(PrintWriter out, PrintWriter err, String... args) {
        java.util.Optional<SymbolicateCommand> plain = FastArgs.parse(args);
        if (plain.isPresent()) {
            // The common case without building picocli's model (~100 ms of class loading and reflection).
            int code;
            try {
                code = plain.get().run(out, err);
            } catch (Exception e) {
                code = failed(e, err);
            }
            out.flush();
            err.flush();
            return code;
        }
        CommandLine cl = commandLine();
        cl.setOut(out);
        cl.setErr(err);
        int code = cl.execute(args);
        out.flush();
        err.flush();
        return code;
    }

    static CommandLine commandLine() {
        CommandLine cl = new CommandLine(new SymbolicateCommand());
        cl.setCaseInsensitiveEnumValuesAllowed(true);
        cl.setParameterExceptionHandler((ex, argv) -> {
            PrintWriter err = ex.getCommandLine().getErr();
            err.println("error: " + ex.getMessage());
            err.println("usage: " + ex.getCommandLine().getCommandSpec().qualifiedName() + " --help");
            err.flush();
            return ExitCodes.USAGE;
        });
        cl.setExecutionExceptionHandler((ex, c, parsed) -> failed(ex, c.getErr()));
        return cl;
    }

    /** Reports an exception a command threw and returns the exit code for it. */
    private static int failed(Exception ex, PrintWriter err) {
        if (ex instanceof CrashkitException) {
            err.println("error: " + ex.getMessage());
            err.flush();
            return ExitCodes.INVALID_INPUT;
        }
        if (ex instanceof java.io.IOException) {
            err.println("error: " + ex.getMessage());
            err.flush();
            return ExitCodes.INVALID_INPUT;
        }
        // A bug: one line with where it happened, the trace only on request.
        StackTraceElement at = ex.getStackTrace().length > 0 ? ex.getStackTrace()[0] : null;
        err.println("internal error: " + ex + (at != null ? " at " + at : ""));
        if (System.getenv("CRASHKIT_DEBUG") != null) {
            ex.printStackTrace(err);
        }
        err.flush();
        return ExitCodes.INTERNAL_ERROR;
    }
}
