package dev.crashkit.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.crashkit.capture.CaptureConfig;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The whole loop on this machine (Linux x86-64): a JVM with {@code Capture.install} dies of an uncaught
 * exception; at its next start it uploads the spooled report to a running server (with the bearer
 * token); the server stores it, symbolicates it and groups it. The report names images (libjvm, libc,
 * JNA's library...) that have no debug file until the test uploads those very files, found on this
 * machine by name; then the report is {@code symbolicated}. Two crashes of the same code, in two
 * processes with different ASLR slides, land in one group.
 */
class CaptureEndToEndTest {
    private static final String TOKEN = "e2e-token-7f3a";

    @TempDir
    Path dir;

    @Test
    void anUncaughtExceptionReachesTheServerSymbolicatedAndGrouped() throws Exception {
        assertFalse(CaptureConfig.of(dir).withToken(TOKEN).toString().contains(TOKEN), "the config never prints the token");
        try (CrashkitServer server = CrashkitServer.start(ServerConfig.local(dir.resolve("data"), 0).withToken(TOKEN),
                m -> { })) {
            String endpoint = "http://127.0.0.1:" + server.port() + "/api/reports";
            Path spool = dir.resolve("spool");
            for (int run = 0; run < 2; run++) {
                Child crashed = child("crash", spool, endpoint);
                assertEquals(1, crashed.exit(), crashed.output());
                assertTrue(crashed.output().contains("java.lang.IllegalStateException: cart is empty"), crashed.output());
            }
            try (var pending = Files.list(spool)) {
                assertEquals(2, pending.filter(p -> p.toString().endsWith(".json")).count(), "both crashes spooled");
            }
            Child upload = child("upload", spool, endpoint);
            assertEquals(0, upload.exit(), upload.output());
            assertTrue(upload.output().contains("uploaded 2 failed 0"), upload.output());

            Http http = new Http(server.port(), Optional.of(TOKEN));
            JsonNode list = http.get("/api/reports").json().get("reports");
            assertEquals(2, list.size());
            String id = list.get(0).get("id").asText();
            // Every image frames fell into is the JDK's, the system's or JNA's: complete without them
            // (issue 31 item 5), listed apart.
            JsonNode first = http.awaitSymbolicated(id, "symbolicated");
            assertEquals(0, first.get("missing").size(), first.toString());
            assertTrue(first.get("missing_system").size() > 0, first.toString());
            String other = list.get(1).get("id").asText();
            http.awaitSymbolicated(other, "symbolicated");

            // What the server says is missing, uploaded from the files this JVM has mapped (the same JDK,
            // libc) and JNA's library from its jar: then nothing is missing.
            Map<String, Path> local = mappedFiles();
            JsonNode missing = http.get("/api/missing-debug-files").json();
            assertTrue(missing.size() > 0, "the JVM's own images are missing at first");
            for (JsonNode m : missing) {
                assertEquals("system", m.get("origin").asText(), m.toString());
                String name = m.get("image").asText();
                // JNA's library: unpacked by capture into its cache folder (libjnidispatch.so), or by JNA
                // itself into a temporary jna*.tmp when JNA started before capture.
                boolean jna = name.equals("libjnidispatch.so") || name.startsWith("jna") && name.endsWith(".tmp");
                byte[] file = jna ? jnaLibrary() : Files.readAllBytes(
                        Optional.ofNullable(local.get(name)).orElseThrow(() -> new AssertionError("no local " + name)));
                Http.Response r = http.post("/api/debug-files?name=" + name, file);
                assertEquals(201, r.status(), name + ": " + r.body());
                assertTrue(r.body().contains(m.get("debug_id").asText()), name + " has the wanted build-id: " + r.body());
            }
            // Symbolicated again once they are here (waiting for system files never made it partial).
            JsonNode done = first;
            for (int i = 0; i < 1200 && done.get("missing_system").size() > 0; i++) {
                Thread.sleep(50);
                done = http.get("/api/reports/" + id).json();
            }
            assertEquals("symbolicated", done.get("status").asText());
            assertEquals(0, done.get("missing").size());
            assertEquals(0, done.get("missing_system").size(), done.toString());
            JsonNode doc = done.get("symbolicated");
            long named = 0;
            for (JsonNode t : doc.get("threads")) {
                for (JsonNode f : t.get("frames")) {
                    assertFalse(f.get("status").asText().equals("no_debug_file"), f.toString());
                    named += f.get("symbol").isTextual() ? 1 : 0;
                }
            }
            assertTrue(named > 20, "frames named from the uploaded files: " + named);

            // Grouped by the Java exception and the app's frames; both processes' reports in one group.
            JsonNode group = http.get("/api/groups/" + done.get("group").asText()).json();
            assertEquals("java.lang.IllegalStateException in dev.crashkit.server.CrashingApp$Cart.total",
                    group.get("title").asText());
            assertEquals(List.of("dev.crashkit.server.CrashingApp$Cart.total",
                    "dev.crashkit.server.CrashingApp$Cart.checkout", "dev.crashkit.server.CrashingApp.main"),
                    texts(group.get("frames")));
            assertEquals(2, group.get("count").asInt());
            assertEquals(1, http.get("/api/groups").json().get("groups").size());
        }
    }

    private record Child(int exit, String output) {
    }

    private Child child(String mode, Path spool, String endpoint) throws Exception {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Process p = new ProcessBuilder(java.toString(), "-cp", System.getProperty("java.class.path"),
                CrashingApp.class.getName(), mode, spool.toString(), endpoint, TOKEN)
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS));
        return new Child(p.exitValue(), out);
    }

    /** File name to path of every file mapped into this JVM (the same JDK and libraries as the child). */
    private static Map<String, Path> mappedFiles() throws IOException {
        Map<String, Path> out = new HashMap<>();
        for (String line : Files.readAllLines(Path.of("/proc/self/maps"))) {
            int slash = line.indexOf('/');
            if (slash > 0) {
                Path p = Path.of(line.substring(slash).strip());
                if (Files.isRegularFile(p)) {
                    out.putIfAbsent(p.getFileName().toString(), p);
                }
            }
        }
        Path exe = Path.of("/proc/self/exe").toRealPath();
        out.putIfAbsent(exe.getFileName().toString(), exe);
        return out;
    }

    /** JNA's native library as its jar ships it (the child ran an extracted copy of these bytes). */
    private static byte[] jnaLibrary() throws IOException {
        try (InputStream in = com.sun.jna.Native.class.getResourceAsStream("/com/sun/jna/linux-x86-64/libjnidispatch.so")) {
            if (in == null) {
                throw new AssertionError("JNA's jar has no linux-x86-64 library");
            }
            return in.readAllBytes();
        }
    }

    private static List<String> texts(JsonNode array) {
        List<String> out = new java.util.ArrayList<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }
}
