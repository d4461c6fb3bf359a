package dev.crashkit.symbolicate.cli;

import dev.crashkit.core.CrashkitException;
import java.io.PrintWriter;
import picocli.CommandLine;

/** Entry point of {@code symbolicate.jar}: the symbolicate command and its sub-commands. */
public final class Main {

    private Main() {
    }

    public static void main(String[] args) {
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
        cl.setExecutionExceptionHandler((ex, c, parsed) -> {
            PrintWriter err = c.getErr();
            if (ex instanceof OptionValueException) {
                err.println("error: " + ex.getMessage());
                err.println("usage: " + c.getCommandSpec().qualifiedName() + " --help");
                err.flush();
                return ExitCodes.USAGE;
            }
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
        });
        return cl;
    }
}
