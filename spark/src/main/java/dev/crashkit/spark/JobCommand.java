package dev.crashkit.spark;

import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.OptionalInt;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * The command line of the job, parsed here by hand: a dozen flags do not need a command-line library
 * on every executor's class path.
 */
final class JobCommand {
    static final String USAGE = String.join("\n",
            "Usage: crashkit-spark --input PATH_OR_GLOB... --out DIR [--dsym PATH...] [--symbol-server LAYOUT=URL]...",
            "                      [--symbol-server-header LAYOUT=URL HEADER]... [--format parquet|json] [--master URL]",
            "                      [--partitions N] [--[no-]group-by-image] [--demangle simplified|full|none]",
            "                      [--cache-dir DIR] [--no-symcache]",
            "Symbolicate stored crash reports on Apache Spark: one output row per report.",
            "      --input PATH_OR_GLOB...   report files, folders (recursive) or globs, and JSON-lines exports; local",
            "                                paths or Hadoop URIs",
            "      --dsym, --symbols PATH... debug files as for `symbolicate --dsym`; a Hadoop URI (hdfs://, s3a://) is",
            "                                copied to each executor once",
            "      --symbol-server LAYOUT=URL",
            "                                fetch debug files no --dsym has from this server (repeatable, tried in",
            "                                order); LAYOUT: debuginfod, lldb, gdb, unified; URL: http://, https:// or",
            "                                file:// (a path every executor sees)",
            "      --symbol-server-header LAYOUT=URL HEADER",
            "                                send HEADER ('Authorization: Bearer ...') to that server (never printed)",
            "      --out DIR                 output folder (must not exist or be empty)",
            "      --format parquet|json     output format (default: parquet)",
            "      --master URL              Spark master, e.g. local[*] (default: spark-submit's, else local[*])",
            "      --partitions N            symbolication tasks (default: 4 per core)",
            "      --group-by-image          place reports of one main image together in a pre-pass (default: only",
            "                                on a cluster; in local mode all tasks share one symbolizer)",
            "      --no-group-by-image       never run that pre-pass",
            "      --demangle STYLE          simplified (as Apple crash reports), full, or none (default: simplified)",
            "      --cache-dir DIR           executor-local folder for the debug-file index, extracted archive members,",
            "                                downloads and symbol caches (default: none)",
            "      --no-symcache             do not read or write symbol caches in --cache-dir",
            "  -h, --help                    show this help and exit",
            "  -V, --version                 print the version and exit",
            "Exit codes:",
            "  0   done; every report has a row (failed reports are rows with their error)",
            "  2   usage error, or Spark not on the classpath",
            "  3   an input matches nothing, the output folder is not empty, or a --dsym path is unreadable",
            "  4   the Spark job failed");

    List<String> inputs = new ArrayList<>();
    List<String> dsyms = new ArrayList<>();
    List<String> symbolServers = new ArrayList<>();
    List<String> serverHeaders = new ArrayList<>();
    String out;
    JobConfig.OutputFormat format = JobConfig.OutputFormat.parquet;
    String master;
    Integer partitions;
    JobConfig.ImageGrouping grouping = JobConfig.ImageGrouping.AUTO;
    String demangle = "simplified";
    String cacheDir;
    boolean noSymcache;
    private boolean help;
    private boolean version;

    /** A command line that cannot be used; the message says why in one line. */
    static final class UsageException extends Exception {
        UsageException(String message) {
            super(message);
        }
    }

    /** The options of {@code args} ({@code --name value}, {@code --name=value}; list options take values up to the next option). */
    static JobCommand parse(String... args) throws UsageException {
        JobCommand c = new JobCommand();
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            String name = arg;
            String inline = null;
            int eq = arg.indexOf('=');
            if (arg.startsWith("--") && eq > 0) {
                name = arg.substring(0, eq);
                inline = arg.substring(eq + 1);
            }
            switch (name) {
                case "-h", "--help" -> c.help = true;
                case "-V", "--version" -> c.version = true;
                case "--group-by-image", "--no-group-by-image" -> {
                    JobConfig.ImageGrouping g = name.equals("--group-by-image") ? JobConfig.ImageGrouping.ALWAYS
                            : JobConfig.ImageGrouping.NEVER;
                    if (c.grouping != JobConfig.ImageGrouping.AUTO && c.grouping != g) {
                        throw new UsageException("--group-by-image and --no-group-by-image exclude each other");
                    }
                    c.grouping = g;
                }
                case "--no-symcache" -> c.noSymcache = true;
                case "--input", "--dsym", "--symbols" -> {
                    List<String> to = name.equals("--input") ? c.inputs : c.dsyms;
                    if (inline != null) {
                        to.add(inline);
                    }
                    while (i + 1 < args.length && !args[i + 1].startsWith("-")) {
                        to.add(args[++i]);
                    }
                    if (inline == null && to.isEmpty()) {
                        throw new UsageException("Missing required parameter for option '" + name + "'");
                    }
                }
                case "--symbol-server-header" -> {
                    if (inline != null || i + 2 >= args.length) {
                        throw new UsageException("--symbol-server-header takes two values: LAYOUT=URL HEADER");
                    }
                    c.serverHeaders.add(args[++i]);
                    c.serverHeaders.add(args[++i]);
                }
                case "--symbol-server", "--out", "--format", "--master", "--partitions", "--demangle",
                        "--cache-dir" -> {
                    String value = inline;
                    if (value == null) {
                        if (i + 1 >= args.length) {
                            throw new UsageException("Missing required parameter for option '" + name + "'");
                        }
                        value = args[++i];
                    }
                    c.set(name, value);
                }
                default -> throw new UsageException(arg.startsWith("-") ? "Unknown option: '" + arg + "'"
                        : "Unmatched argument: '" + arg + "'");
            }
        }
        if (!c.help && !c.version) {
            if (c.out == null) {
                throw new UsageException("Missing required option: '--out=DIR'");
            }
            if (c.inputs.isEmpty()) {
                throw new UsageException("Missing required option: '--input=PATH_OR_GLOB'");
            }
        }
        return c;
    }

    /** Whether this command line runs a job (not {@code --help} or {@code --version}). */
    boolean runsJob() {
        return !help && !version;
    }

    private void set(String name, String value) throws UsageException {
        switch (name) {
            case "--symbol-server" -> symbolServers.add(value);
            case "--out" -> out = value;
            case "--format" -> {
                try {
                    format = JobConfig.OutputFormat.valueOf(value);
                } catch (IllegalArgumentException e) {
                    throw new UsageException("Invalid value for option '--format': expected one of [parquet, json],"
                            + " not '" + value + "'");
                }
            }
            case "--master" -> master = value;
            case "--partitions" -> {
                try {
                    partitions = Integer.parseInt(value.strip());
                } catch (NumberFormatException e) {
                    throw new UsageException("Invalid value for option '--partitions': '" + value + "' is not a number");
                }
            }
            case "--demangle" -> demangle = value;
            case "--cache-dir" -> cacheDir = value;
            default -> throw new IllegalStateException(name);
        }
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
            out.println(USAGE);
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
