package dev.crashkit.server.blob;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.MultipartUpload;

/**
 * Multipart uploads a dead server left unfinished (their parts stored, and billed, for good) are aborted by
 * the sweep once begun before its cut-off; an upload this store is writing stays whatever its age, and so do
 * other applications' uploads in the same bucket. Against S3Proxy, a real S3 server (which reports every
 * upload as begun at the moment it is listed: the cut-off is moved instead of the uploads' age).
 */
class S3UnfinishedUploadsTest {
    private static final long DAY = DirectoryBlobStore.STALE_PART_MILLIS;
    private static LocalS3 s3;
    private static S3Client raw;

    @BeforeAll
    static void start() throws Exception {
        s3 = LocalS3.start("unfinished");
        raw = S3Client.builder()
                .requestChecksumCalculation(software.amazon.awssdk.core.checksums.RequestChecksumCalculation.WHEN_REQUIRED)
                .responseChecksumValidation(software.amazon.awssdk.core.checksums.ResponseChecksumValidation.WHEN_REQUIRED)
                .endpointOverride(URI.create(s3.endpoint())).forcePathStyle(true)
                .region(Region.US_EAST_1).credentialsProvider(StaticCredentialsProvider.create(
                        AwsBasicCredentials.create(LocalS3.ACCESS_KEY_ID, LocalS3.SECRET_ACCESS_KEY))).build();
    }

    @AfterAll
    static void stop() throws Exception {
        raw.close();
        s3.close();
    }

    /** Begins an upload of {@code key} (a full object name) and stores one part of it, as a put that died. */
    private static String crashedUpload(String key, boolean withPart) {
        String id = raw.createMultipartUpload(c -> c.bucket(s3.bucket()).key(key)).uploadId();
        if (withPart) {
            raw.uploadPart(u -> u.bucket(s3.bucket()).key(key).uploadId(id).partNumber(1),
                    RequestBody.fromBytes(new byte[1024]));
        }
        return id;
    }

    private static Set<String> unfinished() {
        Set<String> keys = new TreeSet<>();
        for (MultipartUpload u : raw.listMultipartUploads(l -> l.bucket(s3.bucket())).uploads()) {
            keys.add(u.key());
        }
        return keys;
    }

    @Test
    void deadServersUploadsAreAbortedOneInProgressAndOtherApplicationsStay() throws Exception {
        String sha = "ab".repeat(32);
        crashedUpload("crashkit/" + BlobKeys.debugFile(sha), true);
        crashedUpload("crashkit/" + BlobKeys.report("cd".repeat(32)), false);
        crashedUpload("other-app/" + BlobKeys.debugFile(sha), true);
        crashedUpload("crashkit/notes/draft", true);

        try (S3BlobStore store = S3BlobStore.open(s3.config("crashkit"), S3BlobStore.MIN_PART_SIZE)) {
            // A put of two parts that stops after its first: its upload is open while the sweep runs.
            byte[] bytes = new byte[(int) S3BlobStore.MIN_PART_SIZE + 4096];
            new java.util.Random(7).nextBytes(bytes);
            String inFlightSha = Sha256.of(bytes);
            String inFlightKey = BlobKeys.debugFile(inFlightSha);
            CountDownLatch firstPartRead = new CountDownLatch(1);
            CountDownLatch resume = new CountDownLatch(1);
            InputStream slow = new InputStream() {
                private final InputStream in = new ByteArrayInputStream(bytes);
                private long at;

                @Override
                public int read() {
                    throw new UnsupportedOperationException();
                }

                @Override
                public int read(byte[] b, int off, int len) throws IOException {
                    if (at == S3BlobStore.MIN_PART_SIZE) {
                        firstPartRead.countDown();
                        try {
                            resume.await();
                        } catch (InterruptedException e) {
                            throw new IOException(e);
                        }
                    }
                    int n = in.read(b, off, (int) Math.min(len, at < S3BlobStore.MIN_PART_SIZE
                            ? S3BlobStore.MIN_PART_SIZE - at : len));
                    at += Math.max(n, 0);
                    return n;
                }
            };
            CompletableFuture<Void> put = CompletableFuture.runAsync(() -> {
                try {
                    store.put(inFlightKey, slow, bytes.length, inFlightSha);
                } catch (BlobException e) {
                    throw new IllegalStateException(e);
                }
            });
            assertTrue(firstPartRead.await(30, TimeUnit.SECONDS));
            // Wait until the put has begun its upload (the first part is read before the upload starts or after).
            long deadline = System.nanoTime() + 30_000_000_000L;
            while (!unfinished().contains("crashkit/" + inFlightKey) && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
            assertEquals(Set.of("crashkit/" + BlobKeys.debugFile(sha), "crashkit/" + BlobKeys.report("cd".repeat(32)),
                    "other-app/" + BlobKeys.debugFile(sha), "crashkit/notes/draft", "crashkit/" + inFlightKey), unfinished());

            // Begun less than a day before: nothing goes.
            assertEquals(0, store.sweepTemporaries(System.currentTimeMillis() - DAY));
            assertEquals(5, unfinished().size());
            // Every upload begun before the cut-off (S3Proxy dates them all "now"): the dead server's two go.
            assertEquals(2, store.sweepTemporaries(System.currentTimeMillis() + DAY));
            assertEquals(Set.of("other-app/" + BlobKeys.debugFile(sha), "crashkit/notes/draft",
                    "crashkit/" + inFlightKey), unfinished());

            resume.countDown();
            put.get(60, TimeUnit.SECONDS);
            assertArrayEquals(bytes, store.get(inFlightKey).orElseThrow().readAllBytes());
            assertEquals(Set.of("other-app/" + BlobKeys.debugFile(sha), "crashkit/notes/draft"), unfinished());
            assertEquals(0, store.sweepTemporaries(System.currentTimeMillis() + DAY));
        }
    }
}
