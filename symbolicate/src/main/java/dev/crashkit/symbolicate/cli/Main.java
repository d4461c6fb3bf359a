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
        int code;
        try {
            code = cl.execute(args);
        } catch (OutOfMemoryError e) {
            // picocli only handles Exceptions; an Error would end in a stack trace and exit 1, which
            // means "some images had no debug file". The stack is unwound here, so there is room to print.
            code = internalError(err, "out of memory (Java heap " + (Runtime.getRuntime().maxMemory() >> 20)
                    + " MB); raise -Xmx or lower the limits (see the README, Limits)", e);
        } catch (Error e) {
            code = internalError(err, e.toString(), e);
        }
        out.flush();
        err.flush();
        return code;
    }

    /** One line, the trace only with CRASHKIT_DEBUG set. */
    static int internalError(PrintWriter err, String what, Throwable e) {
        StackTraceElement at = e.getStackTrace().length > 0 ? e.getStackTrace()[0] : null;
        err.println("internal error: " + what + (at != null && !(e instanceof OutOfMemoryError) ? " at " + at : ""));
        if (System.getenv("CRASHKIT_DEBUG") != null) {
            e.printStackTrace(err);
        }
        err.flush();
        return ExitCodes.INTERNAL_ERROR;
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
            return internalError(err, ex.toString(), ex);
        });
        return cl;
    }
}
