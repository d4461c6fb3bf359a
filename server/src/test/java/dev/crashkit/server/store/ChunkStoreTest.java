package dev.crashkit.server.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Staged chunks stay within their count and byte bounds and are swept when old. */
class ChunkStoreTest {
    @TempDir
    Path dir;

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static String sha1(byte[] b) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-1").digest(b));
    }

    private ChunkStore.Verified put(ChunkStore store, String content) throws Exception {
        byte[] b = bytes(content);
        ChunkStore.Verified v = store.verify(sha1(b), new ByteArrayInputStream(b), false, 100);
        store.commit(List.of(v));
        return v;
    }

    @Test
    void theCountBoundRefusesMoreChunksUntilSomeAreDeleted() throws Exception {
        ChunkStore store = new ChunkStore(dir, 1_000, 2, 60_000);
        put(store, "one");
        put(store, "two");
        put(store, "two"); // already there: not counted again
        assertEquals(2, store.count());
        assertThrows(ChunkStore.Full.class, () -> put(store, "three"));
        store.delete(List.of(sha1(bytes("one"))));
        put(store, "three");
        assertEquals(2, store.count());
        try (var staged = Files.list(dir.resolve(".staging"))) {
            assertEquals(0, staged.count());
        }
    }

    @Test
    void theByteBoundRefusesAndAnOldChunkIsSwept() throws Exception {
        ChunkStore store = new ChunkStore(dir, 10, 100, 60_000);
        put(store, "12345678");
        assertThrows(ChunkStore.Full.class, () -> put(store, "abcd"));
        Path old = dir.resolve(sha1(bytes("12345678")));
        Files.setLastModifiedTime(old, FileTime.fromMillis(System.currentTimeMillis() - 120_000));
        assertEquals(1, store.sweep(System.currentTimeMillis()));
        assertFalse(store.has(sha1(bytes("12345678"))));
        put(store, "abcd");
        assertEquals(4, store.bytes());
        // A new store over the same folder counts what is there.
        assertEquals(4, new ChunkStore(dir, 10, 100, 60_000).bytes());
    }

    @Test
    void aChunkLargerThanTheChunkSizeOrNotItsNameIsRefused() throws Exception {
        ChunkStore store = new ChunkStore(dir, 1_000, 100, 60_000);
        byte[] b = new byte[101];
        assertThrows(ChunkStore.BadChunk.class, () -> store.verify(sha1(b), new ByteArrayInputStream(b), false, 100));
        assertThrows(ChunkStore.BadChunk.class, () -> store.verify(sha1(bytes("x")),
                new ByteArrayInputStream(bytes("y")), false, 100));
        assertTrue(ChunkStore.isSha1(sha1(b)));
        assertFalse(ChunkStore.isSha1("../" + sha1(b).substring(3)));
        assertEquals(0, store.count());
    }
}
