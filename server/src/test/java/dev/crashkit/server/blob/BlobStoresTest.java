package dev.crashkit.server.blob;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The folder store and the S3 store (against S3Proxy, a real S3-compatible server) keep the same contract. */
class BlobStoresTest {
    private static LocalS3 s3;

    @TempDir
    Path tmp;

    @BeforeAll
    static void startS3() throws Exception {
        s3 = LocalS3.start("blobs");
    }

    @AfterAll
    static void stopS3() throws Exception {
        s3.close();
    }

    private List<BlobStore> stores(String name) throws IOException {
        return List.of(new DirectoryBlobStore(tmp.resolve(name)), s3.open(name));
    }

    static String sha256(byte[] b) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(b));
    }

    static byte[] random(int n, long seed) {
        byte[] b = new byte[n];
        new Random(seed).nextBytes(b);
        return b;
    }

    @Test
    void putGetExistsListDelete() throws Exception {
        for (BlobStore store : stores("contract")) {
            try (store) {
                List<String> keys = new ArrayList<>();
                for (int i = 0; i < 5; i++) {
                    byte[] b = random(1000 + i, i);
                    String key = BlobKeys.report(sha256(b));
                    store.put(key, b, sha256(b));
                    keys.add(key);
                    assertTrue(store.exists(key), store.describe());
                    try (InputStream in = store.get(key).orElseThrow()) {
                        assertArrayEquals(b, in.readAllBytes(), store.describe());
                    }
                }
                keys.sort(null);
                assertEquals(keys, store.list(BlobKeys.REPORTS, Optional.empty(), 100), store.describe());
                // Paged: two, then the rest after the second.
                List<String> first = store.list(BlobKeys.REPORTS, Optional.empty(), 2);
                assertEquals(keys.subList(0, 2), first, store.describe());
                assertEquals(keys.subList(2, 5), store.list(BlobKeys.REPORTS, Optional.of(first.get(1)), 100));
                assertEquals(List.of(), store.list(BlobKeys.DEBUG_FILES, Optional.empty(), 100), store.describe());
                store.delete(keys.get(0));
                store.delete(keys.get(0)); // absent: no error
                assertFalse(store.exists(keys.get(0)), store.describe());
                assertEquals(Optional.empty(), store.get(keys.get(0)), store.describe());
                assertEquals(4, store.list("", Optional.empty(), 100).size(), store.describe());
            }
        }
    }

    /**
     * The folder store pages its listing as S3 (S3Proxy's ListObjectsV2) does for the same keys: across kinds
     * and shard folders, with every page size and start, a key prefix that ends inside a folder's name, and
     * modification times from the puts (S3 stamps to the second).
     */
    @Test
    void theFolderStoreListsPageByPageAsS3Does() throws Exception {
        List<BlobStore> both = stores("paging");
        try (BlobStore dir = both.get(0); BlobStore s3store = both.get(1)) {
            long before = System.currentTimeMillis();
            for (int i = 0; i < 40; i++) {
                byte[] b = random(100 + i, 1000 + i);
                String key = i % 3 == 0 ? BlobKeys.debugFile(sha256(b)) : BlobKeys.report(sha256(b));
                dir.put(key, b, sha256(b));
                s3store.put(key, b, sha256(b));
            }
            // Not keys the server makes, but keys: a name beside the shard folders, and a deeper one.
            byte[] odd = random(10, 5);
            for (String key : List.of("reports/a", "reports/ab/cd/ef", "reports-x/zz")) {
                dir.put(key, odd, sha256(odd));
                s3store.put(key, odd, sha256(odd));
            }
            long after = System.currentTimeMillis();
            List<BlobStore.Listed> all = s3store.listed("", Optional.empty(), 1000);
            assertEquals(43, all.size());
            for (String prefix : List.of("", BlobKeys.REPORTS, BlobKeys.DEBUG_FILES, "reports/a", "reports/ab/", "rep")) {
                for (int limit : new int[] {1, 3, 7, 100}) {
                    List<String> expected = new ArrayList<>();
                    Optional<String> after2 = Optional.empty();
                    List<String> paged = new ArrayList<>();
                    while (true) {
                        List<String> want = s3store.list(prefix, after2, limit);
                        List<String> got = dir.list(prefix, after2, limit);
                        assertEquals(want, got, prefix + " after " + after2 + " by " + limit);
                        if (got.isEmpty()) {
                            break;
                        }
                        paged.addAll(got);
                        after2 = Optional.of(got.get(got.size() - 1));
                    }
                    for (BlobStore.Listed l : all) {
                        if (l.key().startsWith(prefix)) {
                            expected.add(l.key());
                        }
                    }
                    assertEquals(expected, paged, prefix + " by " + limit);
                }
            }
            // A start that is no listed key (a key since deleted) and one between folders.
            for (String start : List.of("reports/7", "reports/ab/cd", "debug-files/zz", "a")) {
                assertEquals(s3store.list("", Optional.of(start), 5), dir.list("", Optional.of(start), 5), start);
            }
            for (BlobStore.Listed l : dir.listed("", Optional.empty(), 100)) {
                assertTrue(l.modifiedMillis() >= before - 2000 && l.modifiedMillis() <= after + 2000, l.toString());
            }
            for (BlobStore.Listed l : all) {
                assertTrue(l.modifiedMillis() >= before - 2000 && l.modifiedMillis() <= after + 2000, l.toString());
            }
        }
    }

    @Test
    void bytesThatDoNotHashToTheirKeyAreRefusedAndNothingIsStored() throws Exception {
        for (BlobStore store : stores("mismatch")) {
            try (store) {
                byte[] b = random(5000, 7);
                String claimed = sha256(random(5000, 8));
                String key = BlobKeys.report(claimed);
                BlobException e = assertThrows(BlobException.class,
                        () -> store.put(key, new ByteArrayInputStream(b), b.length, claimed), store.describe());
                assertTrue(e.getMessage().contains("hash to " + sha256(b)), e.getMessage());
                assertFalse(store.exists(key), store.describe());
                assertEquals(List.of(), store.list("", Optional.empty(), 10), store.describe());
            }
        }
    }

    @Test
    void aLargeFileGoesUpInPartsAndComesBackWhole() throws Exception {
        // 12 MiB + 3 bytes in parts of S3's minimum, 5 MiB: three parts, the last short.
        byte[] b = random(12 * 1024 * 1024 + 3, 42);
        Path file = Files.write(tmp.resolve("big.bin"), b);
        String sha = sha256(b);
        try (S3BlobStore store = S3BlobStore.open(s3.config("multipart"), S3BlobStore.MIN_PART_SIZE)) {
            store.put(BlobKeys.debugFile(sha), file, sha);
            try (InputStream in = store.get(BlobKeys.debugFile(sha)).orElseThrow()) {
                assertEquals(sha, sha256(in.readAllBytes()));
            }
            // From a stream too (one part buffered at a time).
            byte[] c = random(11 * 1024 * 1024, 43);
            store.put(BlobKeys.debugFile(sha256(c)), new ByteArrayInputStream(c), c.length, sha256(c));
            try (InputStream in = store.get(BlobKeys.debugFile(sha256(c))).orElseThrow()) {
                assertEquals(sha256(c), sha256(in.readAllBytes()));
            }
        }
    }

    @Test
    void aMissingBucketOrWrongCredentialsFailAtOpenWithAClearMessage() {
        BlobException noBucket = assertThrows(BlobException.class, () -> S3BlobStore.open(
                ((BlobStoreConfig.S3) BlobStoreConfig.parse("s3://no-such-bucket/x")).withEndpoint(s3.endpoint())
                        .withCredentials(LocalS3.ACCESS_KEY_ID, LocalS3.SECRET_ACCESS_KEY)));
        assertTrue(noBucket.getMessage().contains("s3://no-such-bucket/x") && noBucket.getMessage().contains("no such bucket"),
                noBucket.getMessage());
        BlobException denied = assertThrows(BlobException.class, () -> S3BlobStore.open(
                s3.config("x").withCredentials(LocalS3.ACCESS_KEY_ID, "wrong-secret")));
        assertTrue(denied.getMessage().contains("access denied"), denied.getMessage());
        assertFalse(denied.getMessage().contains("wrong-secret"), denied.getMessage());
    }

    @Test
    void theCacheChecksDownloadsAndKeepsWithinItsBoundLeastRecentlyUsedFirst() throws Exception {
        Path dir = tmp.resolve("store");
        DirectoryBlobStore store = new DirectoryBlobStore(dir);
        List<BlobCache.Entry> entries = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            byte[] b = random(400, 100 + i);
            String sha = sha256(b);
            store.put(BlobKeys.debugFile(sha), b, sha);
            entries.add(new BlobCache.Entry(BlobKeys.debugFile(sha), sha, b.length, "f" + i + ".dylib"));
        }
        BlobCache cache = new BlobCache(tmp.resolve("cache"), 1000);
        assertTrue(cache.fetch(store, entries.get(0)));
        assertFalse(cache.fetch(store, entries.get(0)), "held already");
        assertTrue(cache.fetch(store, entries.get(1)));
        assertTrue(cache.has(entries.get(0).sha256())); // used: now entry 1 is the least recently used
        assertTrue(cache.fetch(store, entries.get(2)));
        assertEquals(800, cache.bytes());
        assertTrue(cache.has(entries.get(0).sha256()));
        assertFalse(cache.has(entries.get(1).sha256()));
        assertFalse(Files.exists(tmp.resolve("cache").resolve(entries.get(1).sha256())));
        assertTrue(Files.isRegularFile(tmp.resolve("cache").resolve(entries.get(2).sha256()).resolve("f2.dylib")));

        // A blob changed in the store behind the database's back is refused, and nothing is kept.
        Path blob = dir.resolve(entries.get(1).key());
        Files.write(blob, random(400, 999));
        BlobException e = assertThrows(BlobException.class, () -> cache.fetch(store, entries.get(1)));
        assertTrue(e.getMessage().contains("is not the file recorded"), e.getMessage());
        assertFalse(cache.has(entries.get(1).sha256()));

        // A new cache on the same folder finds what is there.
        BlobCache again = new BlobCache(tmp.resolve("cache"), 1000);
        assertEquals(800, again.bytes());
        assertFalse(again.fetch(store, entries.get(2)));
    }
}
