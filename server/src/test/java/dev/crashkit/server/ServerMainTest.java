package dev.crashkit.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
    void helpNamesEveryOption() throws Exception {
        assertTrue(ServerMain.parse("--help").help);
        for (String option : List.of("--port", "--bind", "--data", "--db", "--dsym", "--symbol-server ",
                "--symbol-server-header", "--symbol-server-config", "--debuginfod-urls", "--token", "--workers",
                "--max-report-bytes", "--max-debug-file-bytes", "--max-threads", "--max-frames", "--no-symcache",
                "--retention-days", "--max-reports-per-group", "--max-stored-reports-mb", "--cleanup-interval-minutes")) {
            assertTrue(ServerMain.USAGE.contains(option), option);
        }
    }
}
