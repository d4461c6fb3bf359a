package dev.crashkit.symbolicate.sources;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Authorization headers reach the server they belong to and nothing else, and never a message. */
class AuthAndRedactionTest {
    static final String TOKEN = "Bearer s3cret-token-0123456789";

    @TempDir
    Path tmp;

    final List<String> warnings = new CopyOnWriteArrayList<>();

    private DebugFileFetcher fetcher(SymbolServer server) {
        return DebugFileFetcher.create(SourceOptions.defaults(List.of(server), Optional.of(tmp.resolve("cache")))
                        .withRetries(0, Duration.ZERO).withTimeouts(Duration.ofSeconds(10), Duration.ofSeconds(10),
                                Duration.ofSeconds(10)),
                warnings::add, ProgressListener.none());
    }

    @Test
    void headerIsSentAndTheFileFetched() throws IOException {
        try (TestSymbolServer s = new TestSymbolServer(Files.createDirectories(tmp.resolve("served")))) {
            s.put("4c/4c44f255553144a157e368f8fb0f1a/debuginfo", DebugFileFetcherTest.APP_DSYM);
            s.requiredAuthorization = TOKEN;
            SymbolServer server = SymbolServer.parse("unified=" + s.url())
                    .withHeader(SymbolServer.Header.parse("Authorization: " + TOKEN));
            assertTrue(fetcher(server).fetch(DebugFileFetcherTest.APP_UUID).isPresent(), warnings::toString);
            assertEquals(TOKEN, s.requests.get(0).header("Authorization"));
            assertFalse(server.toString().contains("s3cret"), server.toString());
            assertFalse(server.headers().toString().contains("s3cret"), server.headers().toString());
        }
    }

    @Test
    void refusedTokenIsReportedWithoutItsValue() throws IOException {
        try (TestSymbolServer s = new TestSymbolServer(Files.createDirectories(tmp.resolve("served")))) {
            s.requiredAuthorization = "Bearer the-right-one";
            SymbolServer server = SymbolServer.parse("unified=" + s.url())
                    .withHeader(SymbolServer.Header.parse("Authorization: " + TOKEN));
            assertTrue(fetcher(server).fetch(DebugFileFetcherTest.APP_UUID).isEmpty());
            assertEquals(1, warnings.size(), warnings::toString);
            assertTrue(warnings.get(0).contains("HTTP 401 (access denied: check --symbol-server-header)"), warnings.get(0));
            assertFalse(warnings.get(0).contains("s3cret"), warnings.get(0));
        }
    }

    @Test
    void redirectToAnotherOriginDropsTheHeader() throws IOException {
        try (TestSymbolServer storage = new TestSymbolServer(Files.createDirectories(tmp.resolve("storage")));
             TestSymbolServer front = new TestSymbolServer(Files.createDirectories(tmp.resolve("front")))) {
            storage.put("4c/4c44f255553144a157e368f8fb0f1a/debuginfo", DebugFileFetcherTest.APP_DSYM);
            // Same host, other port: another origin, as a bucket behind a redirect would be.
            front.redirectTo = storage.url();
            SymbolServer server = SymbolServer.parse("unified=" + front.url())
                    .withHeader(SymbolServer.Header.parse("Authorization: " + TOKEN));
            assertTrue(fetcher(server).fetch(DebugFileFetcherTest.APP_UUID).isPresent(), warnings::toString);
            assertEquals(TOKEN, front.requests.get(0).header("Authorization"));
            assertNull(storage.requests.get(0).header("Authorization"));
        }
    }

    @Test
    void urlPasswordsAndQueryTokensAreHiddenInMessages() throws IOException {
        try (TestSymbolServer s = new TestSymbolServer(Files.createDirectories(tmp.resolve("served")))) {
            s.behaviour = TestSymbolServer.Behaviour.ERROR_500;
            String url = s.url().replace("http://", "http://user:pa55word@") + "?sig=query-secret-xyz";
            SymbolServer server = SymbolServer.parse("unified=" + url);
            assertTrue(fetcher(server).fetch(DebugFileFetcherTest.APP_UUID).isEmpty());
            assertEquals("/4c/4c44f255553144a157e368f8fb0f1a/debuginfo", s.requests.get(0).path(),
                    "the base URL's query is sent with each file, not as part of the path");
            assertEquals(1, warnings.size(), warnings::toString);
            String w = warnings.get(0);
            assertFalse(w.contains("pa55word") || w.contains("query-secret"), w);
            assertTrue(w.startsWith("symbol server unified=http://***@127.0.0.1:"), w);
            assertTrue(w.contains("/?***: "), w);
        }
    }

    @Test
    void redactorScrubsEchoedSecrets() {
        SymbolServer server = SymbolServer.parse("debuginfod=https://example.com/")
                .withHeader(SymbolServer.Header.parse("Authorization: " + TOKEN));
        Redactor r = new Redactor(List.of(server));
        assertEquals("bad header <redacted>", r.scrub("bad header " + TOKEN));
        assertEquals("token <redacted> seen", r.scrub("token s3cret-token-0123456789 seen"));
    }
}
