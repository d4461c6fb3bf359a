package dev.crashkit.spark;

import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.OptionalInt;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.MissingParameterException;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * The command line of the job, parsed by picocli (shaded and relocated into crashkit-spark.jar, so
 * it never meets another copy on a cluster's class path).
 */
@Command(name = "crashkit-spark", version = "crashkit-spark 0.1", sortOptions = false, usageHelpWidth = 110,
        description = "Symbolicate stored crash reports on Apache Spark: one output row per report.",
        exitCodeListHeading = "Exit codes:%n",
        exitCodeList = {"0:done; every report has a row (failed reports are rows with their error)",
                "2:usage error, or Spark not on the classpath",
                "3:an input matches nothing, the output folder is not empty, or a --dsym path is unreadable",
                "4:the Spark job failed"})
final class JobCommand {
    @Option(names = "--input", required = true, arity = "1..*", paramLabel = "PATH_OR_GLOB", order = 1,
            description = "report files, folders (recursive) or globs, and JSON-lines exports; local paths or Hadoop URIs")
    List<String> inputs = new ArrayList<>();

    @Option(names = {"--dsym", "--symbols"}, arity = "1..*", paramLabel = "PATH", order = 2,
            description = "debug files as for `symbolicate --dsym`; a Hadoop URI (hdfs://, s3a://) is copied to each"
                    + " executor once")
    List<String> dsyms = new ArrayList<>();

    @Option(names = "--symbol-server", paramLabel = "LAYOUT=URL", order = 3,
            description = "fetch debug files no --dsym has from this server (repeatable, tried in order); LAYOUT:"
                    + " debuginfod, lldb, gdb, unified; URL: http://, https:// or file:// (a path every executor sees)")
    List<String> symbolServers = new ArrayList<>();

    @Option(names = "--symbol-server-header", arity = "2", paramLabel = "LAYOUT=URL HEADER", hideParamSyntax = true,
            order = 4, description = "send HEADER ('Authorization: Bearer ...') to that server (never printed)")
    List<String> serverHeaders = new ArrayList<>();

    @Option(names = "--out", required = true, paramLabel = "DIR", order = 5,
            description = "output folder (must not exist or be empty)")
    String out;

    JobConfig.OutputFormat format = JobConfig.OutputFormat.parquet;

    @Option(names = "--format", paramLabel = "parquet|json", order = 6, description = "output format (default: parquet)")
    private void format(String value) {
        try {
            format = JobConfig.OutputFormat.valueOf(value);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(),
                    "Invalid value for option '--format': expected one of [parquet, json], not '" + value + "'");
        }
    }

    @Option(names = "--master", paramLabel = "URL", order = 7,
            description = "Spark master, e.g. local[*] (default: spark-submit's, else local[*])")
    String master;

    Integer partitions;

    /** A number here; at least 1 is checked by {@link #call} (as before: the job's message). */
    @Option(names = "--partitions", paramLabel = "N", order = 8, description = "symbolication tasks (default: 4 per core)")
    private void partitions(String value) {
        try {
            partitions = Integer.parseInt(value.strip());
        } catch (NumberFormatException e) {
            throw new ParameterException(spec.commandLine(),
                    "Invalid value for option '--partitions': '" + value + "' is not a number");
        }
    }

    @Option(names = "--group-by-image", order = 9, description = "place reports of one main image together in a"
            + " pre-pass (default: only on a cluster; in local mode all tasks share one symbolizer)")
    private boolean groupByImage;

    @Option(names = "--no-group-by-image", order = 10, description = "never run that pre-pass")
    private boolean noGroupByImage;

    /** The two options above, checked against each other by {@link #parse}. */
    JobConfig.ImageGrouping grouping = JobConfig.ImageGrouping.AUTO;

    @Option(names = "--demangle", paramLabel = "STYLE", order = 11,
            description = "simplified (as Apple crash reports), full, or none (default: simplified)")
    String demangle = "simplified";

    @Option(names = "--cache-dir", paramLabel = "DIR", order = 12, description = "executor-local folder for the"
            + " debug-file index, extracted archive members, downloads and symbol caches (default: none)")
    String cacheDir;

    @Option(names = "--no-symcache", order = 13, description = "do not read or write symbol caches in --cache-dir")
    boolean noSymcache;

    @Option(names = {"-h", "--help"}, usageHelp = true, order = 14, description = "show this help and exit")
    private boolean help;

    @Option(names = {"-V", "--version"}, versionHelp = true, order = 15, description = "print the version and exit")
    private boolean version;

    @Spec
    private CommandSpec spec;

    /** A command line that cannot be used; the message says why in one line. */
    static final class UsageException extends Exception {
        UsageException(String message) {
            super(message);
        }
    }

    /** The options of {@code args} ({@code --name value}, {@code --name=value}; list options take values up to the next option). */
    static JobCommand parse(String... args) throws UsageException {
        JobCommand c = new JobCommand();
        try {
            commandLine(c).parseArgs(args);
        } catch (ParameterException e) {
            throw new UsageException(oneLine(e));
        }
        if (c.groupByImage && c.noGroupByImage) {
            throw new UsageException("--group-by-image and --no-group-by-image exclude each other");
        }
        c.grouping = c.groupByImage ? JobConfig.ImageGrouping.ALWAYS
                : c.noGroupByImage ? JobConfig.ImageGrouping.NEVER : JobConfig.ImageGrouping.AUTO;
        return c;
    }

    /** The usage text {@code --help} prints. */
    static String usage() {
        return commandLine(new JobCommand()).getUsageMessage(CommandLine.Help.Ansi.OFF).stripTrailing();
    }

    private static CommandLine commandLine(JobCommand c) {
        // As before picocli: a repeated single-value option's last value counts.
        return new CommandLine(c).setOverwrittenOptionsAllowed(true).setUsageHelpLongOptionsMaxWidth(28);
    }

    /**
     * The one-line message of a usage error; for a missing value or an unmatched argument the job's own
     * words, which never repeat the values given (a header is a secret).
     */
    private static String oneLine(ParameterException e) {
        if (e instanceof UnmatchedArgumentException u && !u.getUnmatched().isEmpty()) {
            String arg = u.getUnmatched().get(0);
            return (arg.startsWith("-") ? "Unknown option: '" : "Unmatched argument: '") + arg + "'";
        }
        boolean absent = e.getMessage().startsWith("Missing required option"); // picocli's words, kept
        if (e instanceof MissingParameterException missing && !absent && !missing.getMissing().isEmpty()
                && missing.getMissing().get(0) instanceof OptionSpec option) {
            return option.arity().min() == 2 ? option.names()[0] + " takes two values: LAYOUT=URL HEADER"
                    : "Missing required parameter for option '" + option.names()[0] + "'";
        }
        return e.getMessage().lines().findFirst().orElse("bad command line");
    }

    /** Whether this command line runs a job (not {@code --help} or {@code --version}). */
    boolean runsJob() {
        return !help && !version;
    }

    private PrintWriter stdout;
    private PrintWriter stderr;

    static int execute(String... args) {
        PrintWriter out = new PrintWriter(new java.io.OutputStreamWriter(System.out, StandardCharsets.UTF_8), true);
        PrintWriter err = new PrintWriter(new java.io.OutputStreamWriter(System.err, StandardCharsets.UTF_8), true);
        return execute(out, err, args);
    }

    static int execute(PrintWriter out, PrintWriter err, String... args) {
        JobCommand command;
        try {
            command = parse(args);
        } catch (UsageException e) {
            err.println("error: " + e.getMessage());
            err.println("usage: crashkit-spark --help");
            err.flush();
            return ExitCodes.USAGE;
        }
        command.stdout = out;
        command.stderr = err;
        int code;
        if (command.help) {
            out.println(usage());
            code = ExitCodes.OK;
        } else if (command.version) {
            out.println("crashkit-spark 0.1");
            code = ExitCodes.OK;
        } else {
            try {
                code = command.call();
            } catch (RuntimeException | Error ex) { // a failed Spark job is thrown undeclared from Scala
                StackTraceElement at = ex.getStackTrace().length > 0 ? ex.getStackTrace()[0] : null;
                err.println("internal error: " + firstLine(ex.toString()) + (at != null ? " at " + at : ""));
                if (System.getenv("CRASHKIT_DEBUG") != null) {
                    ex.printStackTrace(err);
                }
                code = ExitCodes.INTERNAL_ERROR;
            }
        }
        out.flush();
        err.flush();
        return code;
    }

    /** Spark's messages can run to pages (whole query plans); one line of at most 500 characters is kept. */
    static String firstLine(String message) {
        String line = message.lines().findFirst().orElse("");
        return line.length() > 500 ? line.substring(0, 500) + " …" : line;
    }

    /** Runs the job; the exit code. */
    int call() {
        if (!Symbolicator.knownDemangleStyle(demangle)) {
            stderr.println("error: --demangle must be simplified, full or none, not " + demangle);
            return ExitCodes.USAGE;
        }
        if (partitions != null && partitions < 1) {
            stderr.println("error: --partitions must be at least 1");
            return ExitCodes.USAGE;
        }
        String trainingOut = System.getProperty(StartupArchive.ARCHIVING) == null ? null
                : System.getProperty(StartupArchive.TRAINING_OUT);
        if (trainingOut != null) {
            out = trainingOut; // a training run for the class-data archive (StartupArchive) writes into scratch
        }
        SymbolSettings symbols = symbolSettings();
        try {
            Symbolicator.checkSymbolServers(symbols);
        } catch (IllegalArgumentException e) {
            stderr.println("error: " + (e.getMessage().startsWith("--") ? "" : "--symbol-server: ") + e.getMessage());
            return ExitCodes.USAGE;
        }
        JobConfig config = new JobConfig(inputs, symbols, out, format,
                partitions == null ? OptionalInt.empty() : OptionalInt.of(partitions), grouping);
        SparkSession.Builder builder = SparkSession.builder().appName("crashkit-spark");
        boolean submitted = System.getProperty("spark.master") != null; // spark-submit sets it
        if (master != null || !submitted) {
            builder.master(master != null ? master : "local[*]");
        }
        if (!submitted) {
            // A `java -jar` run listens on loopback only and starts no web UI (it would bind every interface).
            builder.config("spark.driver.bindAddress", "127.0.0.1").config("spark.driver.host", "127.0.0.1")
                    .config("spark.ui.enabled", "false");
        }
        SparkSession spark = builder.getOrCreate();
        try {
            long start = System.nanoTime();
            SymbolicateJob.Summary s = SymbolicateJob.run(spark, config);
            print(s, (System.nanoTime() - start) / 1e9);
            return ExitCodes.OK;
        } catch (InputListing.InputException e) {
            stderr.println("error: " + e.getMessage());
            return ExitCodes.INVALID_INPUT;
        } catch (java.io.IOException e) {
            stderr.println("error: " + e.getMessage());
            return ExitCodes.INVALID_INPUT;
        } finally { // a failed Spark job (thrown undeclared from Scala) goes to the execution handler: exit 4
            spark.stop();
        }
    }

    /** What the options say about debug files, caches and names. */
    SymbolSettings symbolSettings() {
        return new SymbolSettings(dsyms, symbolServers, serverHeaders, cacheDir, demangle, !noSymcache);
    }

    private void print(SymbolicateJob.Summary s, double seconds) {
        stdout.printf(Locale.ROOT, "reports: %d symbolicated, %d failed (%d input files, %d partitions, %.1f s, %.1f reports/s)%n",
                s.reports() - s.failed(), s.failed(), s.files(), s.partitions(), seconds, s.reports() / seconds);
        if (!s.missing().isEmpty()) {
            stdout.println("missing debug files (image, UUID/build-id, frames they would name, reports):");
            for (Row m : s.missing().subList(0, Math.min(20, s.missing().size()))) {
                stdout.printf(Locale.ROOT, "  %-30s %s  %d frames in %d report(s)%n", m.getString(0), m.getString(1),
                        m.getLong(2), m.getLong(3));
            }
            if (s.missing().size() > 20) {
                stdout.println("  … " + (s.missing().size() - 20) + " more in " + SymbolicateJob.MISSING);
            }
        }
        stdout.println("output: " + out + "/" + SymbolicateJob.REPORTS + ", " + out + "/" + SymbolicateJob.MISSING
                + " (" + format + ")");
        stdout.flush();
    }
}
