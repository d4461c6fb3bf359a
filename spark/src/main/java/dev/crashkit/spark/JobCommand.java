package dev.crashkit.spark;

import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.OptionalInt;
import java.util.concurrent.Callable;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** The command line of the job. */
@Command(name = "crashkit-spark", mixinStandardHelpOptions = true,
        description = "Symbolicate stored crash reports on Apache Spark: one output row per report.",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:done; every report has a row (failed reports are rows with their error)",
                "2:usage error, or Spark not on the classpath",
                "3:an input matches nothing, the output folder is not empty, or a --dsym path is unreadable",
                "4:the Spark job failed"})
final class JobCommand implements Callable<Integer> {

    @Option(names = "--input", required = true, arity = "1..*", paramLabel = "PATH_OR_GLOB",
            description = "report files, folders (recursive) or globs, and JSON-lines exports; local paths or Hadoop URIs")
    List<String> inputs = new ArrayList<>();

    @Option(names = {"--dsym", "--symbols"}, arity = "1..*", paramLabel = "PATH",
            description = "debug files as for `symbolicate --dsym`; a Hadoop URI (hdfs://, s3a://) is copied to each executor once")
    List<String> dsyms = new ArrayList<>();

    @Option(names = "--symbol-server", paramLabel = "LAYOUT=URL",
            description = "fetch debug files no --dsym has from this server (repeatable, tried in order); LAYOUT: debuginfod,"
                    + " lldb, gdb, unified; URL: http://, https:// or file:// (a path every executor sees)")
    List<String> symbolServers = new ArrayList<>();

    @Option(names = "--symbol-server-header", arity = "2", paramLabel = " LAYOUT=URL HEADER", hideParamSyntax = true,
            description = "send HEADER ('Authorization: Bearer …') to that server (repeatable; never printed)")
    List<String> serverHeaders = new ArrayList<>();

    @Option(names = "--out", required = true, paramLabel = "DIR", description = "output folder (must not exist or be empty)")
    String out;

    @Option(names = "--format", defaultValue = "parquet", description = "parquet or json (default: ${DEFAULT-VALUE})")
    JobConfig.OutputFormat format;

    @Option(names = "--master", paramLabel = "URL",
            description = "Spark master, e.g. local[*] (default: spark-submit's, else local[*])")
    String master;

    @Option(names = "--partitions", paramLabel = "N", description = "symbolication tasks (default: 4 per core)")
    Integer partitions;

    @Option(names = "--no-group-by-image", negatable = false,
            description = "skip the pre-pass that places reports of one main image together")
    boolean noGroupByImage;

    @Option(names = "--demangle", defaultValue = "simplified",
            description = "simplified (as Apple crash reports), full, or none (default: ${DEFAULT-VALUE})")
    String demangle;

    @Option(names = "--cache-dir", paramLabel = "DIR",
            description = "executor-local folder for the debug-file index, extracted archive members, downloads and "
                    + "symbol caches (default: none)")
    String cacheDir;

    @Option(names = "--no-symcache",
            description = "do not read or write symbol caches in --cache-dir (each executor parses the DWARF it loads)")
    boolean noSymcache;

    private PrintWriter stdout;
    private PrintWriter stderr;

    static int execute(String... args) {
        PrintWriter out = new PrintWriter(new java.io.OutputStreamWriter(System.out, StandardCharsets.UTF_8), true);
        PrintWriter err = new PrintWriter(new java.io.OutputStreamWriter(System.err, StandardCharsets.UTF_8), true);
        return execute(out, err, args);
    }

    static int execute(PrintWriter out, PrintWriter err, String... args) {
        JobCommand command = new JobCommand();
        command.stdout = out;
        command.stderr = err;
        CommandLine cl = new CommandLine(command);
        cl.setOut(out);
        cl.setErr(err);
        cl.setParameterExceptionHandler((ex, argv) -> {
            err.println("error: " + ex.getMessage());
            err.println("usage: crashkit-spark --help");
            err.flush();
            return ExitCodes.USAGE;
        });
        cl.setExecutionExceptionHandler((ex, c, parsed) -> {
            StackTraceElement at = ex.getStackTrace().length > 0 ? ex.getStackTrace()[0] : null;
            err.println("internal error: " + firstLine(ex.toString()) + (at != null ? " at " + at : ""));
            if (System.getenv("CRASHKIT_DEBUG") != null) {
                ex.printStackTrace(err);
            }
            err.flush();
            return ExitCodes.INTERNAL_ERROR;
        });
        int code = cl.execute(args);
        out.flush();
        err.flush();
        return code;
    }

    /** Spark's messages can run to pages (whole query plans); one line of at most 500 characters is kept. */
    static String firstLine(String message) {
        String line = message.lines().findFirst().orElse("");
        return line.length() > 500 ? line.substring(0, 500) + " …" : line;
    }

    @Override
    public Integer call() {
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
                partitions == null ? OptionalInt.empty() : OptionalInt.of(partitions), !noGroupByImage);
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
