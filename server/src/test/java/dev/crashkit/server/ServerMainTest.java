package dev.crashkit.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.crashkit.server.blob.BlobStoreConfig;
import dev.crashkit.symbolicator.SymbolSources;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The server's options: the same symbol-source configuration as the command line's, usage errors in one line. */
class ServerMainTest {

    @Test
    void defaultsAreLoopbackSqliteAndNoServers() throws Exception {
        ServerConfig c = ServerMain.parse().config(Optional.empty());
        assertEquals("127.0.0.1", c.bind());
        assertEquals(8080, c.port());
        assertEquals(Path.of("crashkit-data"), c.data());
        assertEquals(List.of(), c.symbolSources().servers());
        assertFalse(c.symbolSources().debuginfodUrls(), "DEBUGINFOD_URLS is read only when asked");
        assertEquals(ServerConfig.DEFAULT_MAX_REPORT, c.maxReportBytes());
        assertEquals(2_000, c.maxThreads());
        assertEquals(250_000, c.maxFrames());
    }

    @Test
    void threadAndFrameLimitsUpToTheCommandLines() throws Exception {
        ServerConfig c = ServerMain.parse("--max-threads", "10", "--max-frames=1000").config(Optional.empty());
        assertEquals(10, c.maxThreads());
        assertEquals(1000, c.maxFrames());
        // The command line's limits are the most the library reads.
        ServerMain.UsageException e = assertThrows(ServerMain.UsageException.class,
                () -> ServerMain.parse("--max-frames", "1000001"));
        assertEquals("--max-frames must be a whole number from 1 to 1000000, not '1000001'", e.getMessage());
        assertThrows(ServerMain.UsageException.class, () -> ServerMain.parse("--max-threads", "10001"));
        assertThrows(ServerMain.UsageException.class, () -> ServerMain.parse("--max-threads", "0"));
    }

    @Test
    void symbolServersWithHeadersConfigFileAndDebuginfodOptIn() throws Exception {
        ServerConfig c = ServerMain.parse("--symbol-server", "debuginfod=https://a.example.org/",
                "--symbol-server-header", "debuginfod=https://a.example.org/", "Authorization: Bearer t",
                "--symbol-server-config=/etc/crashkit/servers.json", "--debuginfod-urls", "--port=9090",
                "--dsym", "a.dSYM", "--symbols", "b").config(Optional.empty());
        SymbolSources s = c.symbolSources();
        assertEquals(List.of("debuginfod=https://a.example.org/"), s.servers());
        assertEquals(List.of(new SymbolSources.ServerHeader("debuginfod=https://a.example.org/",
                "Authorization: Bearer t")), s.headers());
        assertEquals(Optional.of(Path.of("/etc/crashkit/servers.json")), s.configFile());
        assertTrue(s.debuginfodUrls());
        assertEquals(9090, c.port());
        assertEquals(List.of(Path.of("a.dSYM"), Path.of("b")), c.dsyms());
    }

    @Test
    void retentionOptionsMakeThePolicy() throws Exception {
        ServerConfig none = ServerMain.parse().config(Optional.empty());
        assertTrue(none.cleanup().policy().keepsAll(), "retention is off by default");
        assertEquals(60 * 60_000L, none.cleanup().intervalMillis());
        ServerConfig c = ServerMain.parse("--retention-days", "90", "--max-reports-per-group=100",
                "--max-stored-reports-mb", "2048", "--cleanup-interval-minutes", "5").config(Optional.empty());
        assertEquals(new dev.crashkit.server.store.Retention.Policy(90L * 86_400_000, 100, 2048L << 20),
                c.cleanup().policy());
        assertEquals(5 * 60_000L, c.cleanup().intervalMillis());
        ServerMain.UsageException e = assertThrows(ServerMain.UsageException.class,
                () -> ServerMain.parse("--retention-days", "-1"));
        assertEquals("--retention-days must be a whole number from 0 to 36500, not '-1'", e.getMessage());
        assertThrows(ServerMain.UsageException.class, () -> ServerMain.parse("--cleanup-interval-minutes", "0"));
    }

    @Test
    void badCommandLinesAreOneLineUsageErrors() {
        for (String[] args : List.of(new String[] {"--porst", "1"}, new String[] {"--port"},
                new String[] {"--port", "http"}, new String[] {"--workers", "0"}, new String[] {"stray"},
                new String[] {"--symbol-server-header", "only-one"}, new String[] {"--max-report-bytes", "-5"})) {
            ServerMain.UsageException e = assertThrows(ServerMain.UsageException.class, () -> ServerMain.parse(args),
                    String.join(" ", args));
            assertFalse(e.getMessage().contains("\n"), e.getMessage());
        }
    }

    @Test
    void alertOptionsWithTheSecretFromTheEnvironmentAndBadWebhookUrlsRefusedWithoutEchoingThem() throws Exception {
        dev.crashkit.server.alerts.AlertConfig d = ServerMain.parse().alertConfig(java.util.Map.of());
        assertEquals(List.of(), d.webhooks());
        assertEquals(100, d.spikeThreshold());
        assertEquals(60, d.spikeWindowMinutes());
        assertEquals(12, d.attempts());
        dev.crashkit.server.alerts.AlertConfig c = ServerMain.parse("--webhook", "https://hooks.slack.com/services/T/B/x",
                "--webhook=http://127.0.0.1:9/a", "--spike-threshold", "0", "--spike-window-minutes", "15",
                "--webhook-retry-seconds", "2", "--webhook-attempts", "3", "--webhook-timeout-seconds", "4")
                .alertConfig(java.util.Map.of("CRASHKIT_WEBHOOK_SECRET", "from-env"));
        assertEquals(List.of("https://hooks.slack.com/services/T/B/x", "http://127.0.0.1:9/a"), c.webhooks());
        assertEquals(Optional.of("from-env"), c.secret());
        assertEquals(0, c.spikeThreshold());
        assertEquals(15, c.spikeWindowMinutes());
        assertEquals(java.time.Duration.ofSeconds(2), c.firstRetry());
        assertEquals(3, c.attempts());
        assertEquals(java.time.Duration.ofSeconds(4), c.timeout());
        assertEquals(Optional.of("given"), ServerMain.parse("--webhook-secret", "given")
                .alertConfig(java.util.Map.of("CRASHKIT_WEBHOOK_SECRET", "from-env")).secret());
        // Backoff: 2 s, 4 s, then given up after the 3rd attempt.
        assertEquals(1_000 + 2_000, c.retryAt(1, 1_000).getAsLong());
        assertEquals(1_000 + 4_000, c.retryAt(2, 1_000).getAsLong());
        assertTrue(c.retryAt(3, 1_000).isEmpty());
        assertEquals(3600_000 + 5, d.withRetries(java.time.Duration.ofSeconds(10), 30, d.timeout()).retryAt(29, 5)
                .getAsLong(), "waits are at most an hour");
        for (String[] args : List.of(new String[] {"--webhook", "ftp://secret-path@example.com/x"},
                new String[] {"--spike-window-minutes", "0"}, new String[] {"--webhook-attempts", "0"})) {
            ServerMain.UsageException e = assertThrows(ServerMain.UsageException.class, () -> ServerMain.parse(args));
            assertFalse(e.getMessage().contains("secret-path"), e.getMessage());
        }
    }

    @Test
    void blobStoreOptions() throws Exception {
        assertEquals(new BlobStoreConfig.Database(), ServerMain.parse().blobStoreConfig());
        assertEquals(new BlobStoreConfig.Database(), ServerMain.parse("--blob-store", "db").blobStoreConfig());
        assertEquals(new BlobStoreConfig.Directory(Path.of("/mnt/crashkit"), 1000),
                ServerMain.parse("--blob-store=/mnt/crashkit", "--blob-cache-bytes", "1000").blobStoreConfig());
        BlobStoreConfig.S3 s3 = (BlobStoreConfig.S3) ServerMain.parse("--blob-store", "s3://crash-bucket/prod/eu/",
                "--blob-store-endpoint", "http://127.0.0.1:9000", "--blob-store-region", "eu-west-1",
                "--blob-store-access-key-id", "AKID", "--blob-store-secret-access-key", "s3cr3t").blobStoreConfig();
        assertEquals("crash-bucket", s3.bucket());
        assertEquals("prod/eu", s3.prefix());
        assertEquals(Optional.of("http://127.0.0.1:9000"), s3.endpoint());
        assertEquals(Optional.of("eu-west-1"), s3.region());
        assertEquals(Optional.of("AKID"), s3.accessKeyId());
        assertEquals(BlobStoreConfig.DEFAULT_CACHE_BYTES, s3.cacheBytes());
        assertFalse(s3.toString().contains("s3cr3t"), s3.toString());
        assertEquals("blob store s3://crash-bucket/prod/eu at http://127.0.0.1:9000", s3.toString());
        // Without credentials: the SDK's chain.
        BlobStoreConfig.S3 chain = (BlobStoreConfig.S3) ServerMain.parse("--blob-store", "s3://b12").blobStoreConfig();
        assertEquals(Optional.empty(), chain.accessKeyId());
        assertEquals("", chain.prefix());
        for (String[] args : List.of(new String[] {"--blob-store", "s3://"}, new String[] {"--blob-store", "s3://B/x"},
                new String[] {"--blob-store", "s3://bucket/x?y=1"}, new String[] {"--blob-store", "gs://bucket"},
                new String[] {"--blob-store", "/mnt/x", "--blob-store-endpoint", "http://h:1"},
                new String[] {"--blob-store", "s3://bucket", "--blob-store-access-key-id", "only"},
                new String[] {"--blob-store", "s3://bucket", "--blob-store-endpoint", "ftp://h"})) {
            ServerMain.UsageException e = assertThrows(ServerMain.UsageException.class,
                    () -> ServerMain.parse(args).blobStoreConfig(), String.join(" ", args));
            assertFalse(e.getMessage().contains("\n"), e.getMessage());
        }
    }

    @Test
    void helpNamesEveryOption() throws Exception {
        assertTrue(ServerMain.parse("--help").help);
        for (String option : List.of("--port", "--bind", "--data", "--db", "--dsym", "--symbol-server ",
                "--symbol-server-header", "--symbol-server-config", "--debuginfod-urls", "--token", "--workers",
                "--max-report-bytes", "--max-debug-file-bytes", "--max-threads", "--max-frames", "--no-symcache",
                "--webhook ", "--webhook-secret", "--spike-threshold", "--spike-window-minutes", "--webhook-retry-seconds",
                "--webhook-attempts", "--webhook-timeout-seconds",
                "--blob-store ", "--blob-store-endpoint", "--blob-store-region", "--blob-store-access-key-id",
                "--blob-store-secret-access-key", "--blob-cache-bytes",
                "--retention-days", "--max-reports-per-group", "--max-stored-reports-mb", "--cleanup-interval-minutes")) {
            assertTrue(ServerMain.usage().contains(option), option);
        }
        String usage = ServerMain.usage();
        assertTrue(usage.startsWith("Usage: crashkit-server [--port N]"), usage);
        for (String line : List.of("      --dsym, --symbols=PATH", "      --symbol-server-header=LAYOUT=URL HEADER",
                "  -h, --help", "  -V, --version", "Exit codes:", "  2   usage error (bad option, non-loopback --bind",
                "${env:NAME} in a header")) {
            assertTrue(usage.contains(line), line + " in\n" + usage);
        }
        // The blob store options (a mixin) keep their place in the list.
        assertTrue(usage.indexOf("--webhook-timeout-seconds=") < usage.indexOf("--blob-store=")
                && usage.indexOf("--blob-cache-bytes=") < usage.indexOf("--retention-days="), usage);
    }

    /** The messages picocli would word differently are the server's own; none repeats a secret. */
    @Test
    void usageErrorsKeepTheirWording() {
        java.util.Map<List<String>, String> expected = new java.util.LinkedHashMap<>();
        expected.put(List.of("--porst", "1"), "unknown option: --porst");
        expected.put(List.of("--porst=1"), "unknown option: --porst=1");
        expected.put(List.of("stray"), "unexpected argument: stray");
        expected.put(List.of("--port"), "missing value for --port");
        expected.put(List.of("--token"), "missing value for --token");
        expected.put(List.of("--port", "http"), "--port must be a whole number from 0 to 65535, not 'http'");
        expected.put(List.of("--port=65536"), "--port must be a whole number from 0 to 65535, not '65536'");
        expected.put(List.of("--workers", "0"), "--workers must be a whole number from 1 to 1024, not '0'");
        expected.put(List.of("--upload-chunk-size", "1023"),
                "--upload-chunk-size must be a whole number from 1024 to 67108864, not '1023'");
        expected.put(List.of("--symbol-server-header", "only-one"),
                "--symbol-server-header takes two values: LAYOUT=URL HEADER");
        expected.put(List.of("--public-url", "ftp://x"), "--public-url must be http(s)://HOST[:PORT][/PATH], not 'ftp://x'");
        expected.put(List.of("--blob-store-endpoint", "ftp://h"),
                "--blob-store-endpoint must be http(s)://HOST[:PORT], not 'ftp://h'");
        expected.put(List.of("--project", "a b"), "--project a b: " + assertThrows(
                dev.crashkit.server.store.Projects.BadName.class,
                () -> dev.crashkit.server.store.Projects.checkName("a b")).getMessage());
        expected.forEach((args, message) -> assertEquals(message, assertThrows(ServerMain.UsageException.class,
                () -> ServerMain.parse(args.toArray(String[]::new))).getMessage(), String.join(" ", args)));
    }

    @Test
    void valuesAsBeforeRepeatedOptionsAndOptionLikeValues() throws Exception {
        ServerMain m = ServerMain.parse("--port", "1", "--port=2", "--token", "-secret-", "--webhook-secret=--s",
                "--project", "a", "--project", "b", "--symbol-server", "x=1", "--symbol-server=y=2",
                "--symbol-server-header", "x=1", "H: 1", "--symbol-server-header", "y=2", "H: 2",
                "--blob-store-secret-access-key", "--port");
        assertEquals(2, m.port, "the last value counts");
        assertEquals("-secret-", m.token);
        assertEquals("--s", m.webhookSecret);
        assertEquals("--port", m.blobStore.blobSecretAccessKey, "a value is taken as given");
        assertEquals(List.of("a", "b"), m.projects);
        assertEquals(List.of("x=1", "y=2"), m.symbolServers);
        assertEquals(List.of("x=1", "H: 1", "y=2", "H: 2"), m.serverHeaders);
        assertTrue(ServerMain.parse("-V").version);
        assertTrue(ServerMain.parse("-h").help);
        // A header's second value is never echoed, whatever is missing.
        ServerMain.UsageException e = assertThrows(ServerMain.UsageException.class,
                () -> ServerMain.parse("--symbol-server-header", "Authorization: Bearer hunter2"));
        assertFalse(e.getMessage().contains("hunter2"), e.getMessage());
    }
}
