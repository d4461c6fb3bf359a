package dev.crashkit.server;

import dev.crashkit.server.alerts.AlertConfig;
import dev.crashkit.symbolicator.InputLimits;
import dev.crashkit.symbolicator.SymbolSources;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;

/**
 * {@code java -jar crashkit-server.jar [options]}. The options are parsed here, by hand: a handful of
 * flags do not need a command-line library in the server's runtime.
 */
public final class ServerMain {
    static final String USAGE = String.join("\n",
            "Usage: crashkit-server [--port N] [--bind ADDRESS] [--data DIR] [--db JDBC_URL] [--dsym PATH]...",
            "                       [--symbol-server LAYOUT=URL]... [--symbol-server-header LAYOUT=URL HEADER]...",
            "                       [--symbol-server-config FILE] [--debuginfod-urls] [--token TOKEN] [--workers N]",
            "                       [--max-report-bytes N] [--max-debug-file-bytes N] [--max-threads N]",
            "                       [--max-frames N] [--upload-chunk-size N] [--no-symcache] [--project NAME]...",
            "                       [--public-url URL] [--sentry-rate-limit N] [--webhook URL]... [--webhook-secret S]",
            "                       [--spike-threshold N] [--spike-window-minutes M] [--webhook-retry-seconds N]",
            "                       [--webhook-attempts N] [--webhook-timeout-seconds N]",
            "                       [--blob-store db|DIR|s3://BUCKET/PREFIX]",
            "                       [--blob-store-endpoint URL] [--blob-store-region R] [--blob-store-access-key-id ID]",
            "                       [--blob-store-secret-access-key SECRET] [--blob-cache-bytes N]",
            "                       [--retention-days N] [--max-reports-per-group N] [--max-stored-reports-mb N]",
            "                       [--cleanup-interval-minutes N] [--debug-file-retention-days N] [--keep-user-data]",
            "Receives crash reports and debug files, symbolicates, groups and shows them.",
            "      --port N               port (default: 8080; 0: any free port)",
            "      --bind ADDRESS         address to listen on (default: 127.0.0.1); others need --token",
            "      --data DIR             folder for the SQLite database and debug files (default: ./crashkit-data)",
            "      --db JDBC_URL          database: jdbc:sqlite:FILE or jdbc:postgresql://HOST/DB?user=U&password=P",
            "                             (default: SQLite in --data)",
            "      --dsym, --symbols PATH debug files to use besides uploaded ones (dSYM, Mach-O, ELF, archive, folder)",
            "      --symbol-server LAYOUT=URL",
            "                             symbol server asked for images no local or uploaded file has: debuginfod,",
            "                             lldb, gdb or unified layout, http(s):// or file:// (as for symbolicate)",
            "      --symbol-server-header LAYOUT=URL HEADER",
            "                             send HEADER ('Authorization: Bearer ...') to that server (never logged)",
            "      --symbol-server-config FILE",
            "                             JSON list of servers with headers; ${env:NAME} in a header reads the environment",
            "      --debuginfod-urls      also ask the servers of DEBUGINFOD_URLS (not read unless asked)",
            "      --token TOKEN          admin bearer token for /api and the pages (default: $CRASHKIT_TOKEN)",
            "      --max-report-bytes N   largest report (default: 52428800, 50 MB)",
            "      --max-debug-file-bytes N",
            "                             largest debug file upload (default: 2147483648, 2 GB)",
            "      --max-threads N        most threads in a report (default: 2000)",
            "      --max-frames N         most frames in a report, all threads together (default: 250000);",
            "                             of each, 512 frames a thread and 20000 in all are symbolicated and stored",
            "      --upload-chunk-size N  chunk size sentry-cli's debug file upload is told to use (default: 8388608,",
            "                             8 MiB; smaller behind a proxy that limits request bodies)",
            "      --workers N            symbolication threads (default: 2)",
            "      --no-symcache          do not read or write symbol caches (DATA/cache/symcache)",
            "      --project NAME         create this project (besides 'default') if missing; GET /api/projects",
            "                             lists each project's DSN for Sentry SDKs",
            "      --public-url URL       the server's address as SDKs reach it (https://crash.example.com), used in",
            "                             the DSNs listed (default: the address of the request asking)",
            "      --sentry-rate-limit N  Sentry events a project may send per minute, then 429 (default: 0, no limit)",
            "      --webhook URL          post every project's alerts (group.created, group.regressed, group.spike) to",
            "                             URL; Slack's hooks.slack.com URLs get Slack's format (projects add their own",
            "                             through the API or the projects page)",
            "      --webhook-secret S     sign --webhook bodies: X-Crashkit-Signature: sha256=HMAC-SHA256 (default:",
            "                             $CRASHKIT_WEBHOOK_SECRET; never logged)",
            "      --spike-threshold N    group.spike when a group gets more than N reports of a project in one window",
            "                             (default: 100; 0: no spike alerts)",
            "      --spike-window-minutes M",
            "                             the spike window (default: 60)",
            "      --webhook-retry-seconds N",
            "                             wait after a failed delivery, doubled each time up to an hour (default: 10)",
            "      --webhook-attempts N   attempts before a delivery is given up (default: 12, about 3.5 hours)",
            "      --webhook-timeout-seconds N",
            "                             time a webhook has to answer (default: 10)",
            "      --blob-store db|DIR|s3://BUCKET/PREFIX",
            "                             where raw reports and debug files live: db (default: reports in the database,",
            "                             debug files in DATA/debug-files; one instance), a folder every instance mounts,",
            "                             or an S3 bucket; a report is acknowledged once its bytes are stored there",
            "      --blob-store-endpoint URL",
            "                             an S3-compatible server (path-style addressing; default: AWS)",
            "      --blob-store-region R  S3 region (default: the AWS SDK's chain; us-east-1 with an endpoint)",
            "      --blob-store-access-key-id ID, --blob-store-secret-access-key SECRET",
            "                             S3 credentials (default: the AWS SDK's chain: AWS_ACCESS_KEY_ID and",
            "                             AWS_SECRET_ACCESS_KEY, ~/.aws, instance role); never logged",
            "      --blob-cache-bytes N   debug files of a shared blob store kept in DATA/blob-cache, least recently",
            "                             used removed first (default: 10737418240, 10 GiB)",
            "      --retention-days N     remove raw reports received more than N days ago (default: 0, keep)",
            "      --max-reports-per-group N",
            "                             keep the newest N raw reports of each group (default: 0, all)",
            "      --max-stored-reports-mb N",
            "                             remove the oldest raw reports while they add up to more than N MiB",
            "                             (default: 0, no budget); group counts keep counting removed reports",
            "      --keep-user-data       store Sentry events' user (id, email, IP address, ...) as sent; by",
            "                             default only its segment is kept (users are counted by a salted hash)",
            "      --debug-file-retention-days N",
            "                             remove uploaded debug files neither uploaded nor used by a symbolication",
            "                             for N days (default: 0, keep)",
            "      --cleanup-interval-minutes N",
            "                             how often the retention cleanup runs (default: 60; also at start)",
            "  -h, --help                 show this help and exit",
            "  -V, --version              print the version and exit",
            "Exit codes:",
            "  0   stopped",
            "  2   usage error (bad option, non-loopback --bind without a token)",
            "  3   cannot start (database, data folder, port)");

    int port = 8080;
    String bind = "127.0.0.1";
    Path data = Path.of("crashkit-data");
    String db;
    List<Path> dsyms = new ArrayList<>();
    List<String> symbolServers = new ArrayList<>();
    List<String> serverHeaders = new ArrayList<>();
    Path serverConfig;
    boolean debuginfodUrls;
    String token;
    long maxReport = ServerConfig.DEFAULT_MAX_REPORT;
    long maxDebugFile = ServerConfig.DEFAULT_MAX_DEBUG_FILE;
    int workers = 2;
    int uploadChunkSize = ServerConfig.DEFAULT_UPLOAD_CHUNK_SIZE;
    int maxThreads = ServerConfig.DEFAULT_MAX_THREADS;
    int maxFrames = ServerConfig.DEFAULT_MAX_FRAMES;
    boolean noSymcache;
    boolean keepUserData;
    List<String> projects = new ArrayList<>();
    String publicUrl;
    int sentryRateLimit;
    List<String> webhooks = new ArrayList<>();
    String webhookSecret;
    int spikeThreshold = dev.crashkit.server.store.AlertRules.DEFAULT_SPIKE_THRESHOLD;
    int spikeWindowMinutes = dev.crashkit.server.store.AlertRules.DEFAULT_SPIKE_WINDOW_MINUTES;
    int webhookRetrySeconds = (int) AlertConfig.DEFAULT_FIRST_RETRY.toSeconds();
    int webhookAttempts = AlertConfig.DEFAULT_ATTEMPTS;
    int webhookTimeoutSeconds = (int) AlertConfig.DEFAULT_TIMEOUT.toSeconds();
    String blobStore;
    String blobEndpoint;
    String blobRegion;
    String blobAccessKeyId;
    String blobSecretAccessKey;
    long blobCacheBytes = dev.crashkit.server.blob.BlobStoreConfig.DEFAULT_CACHE_BYTES;
    long retentionDays;
    long maxReportsPerGroup;
    long maxStoredReportsMb;
    long cleanupIntervalMinutes = ServerConfig.Cleanup.DEFAULT_INTERVAL / 60_000;
    long debugFileRetentionDays;
    boolean help;
    boolean version;

    /** A command line that cannot be used; the message says why in one line. */
    static final class UsageException extends Exception {
        UsageException(String message) {
            super(message);
        }
    }

    /** The options of {@code args} ({@code --name value} or {@code --name=value}). */
    static ServerMain parse(String... args) throws UsageException {
        ServerMain m = new ServerMain();
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
                case "-h", "--help" -> m.help = true;
                case "-V", "--version" -> m.version = true;
                case "--debuginfod-urls" -> m.debuginfodUrls = true;
                case "--no-symcache" -> m.noSymcache = true;
                case "--keep-user-data" -> m.keepUserData = true;
                case "--symbol-server-header" -> {
                    if (inline != null || i + 2 >= args.length) {
                        throw new UsageException("--symbol-server-header takes two values: LAYOUT=URL HEADER");
                    }
                    m.serverHeaders.add(args[++i]);
                    m.serverHeaders.add(args[++i]);
                }
                case "--port", "--bind", "--data", "--db", "--dsym", "--symbols", "--symbol-server",
                        "--symbol-server-config", "--token", "--max-report-bytes", "--max-debug-file-bytes",
                        "--workers", "--upload-chunk-size", "--project", "--public-url", "--sentry-rate-limit",
                        "--max-threads", "--max-frames", "--webhook", "--webhook-secret", "--spike-threshold",
                        "--spike-window-minutes", "--webhook-retry-seconds", "--webhook-attempts",
                        "--webhook-timeout-seconds", "--blob-store", "--blob-store-endpoint",
                        "--blob-store-region", "--blob-store-access-key-id", "--blob-store-secret-access-key",
                        "--blob-cache-bytes", "--retention-days", "--max-reports-per-group",
                        "--max-stored-reports-mb", "--cleanup-interval-minutes", "--debug-file-retention-days" -> {
                    String value = inline;
                    if (value == null) {
                        if (i + 1 >= args.length) {
                            throw new UsageException("missing value for " + name);
                        }
                        value = args[++i];
                    }
                    m.set(name, value);
                }
                default -> throw new UsageException(arg.startsWith("-") ? "unknown option: " + arg
                        : "unexpected argument: " + arg);
            }
        }
        return m;
    }

    private void set(String name, String value) throws UsageException {
        switch (name) {
            case "--port" -> port = (int) number(name, value, 0, 65535);
            case "--bind" -> bind = value;
            case "--data" -> data = path(name, value);
            case "--db" -> db = value;
            case "--dsym", "--symbols" -> dsyms.add(path(name, value));
            case "--symbol-server" -> symbolServers.add(value);
            case "--symbol-server-config" -> serverConfig = path(name, value);
            case "--token" -> token = value;
            case "--max-report-bytes" -> maxReport = number(name, value, 1, Long.MAX_VALUE);
            case "--max-debug-file-bytes" -> maxDebugFile = number(name, value, 1, Long.MAX_VALUE);
            case "--workers" -> workers = (int) number(name, value, 1, 1024);
            case "--project" -> {
                try {
                    dev.crashkit.server.store.Projects.checkName(value);
                } catch (dev.crashkit.server.store.Projects.BadName e) {
                    throw new UsageException("--project " + value + ": " + e.getMessage());
                }
                projects.add(value);
            }
            case "--public-url" -> publicUrl = publicUrl(value);
            case "--sentry-rate-limit" -> sentryRateLimit = (int) number(name, value, 0, Integer.MAX_VALUE);
            case "--upload-chunk-size" -> uploadChunkSize = (int) number(name, value, 1024, 64L * 1024 * 1024);
            // The command line's limits are the ceiling: what the symbolicator library reads at all.
            case "--max-threads" -> maxThreads = (int) number(name, value, 1, InputLimits.defaults().maxThreads());
            case "--max-frames" -> maxFrames = (int) number(name, value, 1, InputLimits.defaults().maxFrames());
            case "--webhook" -> {
                try {
                    webhooks.add(dev.crashkit.server.store.Webhooks.checkUrl(value));
                } catch (dev.crashkit.server.store.Webhooks.BadWebhook e) {
                    // The URL itself is not repeated: a Slack URL is a secret.
                    throw new UsageException("--webhook: " + e.getMessage());
                }
            }
            case "--webhook-secret" -> webhookSecret = value;
            case "--spike-threshold" -> spikeThreshold = (int) number(name, value, 0, 1_000_000_000);
            case "--spike-window-minutes" -> spikeWindowMinutes = (int) number(name, value, 1, 10080);
            case "--webhook-retry-seconds" -> webhookRetrySeconds = (int) number(name, value, 1, 3600);
            case "--webhook-attempts" -> webhookAttempts = (int) number(name, value, 1, 100);
            case "--webhook-timeout-seconds" -> webhookTimeoutSeconds = (int) number(name, value, 1, 300);
            case "--blob-store" -> blobStore = value;
            case "--blob-store-endpoint" -> blobEndpoint = endpoint(value);
            case "--blob-store-region" -> blobRegion = value.strip();
            case "--blob-store-access-key-id" -> blobAccessKeyId = value;
            case "--blob-store-secret-access-key" -> blobSecretAccessKey = value;
            case "--blob-cache-bytes" -> blobCacheBytes = number(name, value, 1, Long.MAX_VALUE);
            case "--retention-days" -> retentionDays = number(name, value, 0, 100L * 365);
            case "--max-reports-per-group" -> maxReportsPerGroup = number(name, value, 0, Long.MAX_VALUE);
            case "--max-stored-reports-mb" -> maxStoredReportsMb = number(name, value, 0, Long.MAX_VALUE >> 20);
            case "--cleanup-interval-minutes" -> cleanupIntervalMinutes = number(name, value, 1, 7L * 24 * 60);
            case "--debug-file-retention-days" -> debugFileRetentionDays = number(name, value, 0, 100L * 365);
            default -> throw new IllegalStateException(name);
        }
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

    private static long number(String name, String value, long min, long max) throws UsageException {
        try {
            long n = Long.parseLong(value.strip());
            if (n < min || n > max) {
                throw new NumberFormatException();
            }
            return n;
        } catch (NumberFormatException e) {
            throw new UsageException(name + " must be a whole number from " + min + " to " + max + ", not '" + value + "'");
        }
    }

    private static String publicUrl(String value) throws UsageException {
        try {
            java.net.URI u = new java.net.URI(value.strip());
            if (("http".equals(u.getScheme()) || "https".equals(u.getScheme())) && u.getRawAuthority() != null
                    && u.getRawUserInfo() == null && u.getRawQuery() == null && u.getRawFragment() == null) {
                return value.strip();
            }
        } catch (java.net.URISyntaxException e) {
            // answered below
        }
        throw new UsageException("--public-url must be http(s)://HOST[:PORT][/PATH], not '" + value + "'");
    }

    private static String endpoint(String value) throws UsageException {
        try {
            java.net.URI u = new java.net.URI(value.strip());
            if (("http".equals(u.getScheme()) || "https".equals(u.getScheme())) && u.getHost() != null
                    && u.getRawUserInfo() == null && u.getRawQuery() == null) {
                return value.strip();
            }
        } catch (java.net.URISyntaxException e) {
            // answered below
        }
        throw new UsageException("--blob-store-endpoint must be http(s)://HOST[:PORT], not '" + value + "'");
    }

    /** Where raw reports and debug files live, as the options say. */
    dev.crashkit.server.blob.BlobStoreConfig blobStoreConfig() throws UsageException {
        dev.crashkit.server.blob.BlobStoreConfig c;
        try {
            c = blobStore == null ? dev.crashkit.server.blob.BlobStoreConfig.database()
                    : dev.crashkit.server.blob.BlobStoreConfig.parse(blobStore);
        } catch (IllegalArgumentException e) {
            throw new UsageException("--blob-store: " + e.getMessage());
        }
        boolean s3Options = blobEndpoint != null || blobRegion != null || blobAccessKeyId != null
                || blobSecretAccessKey != null;
        if (!(c instanceof dev.crashkit.server.blob.BlobStoreConfig.S3 s3)) {
            if (s3Options) {
                throw new UsageException("--blob-store-endpoint, -region and the credentials need --blob-store s3://...");
            }
            return c.withCacheBytes(blobCacheBytes);
        }
        if ((blobAccessKeyId == null) != (blobSecretAccessKey == null)) {
            throw new UsageException("--blob-store-access-key-id and --blob-store-secret-access-key go together");
        }
        if (blobEndpoint != null) {
            s3 = s3.withEndpoint(blobEndpoint);
        }
        if (blobRegion != null) {
            s3 = s3.withRegion(blobRegion);
        }
        if (blobAccessKeyId != null) {
            s3 = s3.withCredentials(blobAccessKeyId, blobSecretAccessKey);
        }
        return s3.withCacheBytes(blobCacheBytes);
    }

    /** The projects and Sentry ingest the options give. */
    IngestConfig ingestConfig() {
        IngestConfig c = IngestConfig.defaults().withProjects(projects).withRateLimit(sentryRateLimit)
                .withKeepUserData(keepUserData);
        return publicUrl == null ? c : c.withPublicUrl(publicUrl);
    }

    private static Path path(String name, String value) throws UsageException {
        try {
            return Path.of(value);
        } catch (java.nio.file.InvalidPathException e) {
            throw new UsageException(name + ": not a path: " + value);
        }
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
            System.out.println(USAGE);
            System.exit(0);
        }
        if (m.version) {
            System.out.println("crashkit-server 0.1");
            System.exit(0);
        }
        System.exit(m.call());
    }
}
