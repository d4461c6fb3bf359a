package dev.crashkit.server;

import dev.crashkit.server.blob.BlobStoreConfig;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** The server's blob store options (a picocli mixin of {@link ServerMain}): db, a shared folder or S3. */
final class BlobStoreOptions {
    @Spec(Spec.Target.MIXEE)
    private CommandSpec spec;

    @Option(order = 28, names = "--blob-store", paramLabel = "db|DIR|s3://BUCKET/PREFIX", description = "where raw"
            + " reports and debug files live: db (default: reports in the database, debug files in DATA/debug-files; one"
            + " instance), a folder every instance mounts, or an S3 bucket; a report is acknowledged once its bytes"
            + " are stored there")
    String blobStore;

    @Option(order = 29, names = "--blob-store-endpoint", paramLabel = "URL",
            description = "an S3-compatible server (path-style addressing; default: AWS)")
    private void blobEndpoint(String v) {
        blobEndpoint = new OptionValues(spec).endpoint("--blob-store-endpoint", v);
    }

    String blobEndpoint;

    @Option(order = 30, names = "--blob-store-region", paramLabel = "R",
            description = "S3 region (default: the AWS SDK's chain; us-east-1 with an endpoint)")
    private void blobRegion(String v) {
        blobRegion = v.strip();
    }

    String blobRegion;

    @Option(order = 31, names = "--blob-store-access-key-id", paramLabel = "ID", description = "S3 access key id"
            + " (default: the AWS SDK's chain: AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, ~/.aws, instance role)")
    String blobAccessKeyId;

    @Option(order = 32, names = "--blob-store-secret-access-key", paramLabel = "SECRET",
            description = "S3 secret access key, with --blob-store-access-key-id; never logged")
    String blobSecretAccessKey;

    @Option(order = 33, names = "--blob-cache-bytes", paramLabel = "N", description = "debug files of a shared"
            + " blob store kept in DATA/blob-cache, least recently used removed first (default: 10737418240, 10 GiB)")
    private void blobCacheBytes(String v) {
        blobCacheBytes = new OptionValues(spec).number("--blob-cache-bytes", v, 1, Long.MAX_VALUE);
    }

    long blobCacheBytes = BlobStoreConfig.DEFAULT_CACHE_BYTES;

    /** Where raw reports and debug files live, as the options say. */
    BlobStoreConfig config() throws ServerMain.UsageException {
        BlobStoreConfig c;
        try {
            c = blobStore == null ? BlobStoreConfig.database() : BlobStoreConfig.parse(blobStore);
        } catch (IllegalArgumentException e) {
            throw new ServerMain.UsageException("--blob-store: " + e.getMessage());
        }
        boolean s3Options = blobEndpoint != null || blobRegion != null || blobAccessKeyId != null
                || blobSecretAccessKey != null;
        if (!(c instanceof BlobStoreConfig.S3 s3)) {
            if (s3Options) {
                throw new ServerMain.UsageException(
                    "--blob-store-endpoint, -region and the credentials need --blob-store s3://...");
            }
            return c.withCacheBytes(blobCacheBytes);
        }
        if ((blobAccessKeyId == null) != (blobSecretAccessKey == null)) {
            throw new ServerMain.UsageException("--blob-store-access-key-id and --blob-store-secret-access-key go together");
        }
        if (blobEndpoint != null) {
            s3 = s3.withEndpoint(blobEndpoint);
        }
        if (blobRegion != null) {
            s3 = s3.withRegion(blobRegion);
        }
        if (blobAccessKeyId != null) {
            s3 = s3.withCredentials(blobAccessKeyId, blobSecretAccessKey);
        }
        return s3.withCacheBytes(blobCacheBytes);
    }
}
