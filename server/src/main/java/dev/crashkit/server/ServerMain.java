package dev.crashkit.server;

import dev.crashkit.server.alerts.AlertConfig;
import dev.crashkit.symbolicator.InputLimits;
import dev.crashkit.symbolicator.SymbolSources;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.MissingParameterException;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * {@code java -jar crashkit-server.jar [options]}: the options, parsed by picocli. Values are checked
 * as they are read (numbers against their range, URLs, project names; {@link OptionValues}), so a
 * bad command line is one line and exit code 2 before anything starts.
 */
@Command(name = "crashkit-server", version = "crashkit-server 0.1", sortOptions = false, // in the order of the "order" attributes
        usageHelpWidth = 110,
        customSynopsis = {
            "crashkit-server [--port N] [--bind ADDRESS] [--data DIR] [--db JDBC_URL] [--dsym PATH]...",
            "               [--symbol-server LAYOUT=URL]... [--symbol-server-header LAYOUT=URL HEADER]...",
            "               [--symbol-server-config FILE] [--debuginfod-urls] [--token TOKEN] [--workers N]",
            "               [--max-report-bytes N] [--max-debug-file-bytes N] [--max-threads N]",
            "               [--max-frames N] [--upload-chunk-size N] [--no-symcache] [--project NAME]...",
            "               [--public-url URL] [--sentry-rate-limit N] [--webhook URL]... [--webhook-secret S]",
            "               [--spike-threshold N] [--spike-window-minutes M] [--webhook-retry-seconds N]",
            "               [--webhook-attempts N] [--webhook-timeout-seconds N]",
            "               [--blob-store db|DIR|s3://BUCKET/PREFIX]",
            "               [--blob-store-endpoint URL] [--blob-store-region R] [--blob-store-access-key-id ID]",
            "               [--blob-store-secret-access-key SECRET] [--blob-cache-bytes N]",
            "               [--retention-days N] [--max-reports-per-group N] [--max-stored-reports-mb N]",
            "               [--cleanup-interval-minutes N] [--debug-file-retention-days N] [--keep-user-data]"},
        description = "Receives crash reports and debug files, symbolicates, groups and shows them.",
        exitCodeListHeading = "Exit codes:%n",
        exitCodeList = {"0:stopped", "2:usage error (bad option, non-loopback --bind without a token)",
                "3:cannot start (database, data folder, port)"})
public final class ServerMain {
    @Spec
    private CommandSpec spec;

    @Option(order = 1, names = "--port", paramLabel = "N", description = "port (default: 8080; 0: any free port)")
    private void port(String v) {
        port = values().intNumber("--port", v, 0, 65535);
    }

    int port = 8080;

    @Option(order = 2, names = "--bind", paramLabel = "ADDRESS",
            description = "address to listen on (default: 127.0.0.1); others need --token")
    String bind = "127.0.0.1";

    @Option(order = 3, names = "--data", paramLabel = "DIR",
            description = "folder for the SQLite database and debug files (default: ./crashkit-data)")
    private void data(String v) {
        data = values().path("--data", v);
    }

    Path data = Path.of("crashkit-data");

    @Option(order = 4, names = "--db", paramLabel = "JDBC_URL", description = {
        "database: jdbc:sqlite:FILE or jdbc:postgresql://HOST/DB?user=U&password=P (default: SQLite in --data)"})
    String db;

    @Option(order = 5, names = {"--dsym", "--symbols"}, paramLabel = "PATH",
            description = "debug files to use besides uploaded ones (dSYM, Mach-O, ELF, archive, folder)")
    private void dsym(String v) {
        dsyms.add(values().path("--dsym", v));
    }

    List<Path> dsyms = new ArrayList<>();

    @Option(order = 6, names = "--symbol-server", paramLabel = "LAYOUT=URL",
            description = "symbol server asked for images no local or uploaded file has: debuginfod, lldb, gdb or"
                    + " unified layout, http(s):// or file:// (as for symbolicate)")
    List<String> symbolServers = new ArrayList<>();

    // Two values per use; picocli's own message for a missing one would repeat the header (a secret).
    @Option(order = 7, names = "--symbol-server-header", arity = "2", paramLabel = "LAYOUT=URL HEADER", hideParamSyntax = true,
            description = "send HEADER ('Authorization: Bearer ...') to that server (never logged)")
    List<String> serverHeaders = new ArrayList<>();

    @Option(order = 8, names = "--symbol-server-config", paramLabel = "FILE",
            description = "JSON list of servers with headers; $${env:NAME} in a header reads the environment")
    private void serverConfig(String v) {
        serverConfig = values().path("--symbol-server-config", v);
    }

    Path serverConfig;

    @Option(order = 9, names = "--debuginfod-urls", description = "also ask the servers of DEBUGINFOD_URLS (not read unless asked)")
    boolean debuginfodUrls;

    @Option(order = 10, names = "--token", paramLabel = "TOKEN",
            description = "admin bearer token for /api and the pages (default: $CRASHKIT_TOKEN)")
    String token;

    @Option(order = 11, names = "--max-report-bytes", paramLabel = "N", description = "largest report (default: 52428800, 50 MB)")
    private void maxReport(String v) {
        maxReport = values().number("--max-report-bytes", v, 1, Long.MAX_VALUE);
    }

    long maxReport = ServerConfig.DEFAULT_MAX_REPORT;

    @Option(order = 12, names = "--max-debug-file-bytes", paramLabel = "N",
            description = "largest debug file upload (default: 2147483648, 2 GB)")
    private void maxDebugFile(String v) {
        maxDebugFile = values().number("--max-debug-file-bytes", v, 1, Long.MAX_VALUE);
    }

    long maxDebugFile = ServerConfig.DEFAULT_MAX_DEBUG_FILE;

    // The command line's limits are the ceiling: what the symbolicator library reads at all.
    @Option(order = 13, names = "--max-threads", paramLabel = "N", description = "most threads in a report (default: 2000)")
    private void maxThreads(String v) {
        maxThreads = values().intNumber("--max-threads", v, 1, InputLimits.defaults().maxThreads());
    }

    int maxThreads = ServerConfig.DEFAULT_MAX_THREADS;

    @Option(order = 14, names = "--max-frames", paramLabel = "N",
            description = "most frames in a report, all threads together (default: 250000); of each, 512 frames a"
                    + " thread and 20000 in all are symbolicated and stored")
    private void maxFrames(String v) {
        maxFrames = values().intNumber("--max-frames", v, 1, InputLimits.defaults().maxFrames());
    }

    int maxFrames = ServerConfig.DEFAULT_MAX_FRAMES;

    @Option(order = 15, names = "--upload-chunk-size", paramLabel = "N",
            description = "chunk size sentry-cli's debug file upload is told to use (default: 8388608, 8 MiB;"
                    + " smaller behind a proxy that limits request bodies)")
    private void uploadChunkSize(String v) {
        uploadChunkSize = values().intNumber("--upload-chunk-size", v, 1024, 64 * 1024 * 1024);
    }

    int uploadChunkSize = ServerConfig.DEFAULT_UPLOAD_CHUNK_SIZE;

    @Option(order = 16, names = "--workers", paramLabel = "N", description = "symbolication threads (default: 2)")
    private void workers(String v) {
        workers = values().intNumber("--workers", v, 1, 1024);
    }

    int workers = 2;

    @Option(order = 17, names = "--no-symcache", description = "do not read or write symbol caches (DATA/cache/symcache)")
    boolean noSymcache;

    @Option(order = 18, names = "--project", paramLabel = "NAME", description = "create this project (besides 'default') if"
            + " missing; GET /api/projects lists each project's DSN for Sentry SDKs")
    private void project(String v) {
        try {
            dev.crashkit.server.store.Projects.checkName(v);
        } catch (dev.crashkit.server.store.Projects.BadName e) {
            throw values().refuse("--project " + v + ": " + e.getMessage());
        }
        projects.add(v);
    }

    List<String> projects = new ArrayList<>();

    @Option(order = 19, names = "--public-url", paramLabel = "URL", description = "the server's address as SDKs reach it"
            + " (https://crash.example.com), used in the DSNs listed (default: the address of the request asking)")
    private void publicUrl(String v) {
        publicUrl = values().publicUrl("--public-url", v);
    }

    String publicUrl;

    @Option(order = 20, names = "--sentry-rate-limit", paramLabel = "N",
            description = "Sentry events a project may send per minute, then 429 (default: 0, no limit)")
    private void sentryRateLimit(String v) {
        sentryRateLimit = values().intNumber("--sentry-rate-limit", v, 0, Integer.MAX_VALUE);
    }

    int sentryRateLimit;

    @Option(order = 21, names = "--webhook", paramLabel = "URL", description = "post every project's alerts (group.created,"
            + " group.regressed, group.spike) to URL; Slack's hooks.slack.com URLs get Slack's format (projects add"
            + " their own through the API or the projects page)")
    private void webhook(String v) {
        try {
            webhooks.add(dev.crashkit.server.store.Webhooks.checkUrl(v));
        } catch (dev.crashkit.server.store.Webhooks.BadWebhook e) {
            // The URL itself is not repeated: a Slack URL is a secret.
            throw values().refuse("--webhook: " + e.getMessage());
        }
    }

    List<String> webhooks = new ArrayList<>();

    @Option(order = 22, names = "--webhook-secret", paramLabel = "S", description = "sign --webhook bodies: X-Crashkit-Signature:"
            + " sha256=HMAC-SHA256 (default: $CRASHKIT_WEBHOOK_SECRET; never logged)")
    String webhookSecret;

    @Option(order = 23, names = "--spike-threshold", paramLabel = "N", description = "group.spike when a group gets more than N"
            + " reports of a project in one window (default: 100; 0: no spike alerts)")
    private void spikeThreshold(String v) {
        spikeThreshold = values().intNumber("--spike-threshold", v, 0, 1_000_000_000);
    }

    int spikeThreshold = dev.crashkit.server.store.AlertRules.DEFAULT_SPIKE_THRESHOLD;

    @Option(order = 24, names = "--spike-window-minutes", paramLabel = "M", description = "the spike window (default: 60)")
    private void spikeWindowMinutes(String v) {
        spikeWindowMinutes = values().intNumber("--spike-window-minutes", v, 1, 10080);
    }

    int spikeWindowMinutes = dev.crashkit.server.store.AlertRules.DEFAULT_SPIKE_WINDOW_MINUTES;

    @Option(order = 25, names = "--webhook-retry-seconds", paramLabel = "N",
            description = "wait after a failed delivery, doubled each time up to an hour (default: 10)")
    private void webhookRetrySeconds(String v) {
        webhookRetrySeconds = values().intNumber("--webhook-retry-seconds", v, 1, 3600);
    }

    int webhookRetrySeconds = (int) AlertConfig.DEFAULT_FIRST_RETRY.toSeconds();

    @Option(order = 26, names = "--webhook-attempts", paramLabel = "N",
            description = "attempts before a delivery is given up (default: 12, about 3.5 hours)")
    private void webhookAttempts(String v) {
        webhookAttempts = values().intNumber("--webhook-attempts", v, 1, 100);
    }

    int webhookAttempts = AlertConfig.DEFAULT_ATTEMPTS;

    @Option(order = 27, names = "--webhook-timeout-seconds", paramLabel = "N",
            description = "time a webhook has to answer (default: 10)")
    private void webhookTimeoutSeconds(String v) {
        webhookTimeoutSeconds = values().intNumber("--webhook-timeout-seconds", v, 1, 300);
    }

    int webhookTimeoutSeconds = (int) AlertConfig.DEFAULT_TIMEOUT.toSeconds();

    @Mixin
    BlobStoreOptions blobStore = new BlobStoreOptions();

    @Option(order = 34, names = "--retention-days", paramLabel = "N",
            description = "remove raw reports received more than N days ago (default: 0, keep)")
    private void retentionDays(String v) {
        retentionDays = values().number("--retention-days", v, 0, 100L * 365);
    }

    long retentionDays;

    @Option(order = 35, names = "--max-reports-per-group", paramLabel = "N",
            description = "keep the newest N raw reports of each group (default: 0, all)")
    private void maxReportsPerGroup(String v) {
        maxReportsPerGroup = values().number("--max-reports-per-group", v, 0, Long.MAX_VALUE);
    }

    long maxReportsPerGroup;

    @Option(order = 36, names = "--max-stored-reports-mb", paramLabel = "N", description = "remove the oldest raw reports while"
            + " they add up to more than N MiB (default: 0, no budget); group counts keep counting removed reports")
    private void maxStoredReportsMb(String v) {
        maxStoredReportsMb = values().number("--max-stored-reports-mb", v, 0, Long.MAX_VALUE >> 20);
    }

    long maxStoredReportsMb;

    @Option(order = 37, names = "--keep-user-data", description = "store Sentry events' user (id, email, IP address, ...) as"
            + " sent; by default only its segment is kept (users are counted by a salted hash)")
    boolean keepUserData;

    @Option(order = 38, names = "--debug-file-retention-days", paramLabel = "N", description = "remove uploaded debug files"
            + " neither uploaded nor used by a symbolication for N days (default: 0, keep)")
    private void debugFileRetentionDays(String v) {
        debugFileRetentionDays = values().number("--debug-file-retention-days", v, 0, 100L * 365);
    }

    long debugFileRetentionDays;

    @Option(order = 39, names = "--cleanup-interval-minutes", paramLabel = "N",
            description = "how often the retention cleanup runs (default: 60; also at start)")
    private void cleanupIntervalMinutes(String v) {
        cleanupIntervalMinutes = values().number("--cleanup-interval-minutes", v, 1, 7L * 24 * 60);
    }

    long cleanupIntervalMinutes = ServerConfig.Cleanup.DEFAULT_INTERVAL / 60_000;

    @Option(order = 40, names = {"-h", "--help"}, usageHelp = true, description = "show this help and exit")
    boolean help;

    @Option(order = 41, names = {"-V", "--version"}, versionHelp = true, description = "print the version and exit")
    boolean version;

    /** A command line that cannot be used; the message says why in one line. */
    static final class UsageException extends Exception {
        UsageException(String message) {
            super(message);
        }
    }

    private OptionValues values() {
        return new OptionValues(spec);
    }

    /** The options of {@code args} ({@code --name value} or {@code --name=value}). */
    static ServerMain parse(String... args) throws UsageException {
        ServerMain m = new ServerMain();
        try {
            commandLine(m).parseArgs(args);
        } catch (ParameterException e) {
            throw new UsageException(oneLine(e));
        }
        return m;
    }

    /** The usage text {@code --help} prints. */
    static String usage() {
        return commandLine(new ServerMain()).getUsageMessage(CommandLine.Help.Ansi.OFF).stripTrailing();
    }

    private static CommandLine commandLine(ServerMain m) {
        // As before picocli: a repeated option's last value counts, and a value may start with '-'
        // (a token or secret is taken as given).
        return new CommandLine(m).setOverwrittenOptionsAllowed(true).setAllowOptionsAsOptionParameters(true)
                .setUsageHelpLongOptionsMaxWidth(28);
    }

    /**
     * The one-line message of a usage error. picocli's messages for an unknown option and a missing
     * value are replaced by the server's own, which never repeat an option's values (a header or a
     * token may be among them).
     */
    private static String oneLine(ParameterException e) {
        if (e instanceof UnmatchedArgumentException u && !u.getUnmatched().isEmpty()) {
            String arg = u.getUnmatched().get(0);
            return arg.startsWith("-") ? "unknown option: " + arg : "unexpected argument: " + arg;
        }
        if (e instanceof MissingParameterException missing && !missing.getMissing().isEmpty()
                && missing.getMissing().get(0) instanceof OptionSpec option) {
            return option.arity().min() == 2 ? option.longestName() + " takes two values: LAYOUT=URL HEADER"
                    : "missing value for " + option.longestName();
        }
        return e.getMessage().lines().findFirst().orElse("bad command line");
    }

    /** The alerts the options give; the secret is the option's, else {@code $CRASHKIT_WEBHOOK_SECRET}. */
    AlertConfig alertConfig(java.util.Map<String, String> env) {
        Optional<String> secret = Optional.ofNullable(webhookSecret)
                .or(() -> Optional.ofNullable(env.get("CRASHKIT_WEBHOOK_SECRET"))).map(String::strip)
                .filter(x -> !x.isEmpty());
        return AlertConfig.defaults().withWebhooks(webhooks, secret).withSpike(spikeThreshold, spikeWindowMinutes)
                .withRetries(java.time.Duration.ofSeconds(webhookRetrySeconds), webhookAttempts,
                        java.time.Duration.ofSeconds(webhookTimeoutSeconds));
    }

    /** Where raw reports and debug files live, as the options say. */
    dev.crashkit.server.blob.BlobStoreConfig blobStoreConfig() throws UsageException {
        return blobStore.config();
    }

    /** The projects and Sentry ingest the options give. */
    IngestConfig ingestConfig() {
        IngestConfig c = IngestConfig.defaults().withProjects(projects).withRateLimit(sentryRateLimit)
                .withKeepUserData(keepUserData);
        return publicUrl == null ? c : c.withPublicUrl(publicUrl);
    }

    /** Runs the server until it is stopped; the exit code. */
    int call() throws InterruptedException {
        Optional<String> t = Optional.ofNullable(token).or(() -> Optional.ofNullable(System.getenv("CRASHKIT_TOKEN")))
                .map(String::strip).filter(s -> !s.isEmpty());
        ServerConfig config = config(t);
        dev.crashkit.server.blob.BlobStoreConfig blobs;
        try {
            blobs = blobStoreConfig();
        } catch (UsageException e) {
            System.err.println("crashkit-server: " + e.getMessage() + " (--help lists the options)");
            return 2;
        }
        CrashkitServer server;
        try {
            server = CrashkitServer.start(config, ingestConfig(), alertConfig(System.getenv()), blobs,
                    m -> System.err.println("crashkit-server: " + m));
        } catch (IllegalArgumentException e) {
            System.err.println("crashkit-server: " + e.getMessage());
            return 2;
        } catch (java.io.IOException | RuntimeException e) {
            System.err.println("crashkit-server: cannot start: " + e.getMessage());
            return 3;
        }
        System.err.println("crashkit-server: listening on http://" + bind + ":" + server.port() + "/ (data: "
                + data.toAbsolutePath() + ")");
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            server.close();
            stopped.countDown();
        }, "crashkit-server-stop"));
        stopped.await();
        return 0;
    }

    /** The configuration the options give, with {@code token} (the option's or the environment's). */
    ServerConfig config(Optional<String> token) {
        List<SymbolSources.ServerHeader> headers = new ArrayList<>();
        for (int i = 0; i + 1 < serverHeaders.size(); i += 2) {
            headers.add(new SymbolSources.ServerHeader(serverHeaders.get(i), serverHeaders.get(i + 1)));
        }
        SymbolSources sources = SymbolSources.none().withServers(symbolServers).withHeaders(headers)
                .withConfigFile(Optional.ofNullable(serverConfig))
                .withDebuginfodUrls(debuginfodUrls, System.getenv());
        return new ServerConfig(bind, port, data, Optional.ofNullable(db), dsyms, sources, token, maxReport,
                maxDebugFile, workers, !noSymcache, uploadChunkSize, maxThreads, maxFrames, new ServerConfig.Cleanup(
                new dev.crashkit.server.store.Retention.Policy(retentionDays * 86_400_000L, maxReportsPerGroup,
                        maxStoredReportsMb << 20), cleanupIntervalMinutes * 60_000)
                .withDebugFileRetention(debugFileRetentionDays * 86_400_000L));
    }

    public static void main(String[] args) throws InterruptedException {
        System.setProperty("org.slf4j.simpleLogger.defaultLogLevel",
                System.getProperty("org.slf4j.simpleLogger.defaultLogLevel", "warn"));
        ServerMain m;
        try {
            m = parse(args);
        } catch (UsageException e) {
            System.err.println("crashkit-server: " + e.getMessage() + " (--help lists the options)");
            System.exit(2);
            return;
        }
        if (m.help) {
            System.out.println(usage());
            System.exit(0);
        }
        if (m.version) {
            System.out.println("crashkit-server 0.1");
            System.exit(0);
        }
        System.exit(m.call());
    }
}
