package dev.crashkit.server.blob;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.auth.credentials.DefaultCredentialsProvider;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.ResponseInputStream;
import software.amazon.awssdk.core.checksums.RequestChecksumCalculation;
import software.amazon.awssdk.core.checksums.ResponseChecksumValidation;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.S3ClientBuilder;
import software.amazon.awssdk.services.s3.model.CompletedPart;
import software.amazon.awssdk.services.s3.model.GetObjectResponse;
import software.amazon.awssdk.services.s3.model.ListMultipartUploadsResponse;
import software.amazon.awssdk.services.s3.model.ListObjectsV2Response;
import software.amazon.awssdk.services.s3.model.MultipartUpload;
import software.amazon.awssdk.services.s3.model.NoSuchKeyException;
import software.amazon.awssdk.services.s3.model.NoSuchUploadException;
import software.amazon.awssdk.services.s3.model.S3Exception;
import software.amazon.awssdk.services.s3.model.S3Object;

/**
 * Blobs in an S3 bucket, or any S3-compatible server ({@code endpoint}, path-style addressing), through
 * the AWS SDK: object {@code <prefix>/<key>}, its SHA-256 kept as metadata {@code sha256}. A blob larger
 * than one part is uploaded in parts of {@code partSize} bytes (a file's parts read from the file at each
 * attempt, a stream's through one part buffer): memory stays bounded whatever the size. Credentials come
 * from the configuration or else the SDK's standard chain (environment, profile, instance role); they are
 * never part of a message.
 */
public final class S3BlobStore implements BlobStore {
    /** Parts of 16 MiB: a 2 GB debug file in 128 parts, far below S3's 10,000. */
    public static final long DEFAULT_PART_SIZE = 16L * 1024 * 1024;
    /** S3's smallest part (but the last). */
    static final long MIN_PART_SIZE = 5L * 1024 * 1024;
    private static final String SHA256_META = "sha256";

    private final S3Client s3;
    private final BlobStoreConfig.S3 config;
    private final long partSize;
    /** The multipart uploads this store's puts have open: a sweep never aborts one, whatever its age. */
    private final java.util.Set<String> uploading = java.util.concurrent.ConcurrentHashMap.newKeySet();

    private S3BlobStore(S3Client s3, BlobStoreConfig.S3 config, long partSize) {
        this.s3 = s3;
        this.config = config;
        this.partSize = partSize;
    }

    /** Connects and checks that the bucket is there (a clear error at start rather than at the first report). */
    public static S3BlobStore open(BlobStoreConfig.S3 config) throws BlobException {
        return open(config, DEFAULT_PART_SIZE);
    }

    static S3BlobStore open(BlobStoreConfig.S3 config, long partSize) throws BlobException {
        if (partSize < MIN_PART_SIZE) {
            throw new IllegalArgumentException("part size below S3's minimum of " + MIN_PART_SIZE + ": " + partSize);
        }
        S3Client s3;
        try {
            S3ClientBuilder b = S3Client.builder()
                    // The SDK's default CRC trailers are not understood by every S3-compatible server; the
                    // content is checked by its SHA-256 when read instead.
                    .requestChecksumCalculation(RequestChecksumCalculation.WHEN_REQUIRED)
                    .responseChecksumValidation(ResponseChecksumValidation.WHEN_REQUIRED)
                    .overrideConfiguration(o -> o.apiCallTimeout(Duration.ofMinutes(2))
                            .apiCallAttemptTimeout(Duration.ofSeconds(60)))
                    .credentialsProvider(credentials(config));
            if (config.endpoint().isPresent()) {
                b.endpointOverride(URI.create(config.endpoint().get())).forcePathStyle(true)
                        .region(Region.of(config.region().orElse("us-east-1")));
            } else {
                config.region().ifPresent(r -> b.region(Region.of(r)));
            }
            s3 = b.build();
        } catch (SdkException | IllegalArgumentException e) {
            throw new BlobException(config.describe() + ": " + e.getMessage(), e);
        }
        S3BlobStore store = new S3BlobStore(s3, config, partSize);
        try {
            s3.headBucket(h -> h.bucket(config.bucket()));
        } catch (S3Exception e) {
            store.close();
            throw new BlobException(config.describe() + ": " + (e.statusCode() == 404 ? "no such bucket"
                    : e.statusCode() == 403 ? "access denied (check the credentials)" : "HTTP " + e.statusCode()), e);
        } catch (SdkException e) {
            store.close();
            throw new BlobException(config.describe() + ": unreachable: " + e.getMessage(), e);
        }
        return store;
    }

    private static AwsCredentialsProvider credentials(BlobStoreConfig.S3 config) {
        if (config.accessKeyId().isPresent() && config.secretAccessKey().isPresent()) {
            return StaticCredentialsProvider.create(AwsBasicCredentials.create(config.accessKeyId().get(),
                    config.secretAccessKey().get()));
        }
        return DefaultCredentialsProvider.builder().build();
    }

    private String object(String key) {
        return config.prefix().isEmpty() ? key : config.prefix() + "/" + key;
    }

    @Override
    public void put(String key, byte[] bytes, String sha256) throws BlobException {
        BlobKeys.check(key);
        MessageDigest d = Sha256.digest();
        d.update(bytes);
        checkSha(key, Sha256.hex(d), sha256);
        call("store " + key, () -> s3.putObject(p -> p.bucket(config.bucket()).key(object(key))
                .contentLength((long) bytes.length).metadata(Map.of(SHA256_META, sha256)), RequestBody.fromBytes(bytes)));
    }

    @Override
    public void put(String key, InputStream in, long size, String sha256) throws BlobException {
        BlobKeys.check(key);
        try {
            if (size <= partSize) {
                put(key, in.readNBytes((int) size), sha256);
                return;
            }
            MessageDigest d = Sha256.digest();
            byte[] part = new byte[(int) partSize];
            multipart(key, size, sha256, (offset, length) -> {
                int n = in.readNBytes(part, 0, (int) length);
                if (n != length) {
                    throw new IOException("the stream ended at " + (offset + n) + " of " + size + " bytes");
                }
                d.update(part, 0, n);
                return RequestBody.fromBytes(java.util.Arrays.copyOf(part, n));
            }, () -> Sha256.hex(d));
        } catch (BlobException e) {
            throw e;
        } catch (IOException e) {
            throw new BlobException(describe() + ": cannot read what to store as " + key + ": " + e.getMessage(), e);
        }
    }

    @Override
    public void put(String key, Path file, String sha256) throws BlobException {
        BlobKeys.check(key);
        try {
            long size = Files.size(file);
            MessageDigest d = Sha256.digest();
            try (InputStream in = Files.newInputStream(file)) {
                byte[] buf = new byte[1 << 16];
                for (int n; (n = in.read(buf)) > 0; ) {
                    d.update(buf, 0, n);
                }
            }
            checkSha(key, Sha256.hex(d), sha256);
            if (exists(key)) {
                return; // content-addressed: uploaded before (a debug file sent again costs one HEAD)
            }
            if (size <= partSize) {
                call("store " + key, () -> s3.putObject(p -> p.bucket(config.bucket()).key(object(key))
                        .contentLength(size).metadata(Map.of(SHA256_META, sha256)), RequestBody.fromFile(file)));
                return;
            }
            // Each attempt of a part reads its slice of the file again: retries need no buffer.
            multipart(key, size, sha256, (offset, length) -> RequestBody.fromContentProvider(
                    () -> slice(file, offset, length), length, "application/octet-stream"), () -> sha256);
        } catch (BlobException e) {
            throw e;
        } catch (IOException e) {
            throw new BlobException(describe() + ": cannot read " + file + " to store it as " + key + ": "
                    + e.getMessage(), e);
        }
    }

    /** One part's body, {@code length} bytes from {@code offset}. */
    private interface PartSource {
        RequestBody part(long offset, long length) throws IOException;
    }

    private interface Digest {
        String hex();
    }

    private void multipart(String key, long size, String sha256, PartSource source, Digest digest) throws IOException {
        String uploadId = call("start uploading " + key, () -> s3.createMultipartUpload(c -> c.bucket(config.bucket())
                .key(object(key)).metadata(Map.of(SHA256_META, sha256)))).uploadId();
        uploading.add(uploadId);
        boolean done = false;
        try {
            List<CompletedPart> parts = new ArrayList<>();
            int number = 1;
            for (long offset = 0; offset < size; offset += partSize, number++) {
                long length = Math.min(partSize, size - offset);
                RequestBody body = source.part(offset, length);
                int n = number;
                String etag = call("upload part " + n + " of " + key, () -> s3.uploadPart(u -> u.bucket(config.bucket())
                        .key(object(key)).uploadId(uploadId).partNumber(n).contentLength(length), body)).eTag();
                parts.add(CompletedPart.builder().partNumber(n).eTag(etag).build());
            }
            checkSha(key, digest.hex(), sha256);
            call("complete " + key, () -> s3.completeMultipartUpload(c -> c.bucket(config.bucket()).key(object(key))
                    .uploadId(uploadId).multipartUpload(m -> m.parts(parts))));
            done = true;
        } finally {
            if (!done) {
                try {
                    s3.abortMultipartUpload(a -> a.bucket(config.bucket()).key(object(key)).uploadId(uploadId));
                } catch (SdkException e) {
                    // Its parts stay until a sweep (sweepTemporaries) or the bucket's lifecycle rule removes them.
                }
            }
            uploading.remove(uploadId);
        }
    }

    /**
     * Aborts the multipart uploads of the keys this server makes (reports, debug files) begun before
     * {@code before} and never completed: a server that died mid-put leaves its parts stored (and billed)
     * for good. Never an upload of this store's puts in progress; uploads of keys under other prefixes (another
     * application sharing the bucket) are left alone. One listing page of each kind a call (S3 lists up to
     * 1,000 uploads, in key order): a crash leaves a few, and aborted ones leave the listing for the next call.
     *
     * @return how many were aborted
     */
    @Override
    public long sweepTemporaries(long before) throws BlobException {
        long aborted = 0;
        for (String kind : List.of(BlobKeys.REPORTS, BlobKeys.DEBUG_FILES)) {
            String prefix = object(kind);
            ListMultipartUploadsResponse page = call("list the unfinished uploads of " + kind, () ->
                    s3.listMultipartUploads(l -> l.bucket(config.bucket()).prefix(prefix)));
            for (MultipartUpload u : page.uploads()) {
                if (uploading.contains(u.uploadId()) || u.initiated() == null
                        || u.initiated().toEpochMilli() >= before || !u.key().startsWith(prefix)) {
                    continue;
                }
                try {
                    s3.abortMultipartUpload(a -> a.bucket(config.bucket()).key(u.key()).uploadId(u.uploadId()));
                    aborted++;
                } catch (NoSuchUploadException gone) {
                    // completed or aborted meanwhile (another server's sweep)
                } catch (SdkException e) {
                    throw failed("abort the unfinished upload of " + u.key(), e);
                }
            }
        }
        return aborted;
    }

    private static InputStream slice(Path file, long offset, long length) {
        try {
            FileChannel ch = FileChannel.open(file, StandardOpenOption.READ);
            ch.position(offset);
            return new LimitedInputStream(Channels.newInputStream(ch), length);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private void checkSha(String key, String got, String expected) throws BlobException {
        if (!got.equals(expected)) {
            throw new BlobException(describe() + ": " + key + ": the bytes hash to " + got + ", not " + expected);
        }
    }

    @Override
    public Optional<InputStream> get(String key) throws BlobException {
        BlobKeys.check(key);
        try {
            ResponseInputStream<GetObjectResponse> in = s3.getObject(g -> g.bucket(config.bucket()).key(object(key)));
            return Optional.of(in);
        } catch (NoSuchKeyException e) {
            return Optional.empty();
        } catch (S3Exception e) {
            if (e.statusCode() == 404) {
                return Optional.empty();
            }
            throw failed("read " + key, e);
        } catch (SdkException e) {
            throw failed("read " + key, e);
        }
    }

    @Override
    public boolean exists(String key) throws BlobException {
        BlobKeys.check(key);
        try {
            s3.headObject(h -> h.bucket(config.bucket()).key(object(key)));
            return true;
        } catch (NoSuchKeyException e) {
            return false;
        } catch (S3Exception e) {
            if (e.statusCode() == 404) {
                return false;
            }
            throw failed("look up " + key, e);
        } catch (SdkException e) {
            throw failed("look up " + key, e);
        }
    }

    @Override
    public void delete(String key) throws BlobException {
        BlobKeys.check(key);
        call("delete " + key, () -> s3.deleteObject(d -> d.bucket(config.bucket()).key(object(key))));
    }

    @Override
    public List<Listed> listed(String prefix, Optional<String> after, int limit) throws BlobException {
        BlobKeys.checkPrefix(prefix);
        int strip = config.prefix().isEmpty() ? 0 : config.prefix().length() + 1;
        ListObjectsV2Response r = call("list " + prefix, () -> s3.listObjectsV2(l -> {
            l.bucket(config.bucket()).prefix(object(prefix)).maxKeys(Math.min(limit, 1000));
            after.ifPresent(a -> l.startAfter(object(a)));
        }));
        List<Listed> keys = new ArrayList<>();
        for (S3Object o : r.contents()) {
            keys.add(new Listed(o.key().substring(strip), o.lastModified().toEpochMilli()));
        }
        return keys;
    }

    private <T> T call(String what, java.util.function.Supplier<T> request) throws BlobException {
        try {
            return request.get();
        } catch (SdkException e) {
            throw failed(what, e);
        } catch (java.io.UncheckedIOException e) {
            throw new BlobException(describe() + ": cannot " + what + ": " + e.getCause().getMessage(), e);
        }
    }

    private BlobException failed(String what, SdkException e) {
        return new BlobException(describe() + ": cannot " + what + ": " + e.getMessage(), e);
    }

    @Override
    public String describe() {
        return config.describe();
    }

    @Override
    public void close() {
        s3.close();
    }
}
