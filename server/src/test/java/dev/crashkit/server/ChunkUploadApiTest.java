package dev.crashkit.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The chunked-upload endpoints with hand-made requests: what the real client never sends (bad names, bad
 * gzip, bombs, too many parts, cut-off bodies, bad JSON) gets a 4xx with {"error"} and stores nothing.
 * The real client's own conversation is {@link SentryCliUploadTest}.
 */
class ChunkUploadApiTest {
    private static final String TOKEN = "chunk-test-token";
    private static final int CHUNK = 4096;
    private static final String CHUNKS = "/api/0/organizations/o/chunk-upload/";
    private static final String ASSEMBLE = "/api/0/projects/o/default/files/difs/assemble/";

    @TempDir
    Path data;
    CrashkitServer server;
    Http http;

    @BeforeEach
    void start() throws Exception {
        server = CrashkitServer.start(ServerConfig.local(data, 0).withToken(TOKEN).withUploadChunkSize(CHUNK), m -> { });
        http = new Http(server.port(), Optional.of(TOKEN));
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void theOptionsAreWhatSentryCliReads() throws Exception {
        JsonNode o = http.get(CHUNKS).json();
        assertEquals(CHUNK, o.get("chunkSize").asInt());
        assertEquals("sha1", o.get("hashAlgorithm").asText());
        assertEquals("[\"gzip\"]", o.get("compression").toString());
        assertEquals("/api/0/organizations/o/chunk-upload/", o.get("url").asText());
        assertTrue(o.get("chunksPerRequest").asInt() > 0 && o.get("maxRequestSize").asLong() >= CHUNK, o.toString());
        assertEquals(401, new Http(server.port()).get(CHUNKS).status());
    }

    @Test
    void chunksAreAskedForUploadedAndAssembledAndARepeatIsOk() throws Exception {
        byte[] file = TestData.bytes("macho/libCrashKitUtil.dylib.dSYM/Contents/Resources/DWARF/libCrashKitUtil.dylib");
        List<byte[]> parts = split(file);
        String checksum = sha1(file);
        byte[] request = assembleRequest(checksum, "libCrashKitUtil.dylib", parts);

        JsonNode first = http.post(ASSEMBLE, request).json().get(checksum);
        assertEquals("not_found", first.get("state").asText(), first.toString());
        assertEquals(parts.size(), first.get("missingChunks").size());

        // Half of the chunks plain, the other half gzip, in two requests.
        Multipart a = new Multipart("aaaa");
        Multipart b = new Multipart("bbbb");
        for (int i = 0; i < parts.size(); i++) {
            if (i % 2 == 0) {
                a.part("file", sha1(parts.get(i)), "application/octet-stream", parts.get(i));
            } else {
                b.part("file_gzip", sha1(parts.get(i)), "application/octet-stream", gzip(parts.get(i)));
            }
        }
        Http.Response ra = postForm(CHUNKS, a, false);
        assertEquals(200, ra.status(), ra.body());
        JsonNode half = http.post(ASSEMBLE, request).json().get(checksum);
        assertEquals("not_found", half.get("state").asText());
        assertEquals(parts.size() / 2, half.get("missingChunks").size(), half.toString());
        assertEquals(200, postForm(CHUNKS, b, false).status());
        // The same chunks again: stored once, no error.
        assertEquals(200, postForm(CHUNKS, b, false).status());

        JsonNode done = http.post(ASSEMBLE, request).json().get(checksum);
        assertEquals("ok", done.get("state").asText(), done.toString());
        assertEquals("00000000-0000-0000-0000-000000000000".length(), done.get("dif").get("debugId").asText().length());
        try (Stream<Path> stored = Files.list(data.resolve("debug-files"))) {
            assertEquals(List.of(sha256(file)), stored.map(p -> p.getFileName().toString()).toList());
        }
        // Assembled again with no chunks on the server: known by its SHA-1.
        assertEquals(0, chunkCount());
        JsonNode again = http.post(ASSEMBLE, request).json().get(checksum);
        assertEquals("ok", again.get("state").asText(), again.toString());
        assertEquals(200, http.post(ASSEMBLE.replace("/default/", "/1/"), request).status(), "a project's id names it too");
        Http.Response unknown = http.post(ASSEMBLE.replace("/default/", "/no-such-app/"), request);
        assertEquals(404, unknown.status(), unknown.body());
        assertTrue(unknown.body().contains("no such project: no-such-app"), unknown.body());
    }

    @Test
    void chunksThatAreNotADebugFileOrNotTheFileNamedAreErrorsAndNothingIsStored() throws Exception {
        byte[] junk = new byte[CHUNK + 100];
        Arrays.fill(junk, (byte) 7);
        List<byte[]> parts = split(junk);
        Multipart m = new Multipart("junk");
        for (byte[] p : parts) {
            m.part("file", sha1(p), null, p);
        }
        assertEquals(200, postForm(CHUNKS, m, false).status());
        JsonNode notDebug = http.post(ASSEMBLE, assembleRequest(sha1(junk), "junk.bin", parts)).json().get(sha1(junk));
        assertEquals("error", notDebug.get("state").asText(), notDebug.toString());
        assertTrue(notDebug.get("detail").asText().length() > 0);

        assertEquals(200, postForm(CHUNKS, m, false).status());
        String wrong = "0123456789012345678901234567890123456789";
        JsonNode mismatch = http.post(ASSEMBLE, assembleRequest(wrong, "junk.bin", parts)).json().get(wrong);
        assertEquals("error", mismatch.get("state").asText());
        assertTrue(mismatch.get("detail").asText().contains("not " + wrong), mismatch.toString());
        assertNothingStored();
    }

    @Test
    void badChunkUploadsAreRefusedWithAnErrorAndStoreNothing() throws Exception {
        byte[] chunk = "some bytes".getBytes(StandardCharsets.UTF_8);
        String sha = sha1(chunk);
        refused(postForm(CHUNKS, new Multipart("x").part("file", sha1(new byte[1]), null, chunk), false), 400,
                "has SHA-1 " + sha);
        refused(postForm(CHUNKS, new Multipart("x").part("file", "../../etc/passwd", null, chunk), false), 400,
                "not a SHA-1");
        refused(postForm(CHUNKS, new Multipart("x").part("other", sha, null, chunk), false), 400, "unexpected part");
        refused(postForm(CHUNKS, new Multipart("x").part("file_gzip", sha, null, chunk), false), 400, "not valid gzip");
        refused(http.post(CHUNKS, chunk, "Content-Type", "application/octet-stream"), 400, "multipart");
        // One valid chunk, then a bad one: the request stores neither.
        refused(postForm(CHUNKS, new Multipart("x").part("file", sha, null, chunk)
                .part("file", sha1(new byte[1]), null, chunk), false), 400, "has SHA-1");
        // A body cut off before its closing boundary.
        Multipart cut = new Multipart("cut").part("file", sha, null, chunk);
        Http.Response r = http.post(CHUNKS, cut.truncated(), "Content-Type", cut.contentType());
        refused(r, 400, "multipart");
        // A boundary the body never uses.
        r = http.post(CHUNKS, new Multipart("real").part("file", sha, null, chunk).body(), "Content-Type",
                "multipart/form-data; boundary=other");
        assertTrue(r.status() >= 400 && r.status() < 500, r.body());
        assertNothingStored();
    }

    @Test
    void aGzipBombIsStoppedAtTheChunkSize() throws Exception {
        // Small enough to pass as a part, 1,000 times the chunk size once inflated.
        byte[] bomb = gzip(new byte[1000 * CHUNK]);
        assertTrue(bomb.length < CHUNK + CHUNK / 64, "the bomb fits a part: " + bomb.length);
        long t0 = System.nanoTime();
        refused(postForm(CHUNKS, new Multipart("bomb").part("file_gzip", sha1(new byte[CHUNK]), null, bomb), false),
                400, "larger than the chunk size");
        assertTrue(System.nanoTime() - t0 < 10_000_000_000L, "stopped early");
        // A bigger one is refused as a part before it is inflated.
        byte[] big = gzip(new byte[64 * 1024 * 1024]);
        refused(postForm(CHUNKS, new Multipart("bomb").part("file_gzip", sha1(new byte[CHUNK]), null, big), false),
                413, "exceeds");
        assertNothingStored();
    }

    @Test
    void tenThousandPartsAreRefused() throws Exception {
        Multipart m = new Multipart("many");
        byte[] one = {1};
        for (int i = 0; i < 10_000; i++) {
            m.part("file", sha1(one), null, one);
        }
        Http.Response r = postForm(CHUNKS, m, false);
        assertTrue(r.status() == 400 || r.status() == 413, r.status() + " " + r.body());
        assertTrue(r.json().get("error").isTextual());
        assertNothingStored();
    }

    @Test
    void badAssembleRequestsAreRefused() throws Exception {
        refused(http.post(ASSEMBLE, "{not json".getBytes(StandardCharsets.UTF_8)), 400, "not JSON");
        refused(http.post(ASSEMBLE, "[1, 2]".getBytes(StandardCharsets.UTF_8)), 400, "JSON object");
        refused(http.post(ASSEMBLE, "{\"abc\": {\"name\": \"x\", \"chunks\": []}}".getBytes(StandardCharsets.UTF_8)),
                400, "not a SHA-1");
        String sha = sha1(new byte[1]);
        refused(http.post(ASSEMBLE, ("{\"" + sha + "\": {\"name\": \"x\", \"chunks\": [\"zz\"]}}")
                .getBytes(StandardCharsets.UTF_8)), 400, "not a SHA-1");
        refused(http.post(ASSEMBLE, ("{\"" + sha + "\": {\"chunks\": []}}").getBytes(StandardCharsets.UTF_8)),
                400, "needs a name");
        // More chunks than a file of the largest size has (2 GB in 4 KiB chunks: 524,289).
        StringBuilder many = new StringBuilder("{\"" + sha + "\": {\"name\": \"x\", \"chunks\": [");
        for (int i = 0; i < 524_290; i++) {
            many.append(i == 0 ? "" : ",").append('"').append(sha).append('"');
        }
        many.append("]}}");
        Http.Response r = http.post(ASSEMBLE, many.toString().getBytes(StandardCharsets.UTF_8));
        assertTrue(r.status() == 400 || r.status() == 413, r.body());
        assertNothingStored();
    }

    private void refused(Http.Response r, int status, String message) throws Exception {
        assertEquals(status, r.status(), r.body());
        assertTrue(r.json().get("error").asText().contains(message), r.body());
    }

    private void assertNothingStored() throws Exception {
        try (Stream<Path> stored = Files.list(data.resolve("debug-files"))) {
            assertEquals(0, stored.count(), "no debug file stored");
        }
        assertEquals(0, chunkCount(), "no chunk stored");
        try (Stream<Path> tmp = Files.list(data.resolve("tmp"))) {
            assertEquals(0, tmp.count(), "no temporary file left");
        }
        try (Stream<Path> staging = Files.list(data.resolve("chunks/.staging"))) {
            assertEquals(0, staging.count(), "no staged chunk left");
        }
    }

    private long chunkCount() throws Exception {
        try (Stream<Path> c = Files.list(data.resolve("chunks"))) {
            return c.filter(p -> !p.getFileName().toString().startsWith(".")).count();
        }
    }

    private Http.Response postForm(String path, Multipart m, boolean truncated) throws Exception {
        return http.post(path, truncated ? m.truncated() : m.body(), "Content-Type", m.contentType());
    }

    private static List<byte[]> split(byte[] file) {
        List<byte[]> out = new ArrayList<>();
        for (int i = 0; i < file.length; i += CHUNK) {
            out.add(Arrays.copyOfRange(file, i, Math.min(file.length, i + CHUNK)));
        }
        return out;
    }

    private static byte[] assembleRequest(String checksum, String name, List<byte[]> parts) throws Exception {
        ObjectNode root = Http.JSON.createObjectNode();
        ObjectNode f = root.putObject(checksum).put("name", name);
        var list = f.putArray("chunks");
        for (byte[] p : parts) {
            list.add(sha1(p));
        }
        return Http.JSON.writeValueAsBytes(root);
    }

    static byte[] gzip(byte[] data) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream g = new GZIPOutputStream(out)) {
            g.write(data);
        }
        return out.toByteArray();
    }

    static String sha1(byte[] data) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-1").digest(data));
    }

    static String sha256(byte[] data) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(data));
    }
}
