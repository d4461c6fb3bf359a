package dev.crashkit.server.blob;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A folder store's temporary files: one a crash left mid-put is deleted once untouched for a day; a put in
 * progress keeps its file whatever its age, and a recent one (another server's put) stays.
 */
class PartialPutsTest {
    private static final long DAY = DirectoryBlobStore.STALE_PART_MILLIS;

    @TempDir
    Path dir;

    private static Path part(Path folder, long modified) throws IOException {
        Path p = Files.writeString(Files.createDirectories(folder).resolve("." + UUID.randomUUID() + ".part"), "half");
        Files.setLastModifiedTime(p, FileTime.fromMillis(modified));
        return p;
    }

    @Test
    void aCrashedPutsFileGoesAPutInProgressAndRecentOnesStay() throws Exception {
        try (DirectoryBlobStore store = new DirectoryBlobStore(dir.resolve("blobs"))) {
            byte[] bytes = "a report written slowly".getBytes(StandardCharsets.UTF_8);
            String sha = Sha256.of(bytes);
            String key = BlobKeys.report(sha);
            Path shard = dir.resolve("blobs").resolve("reports").resolve(sha.substring(0, 2));
            CountDownLatch halfWritten = new CountDownLatch(1);
            CountDownLatch resume = new CountDownLatch(1);
            // Gives half the bytes, then waits: the put is writing its temporary file.
            InputStream slow = new InputStream() {
                private int at;

                @Override
                public int read() {
                    throw new UnsupportedOperationException();
                }

                @Override
                public int read(byte[] b, int off, int len) {
                    if (at == bytes.length) {
                        return -1;
                    }
                    if (at == bytes.length / 2) {
                        halfWritten.countDown();
                        try {
                            resume.await();
                        } catch (InterruptedException e) {
                            throw new IllegalStateException(e);
                        }
                    }
                    int n = Math.min(len, (at < bytes.length / 2 ? bytes.length / 2 : bytes.length) - at);
                    System.arraycopy(bytes, at, b, off, n);
                    at += n;
                    return n;
                }
            };
            CompletableFuture<Void> put = CompletableFuture.runAsync(() -> {
                try {
                    store.put(key, slow, bytes.length, sha);
                } catch (BlobException e) {
                    throw new IllegalStateException(e);
                }
            });
            assertTrue(halfWritten.await(30, TimeUnit.SECONDS));
            Path inFlight;
            try (var files = Files.list(shard)) {
                List<Path> parts = files.toList();
                assertEquals(1, parts.size(), parts.toString());
                inFlight = parts.get(0);
            }
            long now = System.currentTimeMillis();
            // As old as a crashed put's: only being written now keeps it.
            Files.setLastModifiedTime(inFlight, FileTime.fromMillis(now - 2 * DAY));
            Path crashed = part(shard, now - DAY - 1);
            Path crashedElsewhere = part(dir.resolve("blobs").resolve("debug-files").resolve("ff"), now - 3 * DAY);
            Path recent = part(shard, now - DAY + 60_000);
            Path notOurs = Files.writeString(shard.resolve(".notes.part"), "x");
            Files.setLastModifiedTime(notOurs, FileTime.fromMillis(now - 3 * DAY));

            assertEquals(2, store.sweepTemporaries(now - DAY));
            assertFalse(Files.exists(crashed));
            assertFalse(Files.exists(crashedElsewhere));
            assertTrue(Files.exists(inFlight), "a put is writing it");
            assertTrue(Files.exists(recent), "another server's put may be writing it");
            assertTrue(Files.exists(notOurs), "not a name a put makes");

            resume.countDown();
            put.get(30, TimeUnit.SECONDS);
            assertArrayEquals(bytes, store.get(key).orElseThrow().readAllBytes());
            assertFalse(Files.exists(inFlight), "renamed into place");
            assertEquals(List.of(key), store.list("", java.util.Optional.empty(), 10));
        }
    }

    @Test
    void aStoreWithoutTemporaryFilesSweepsNothing() throws Exception {
        try (DirectoryBlobStore store = new DirectoryBlobStore(dir.resolve("empty"))) {
            assertEquals(0, store.sweepTemporaries(System.currentTimeMillis()));
        }
    }
}
