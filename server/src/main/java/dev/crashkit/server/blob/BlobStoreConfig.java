package dev.crashkit.server.blob;

import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Where raw reports and debug files live ({@code --blob-store}): {@link Database} (one instance: reports in
 * the database in the same transaction as their row, debug files in {@code DATA/debug-files}), or a store
 * every instance reads: a {@link Directory} (a shared mount) or {@link S3}. With a shared store each
 * instance keeps the debug files it symbolicates with in a local cache of at most {@code cacheBytes}.
 */
public sealed interface BlobStoreConfig {
    /** 10 GiB of debug files kept locally per instance. */
    long DEFAULT_CACHE_BYTES = 10L * 1024 * 1024 * 1024;

    /** The default: nothing shared, as before there was a blob store. */
    record Database() implements BlobStoreConfig {
    }

    /** A folder, e.g. an NFS mount every instance has. */
    record Directory(Path folder, long cacheBytes) implements BlobStoreConfig {
    }

    /**
     * An S3 bucket or S3-compatible server.
     *
     * @param prefix          key prefix inside the bucket, without slashes at either end ("" for none)
     * @param endpoint        an S3-compatible server's URL (then path-style addressing); empty: AWS
     * @param region          empty: the SDK's region chain ({@code us-east-1} with an endpoint)
     * @param accessKeyId     with {@code secretAccessKey}; both empty: the SDK's credential chain
     */
    record S3(String bucket, String prefix, Optional<String> endpoint, Optional<String> region,
              Optional<String> accessKeyId, Optional<String> secretAccessKey, long cacheBytes) implements BlobStoreConfig {
        /** The store as logs may show it: never the credentials. */
        public String describe() {
            return "blob store s3://" + bucket + (prefix.isEmpty() ? "" : "/" + prefix)
                    + endpoint.map(e -> " at " + e).orElse("");
        }

        @Override
        public String toString() {
            return describe();
        }

        public S3 withEndpoint(String url) {
            return new S3(bucket, prefix, Optional.of(url), region, accessKeyId, secretAccessKey, cacheBytes);
        }

        public S3 withRegion(String name) {
            return new S3(bucket, prefix, endpoint, Optional.of(name), accessKeyId, secretAccessKey, cacheBytes);
        }

        public S3 withCredentials(String keyId, String secret) {
            return new S3(bucket, prefix, endpoint, region, Optional.of(keyId), Optional.of(secret), cacheBytes);
        }
    }

    static BlobStoreConfig database() {
        return new Database();
    }

    /**
     * Reads {@code --blob-store}: {@code db}, {@code s3://BUCKET[/PREFIX]} or a folder.
     *
     * @throws IllegalArgumentException with a one-line reason
     */
    static BlobStoreConfig parse(String spec) {
        String s = spec.strip();
        if (s.equals("db")) {
            return new Database();
        }
        if (s.startsWith("s3://")) {
            URI u;
            try {
                u = new URI(s);
            } catch (URISyntaxException e) {
                throw new IllegalArgumentException("not an s3://BUCKET/PREFIX address: " + spec);
            }
            String bucket = u.getHost();
            if (bucket == null || u.getRawQuery() != null || u.getRawFragment() != null || u.getRawUserInfo() != null
                    || u.getPort() != -1 || !bucket.matches("[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]")) {
                throw new IllegalArgumentException("not an s3://BUCKET/PREFIX address (bucket names are 3-63 of "
                        + "a-z 0-9 . -): " + spec);
            }
            String prefix = u.getPath() == null ? "" : u.getPath().replaceAll("^/+|/+$", "");
            if (!prefix.isEmpty() && !prefix.matches("[A-Za-z0-9._/-]+")) {
                throw new IllegalArgumentException("the key prefix of " + spec + " may hold only A-Z a-z 0-9 . _ - /");
            }
            return new S3(bucket, prefix, Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(),
                    DEFAULT_CACHE_BYTES);
        }
        if (s.contains("://")) {
            throw new IllegalArgumentException("unknown blob store " + spec + ": db, s3://BUCKET/PREFIX or a folder");
        }
        try {
            return new Directory(Path.of(s), DEFAULT_CACHE_BYTES);
        } catch (InvalidPathException e) {
            throw new IllegalArgumentException("not a folder: " + spec);
        }
    }

    /** This configuration with another local cache size (no effect for {@link Database}). */
    default BlobStoreConfig withCacheBytes(long bytes) {
        if (this instanceof Directory d) {
            return new Directory(d.folder(), bytes);
        }
        if (this instanceof S3 s) {
            return new S3(s.bucket(), s.prefix(), s.endpoint(), s.region(), s.accessKeyId(), s.secretAccessKey(), bytes);
        }
        return this;
    }

    /** Opens the shared store, or empty for {@link Database}. */
    default Optional<BlobStore> open() throws BlobException {
        if (this instanceof Directory d) {
            return Optional.of(new DirectoryBlobStore(d.folder()));
        }
        if (this instanceof S3 s) {
            return Optional.of(S3BlobStore.open(s));
        }
        return Optional.empty();
    }

    /** The local debug file cache's size (the shared stores' component), 0 for {@link Database}: none. */
    default long cacheBytes() {
        return 0;
    }
}
