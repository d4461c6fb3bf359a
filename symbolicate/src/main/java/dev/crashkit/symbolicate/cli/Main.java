package dev.crashkit.symbolicate.cli;

import dev.crashkit.core.CrashkitException;
import java.io.PrintWriter;
import picocli.CommandLine;

/** Entry point of {@code symbolicate.jar}: the symbolicate command and its sub-commands. */
public final class Main {

    private Main() {
    }

    public static void main(String[] args) {
        java.util.Optional<Relaunch.Child> child = Relaunch.child(args);
        if (child.isPresent()) {
            java.util.Optional<Integer> code = Relaunch.run(child.get());
            if (code.isPresent()) {
                System.exit(code.get());
            }
        }
        if (!classesPresent()) {
            // symbolicate.jar copied without symbolicate-all.jar: one line, not a NoClassDefFoundError.
            System.err.println("error: " + System.getProperty("java.class.path") + ": the classes of symbolicate are in "
                    + "symbolicate-all.jar beside it, which is missing (copy both jars from symbolicate/target, "
                    + "or run symbolicate-all.jar)");
            System.exit(4);
        }
        RefusedStartupCache.removeIfRefused();
        SymcacheInBackground.allow(args);
        int code = run(args);
        ArchiveTraining.loadListedClassesIfArchiving();
        StartupCacheRetention.pruneIfArchiving();
        AotCacheInBackground.startIfRecording();
        System.exit(code);
    }

    /**
     * Whether the classes beyond the launcher jar's few are there ({@code symbolicate.jar} names
     * {@code symbolicate-all.jar} in its {@code Class-Path}; see {@link Relaunch#classesJar}).
     */
    private static boolean classesPresent() {
        try {
            Class.forName("dev.crashkit.symbolicate.cli.FastArgs", false, Main.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }

    /** Runs a command line and returns its exit code; never throws. */
    public static int run(String... args) {
        PrintWriter out = new Stdout(System.out);
        PrintWriter err = new PrintWriter(new java.io.OutputStreamWriter(System.err, java.nio.charset.StandardCharsets.UTF_8), true);
        return run(out, err, args);
    }

    /** Runs a command line with the given streams (tests capture them). */
    public static int run(PrintWriter out, PrintWriter err, String... args) {
        java.util.Optional<SymbolicateCommand> plain = FastArgs.parse(args);
        java.util.Optional<BatchCommand> batch = plain.isPresent() ? java.util.Optional.empty() : FastBatchArgs.parse(args);
        if (plain.isPresent() || batch.isPresent()) {
            // The common cases without building picocli's model (~100 ms of class loading and reflection).
            int code;
            try {
                code = plain.isPresent() ? plain.get().run(out, err) : batch.get().run(out, err);
            } catch (Exception e) {
                code = failed(e, err, plain.isPresent() ? "symbolicate" : "symbolicate batch");
            } catch (OutOfMemoryError e) {
                code = outOfMemory(err, e);
            } catch (Error e) {
                code = internalError(err, e.toString(), e);
            }
            out.flush();
            err.flush();
            return code;
        }
        CommandLine cl = commandLine();
        cl.setOut(out);
        cl.setErr(err);
        int code;
        try {
            code = cl.execute(args);
        } catch (OutOfMemoryError e) {
            code = outOfMemory(err, e);
        } catch (Error e) {
            code = internalError(err, e.toString(), e);
        }
        out.flush();
        err.flush();
        return code;
    }

    /**
     * picocli only handles Exceptions; an Error would end in a stack trace and exit 1, which means
     * "some images had no debug file". The stack is unwound here, so there is room to print.
     */
    private static int outOfMemory(PrintWriter err, OutOfMemoryError e) {
        return internalError(err, "out of memory (Java heap " + (Runtime.getRuntime().maxMemory() >> 20)
                + " MB); raise -Xmx or lower the limits (see the README, Limits)", e);
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
        cl.setExecutionExceptionHandler((ex, c, parsed) -> failed(ex, c.getErr(), c.getCommandSpec().qualifiedName()));
        return cl;
    }

    /** Reports an exception a command threw and returns the exit code for it. */
    private static int failed(Exception ex, PrintWriter err, String command) {
        if (ex instanceof OptionValueException) {
            err.println("error: " + ex.getMessage());
            err.println("usage: " + command + " --help");
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
    }
}
