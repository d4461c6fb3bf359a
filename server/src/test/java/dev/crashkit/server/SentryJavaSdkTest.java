package dev.crashkit.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.sentry.Sentry;
import io.sentry.SentryEvent;
import io.sentry.protocol.SentryException;
import io.sentry.protocol.SentryId;
import io.sentry.protocol.SentryStackFrame;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Sentry Java SDK ({@code io.sentry:sentry}), initialised with a project's DSN in this JVM, sends a
 * captured exception to a running server. The event the SDK sent (seen in its beforeSend hook) is the
 * oracle for the stored frames; the JVM's own Throwable for the group's exception and frames.
 */
class SentryJavaSdkTest {
    @TempDir
    Path data;
    CrashkitServer server;
    Http http;

    @BeforeEach
    void start() throws Exception {
        server = CrashkitServer.start(ServerConfig.local(data, 0), IngestConfig.defaults().withProjects(List.of("backend")),
                m -> { });
        http = new Http(server.port());
    }

    @AfterEach
    void stop() {
        Sentry.close();
        server.close();
    }

    @Test
    void anExceptionCapturedBySentryJavaIsStoredWithTheFramesTheSdkSentAndGroupedByItsOwnFrames() throws Exception {
        JsonNode project = http.get("/api/projects").json().get(1);
        assertEquals("backend", project.get("name").asText());
        AtomicReference<SentryEvent> sent = new AtomicReference<>();
        Sentry.init(o -> {
            o.setDsn(project.get("dsn").asText());
            o.setEnableUncaughtExceptionHandler(false);
            o.setBeforeSend((event, hint) -> {
                sent.set(event);
                return event;
            });
        });
        IllegalStateException thrown = null;
        try {
            Checkout.pay(7);
        } catch (IllegalStateException e) {
            thrown = e;
        }
        assertNotNull(thrown);
        SentryId id = Sentry.captureException(thrown);
        Sentry.flush(30_000);
        assertNotNull(sent.get(), "the SDK sent the event");

        JsonNode stored = http.awaitSymbolicated(id.toString(), "symbolicated");
        assertEquals("sentry", stored.get("format").asText());
        assertEquals(id.toString(), stored.get("id").asText());

        // Frames: those of the SDK's top exception (the last of its list), innermost first.
        List<SentryException> exceptions = sent.get().getExceptions();
        SentryException top = exceptions.get(exceptions.size() - 1);
        List<SentryStackFrame> sdkFrames = top.getStacktrace().getFrames();
        List<String> expected = new ArrayList<>();
        for (int i = sdkFrames.size() - 1; i >= 0; i--) {
            SentryStackFrame f = sdkFrames.get(i);
            Integer line = f.getLineno();
            expected.add(f.getModule() + "." + f.getFunction() + " " + f.getFilename() + ":"
                    + (line == null || line < 0 ? "" : line.toString()));
        }
        JsonNode threads = stored.get("symbolicated").get("threads");
        assertEquals(1, threads.size(), threads.toString());
        assertEquals(top.getThreadId().longValue(), threads.get(0).get("id").asLong());
        List<String> got = new ArrayList<>();
        for (JsonNode f : threads.get(0).get("frames")) {
            // No address to look up: the frame is printed with what the event said of it ("reported").
            assertEquals("no_image", f.get("status").asText());
            JsonNode r = f.get("reported");
            got.add(r.get("symbol").asText() + " " + r.path("file").asText() + ":" + r.path("line").asText(""));
        }
        assertEquals(expected, got);
        assertTrue(got.get(0).startsWith(Checkout.class.getName() + ".charge SentryJavaSdkTest.java:"), got.get(0));

        // Group: the exception's class and its top frames outside the JDK, as the JVM recorded them.
        JsonNode group = http.get("/api/groups/" + stored.get("group").asText()).json();
        assertEquals(thrown.getClass().getName(), group.get("exception").asText());
        List<String> ownFrames = new ArrayList<>();
        for (StackTraceElement e : thrown.getStackTrace()) {
            if (ownFrames.size() < 5 && !e.getClassName().matches("(java|javax|jdk|sun|com\\.sun)\\..*")) {
                ownFrames.add(e.getClassName() + "." + e.getMethodName());
            }
        }
        List<String> groupFrames = new ArrayList<>();
        group.get("frames").forEach(f -> groupFrames.add(f.asText()));
        assertEquals(ownFrames, groupFrames);
    }

    /**
     * Issue 31 item 4, users affected: events the SDK sends with a user set ({@code Sentry.setUser}) are
     * counted once per user in their group; an event without a user is a report but no user. What is
     * stored of a user is its salted SHA-256, never the id or e-mail the SDK sent.
     */
    @Test
    void aGroupCountsTheDistinctUsersTheSdkSentAndStoresOnlyTheirSaltedHashes() throws Exception {
        JsonNode project = http.get("/api/projects").json().get(1);
        List<SentryEvent> sent = new java.util.concurrent.CopyOnWriteArrayList<>();
        Sentry.init(o -> {
            o.setDsn(project.get("dsn").asText());
            o.setEnableUncaughtExceptionHandler(false);
            o.setBeforeSend((event, hint) -> {
                sent.add(event);
                return event;
            });
        });
        io.sentry.protocol.User alice = new io.sentry.protocol.User();
        alice.setId("user-4711");
        io.sentry.protocol.User bob = new io.sentry.protocol.User();
        bob.setEmail("bob@example.com");
        bob.setIpAddress("203.0.113.9");
        List<String> ids = new ArrayList<>();
        for (io.sentry.protocol.User user : java.util.Arrays.asList(alice, bob, alice, null)) {
            Sentry.setUser(user);
            try {
                Checkout.pay(7);
            } catch (IllegalStateException e) {
                ids.add(Sentry.captureException(e).toString());
            }
            Sentry.flush(30_000);
        }
        assertEquals(4, sent.size(), "the SDK sent every event");
        assertEquals("user-4711", sent.get(0).getUser().getId());
        assertEquals("bob@example.com", sent.get(1).getUser().getEmail());
        // After setUser(null) the SDK still sends a user object, with nothing that names a user.
        io.sentry.protocol.User none = sent.get(3).getUser();
        assertTrue(none == null || (none.getId() == null && none.getEmail() == null && none.getUsername() == null
                && (none.getIpAddress() == null || none.getIpAddress().equals("{{auto}}"))),
                () -> "no user: " + none.getId() + " " + none.getEmail() + " " + none.getUsername() + " " + none.getIpAddress());

        String group = null;
        for (String id : ids) {
            group = http.awaitSymbolicated(id, "symbolicated").get("group").asText();
        }
        JsonNode g = http.get("/api/groups/" + group).json();
        assertEquals(4, g.get("count").asInt(), g.toString());
        assertEquals(2, g.get("users").asInt(), g.toString());
        JsonNode listed = http.get("/api/groups").json().get("groups").get(0);
        assertEquals(2, listed.get("users").asInt(), listed.toString());

        try (java.sql.Connection c = java.sql.DriverManager.getConnection("jdbc:sqlite:" + data.resolve("crashkit.db"));
             java.sql.Statement st = c.createStatement()) {
            List<String> hashes = new ArrayList<>();
            try (java.sql.ResultSet r = st.executeQuery("SELECT user_hash FROM reports ORDER BY received_at")) {
                while (r.next()) {
                    hashes.add(r.getString(1));
                }
            }
            assertEquals(4, hashes.size());
            assertEquals(hashes.get(0), hashes.get(2), "alice's two reports, one hash");
            assertTrue(!hashes.get(0).equals(hashes.get(1)), hashes.toString());
            assertEquals(null, hashes.get(3));
            for (String h : hashes.subList(0, 3)) {
                assertTrue(h.matches("[0-9a-f]{64}"), h);
            }
            // Salted: not the plain SHA-256 of what the SDK sent.
            String plain = java.util.HexFormat.of().formatHex(java.security.MessageDigest.getInstance("SHA-256")
                    .digest("sentry.user.email:bob@example.com".getBytes(java.nio.charset.StandardCharsets.UTF_8)));
            assertTrue(!hashes.get(1).equals(plain), "the hash is salted");
            try (java.sql.ResultSet r = st.executeQuery("SELECT COUNT(*) FROM group_users WHERE user_hash LIKE '%@%' "
                    + "OR user_hash LIKE '%user-4711%' OR user_hash LIKE '%203.0.113.9%'")) {
                r.next();
                assertEquals(0, r.getInt(1));
            }
            // The stored events (by default) hold no user identity either: the user object keeps only a segment,
            // and the SHA-256 recorded is the stored bytes'.
            try (java.sql.ResultSet r = st.executeQuery("SELECT b.body, r.sha256, r.size FROM report_bodies b "
                    + "JOIN reports r ON r.id = b.report_id ORDER BY r.received_at")) {
                int bodies = 0;
                while (r.next()) {
                    bodies++;
                    byte[] body = r.getBytes(1);
                    String text = new String(body, java.nio.charset.StandardCharsets.UTF_8);
                    for (String identity : List.of("user-4711", "bob@example.com", "203.0.113.9", "{{auto}}")) {
                        assertTrue(!text.contains(identity), identity + " stored: " + text);
                    }
                    JsonNode event = Http.JSON.readTree(body);
                    assertTrue(event.path("user").isMissingNode() || event.get("user").size() == 0
                            || (event.get("user").size() == 1 && event.get("user").has("segment")), event.path("user").toString());
                    assertTrue(event.get("exception").get("values").size() > 0, "the rest of the event is kept");
                    assertEquals(java.util.HexFormat.of().formatHex(java.security.MessageDigest.getInstance("SHA-256")
                            .digest(body)), r.getString(2));
                    assertEquals(body.length, r.getLong(3));
                }
                assertEquals(4, bodies);
            }
        }
    }

    /** With {@code --keep-user-data} the event is stored as the SDK sent it, user included. */
    @Test
    void withKeepUserDataTheEventIsStoredAsSent() throws Exception {
        server.close();
        server = CrashkitServer.start(ServerConfig.local(data.resolve("keep"), 0), IngestConfig.defaults()
                .withProjects(List.of("backend")).withKeepUserData(true), m -> { });
        http = new Http(server.port());
        JsonNode project = http.get("/api/projects").json().get(1);
        Sentry.init(o -> {
            o.setDsn(project.get("dsn").asText());
            o.setEnableUncaughtExceptionHandler(false);
        });
        io.sentry.protocol.User bob = new io.sentry.protocol.User();
        bob.setEmail("bob@example.com");
        Sentry.setUser(bob);
        String id;
        try {
            Checkout.pay(7);
            throw new AssertionError("unreachable");
        } catch (IllegalStateException e) {
            id = Sentry.captureException(e).toString();
        }
        Sentry.flush(30_000);
        http.awaitSymbolicated(id, "symbolicated");
        try (java.sql.Connection c = java.sql.DriverManager.getConnection("jdbc:sqlite:"
                + data.resolve("keep").resolve("crashkit.db"));
             java.sql.Statement st = c.createStatement();
             java.sql.ResultSet r = st.executeQuery("SELECT body FROM report_bodies")) {
            r.next();
            assertEquals("bob@example.com", Http.JSON.readTree(r.getBytes(1)).get("user").get("email").asText());
        }
    }

    /** A small call chain, so the stack has frames of our own above the test method. */
    static final class Checkout {
        static void pay(int cents) {
            charge(cents);
        }

        static void charge(int cents) {
            throw new IllegalStateException("card declined for " + cents + " cents");
        }
    }
}
