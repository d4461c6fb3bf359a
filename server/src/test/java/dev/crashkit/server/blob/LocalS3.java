package dev.crashkit.server.blob;

import java.net.URI;
import java.util.List;
import java.util.Optional;
import org.eclipse.jetty.util.component.AbstractLifeCycle;
import org.gaul.s3proxy.AuthenticationType;
import org.gaul.s3proxy.S3Proxy;
import org.jclouds.ContextBuilder;
import org.jclouds.blobstore.BlobStoreContext;

/**
 * A real S3-compatible server for the tests: S3Proxy (Maven Central) over jclouds' in-memory store, on a
 * loopback port, requiring AWS signatures with a test key. It can be stopped and started again on the
 * same port with the same content (the store outlives the HTTP server).
 */
public final class LocalS3 implements AutoCloseable {
    public static final String ACCESS_KEY_ID = "crashkit-test";
    public static final String SECRET_ACCESS_KEY = "crashkit-test-secret-never-logged";

    private final BlobStoreContext context;
    private final String bucket;
    private S3Proxy proxy;
    private int port;

    private LocalS3(BlobStoreContext context, String bucket) {
        this.context = context;
        this.bucket = bucket;
    }

    /** Starts a server on a free loopback port with one empty bucket. */
    public static LocalS3 start(String bucket) throws Exception {
        BlobStoreContext context = ContextBuilder.newBuilder("transient").credentials("identity", "credential")
                .build(BlobStoreContext.class);
        context.getBlobStore().createContainerInLocation(null, bucket);
        LocalS3 s3 = new LocalS3(context, bucket);
        s3.listen(0);
        return s3;
    }

    private void listen(int wanted) throws Exception {
        proxy = S3Proxy.builder().blobStore(context.getBlobStore())
                .endpoint(URI.create("http://127.0.0.1:" + wanted))
                .awsAuthentication(AuthenticationType.AWS_V2_OR_V4, ACCESS_KEY_ID, SECRET_ACCESS_KEY)
                .build();
        proxy.start();
        long deadline = System.nanoTime() + 30_000_000_000L;
        while (!AbstractLifeCycle.STARTED.equals(proxy.getState())) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("S3Proxy did not start: " + proxy.getState());
            }
            Thread.sleep(5);
        }
        port = proxy.getPort();
    }

    /** The server goes away: connections are refused until {@link #restart}. */
    public void stop() throws Exception {
        proxy.stop();
    }

    /** Listens again on the same port, with what was stored before. */
    public void restart() throws Exception {
        listen(port);
    }

    public String endpoint() {
        return "http://127.0.0.1:" + port;
    }

    public String bucket() {
        return bucket;
    }

    /** The configuration a server uses for {@code s3://BUCKET/prefix} on this server. */
    public BlobStoreConfig.S3 config(String prefix) {
        return ((BlobStoreConfig.S3) BlobStoreConfig.parse("s3://" + bucket + "/" + prefix)).withEndpoint(endpoint())
                .withCredentials(ACCESS_KEY_ID, SECRET_ACCESS_KEY);
    }

    /** crashkit-server's options for the same. */
    public List<String> serverArgs(String prefix) {
        return List.of("--blob-store", "s3://" + bucket + "/" + prefix, "--blob-store-endpoint", endpoint(),
                "--blob-store-access-key-id", ACCESS_KEY_ID, "--blob-store-secret-access-key", SECRET_ACCESS_KEY);
    }

    /** Opens a client of this server, as the crashkit server does. */
    public BlobStore open(String prefix) throws BlobException {
        return S3BlobStore.open(config(prefix));
    }

    /** Runs a server with bucket {@code args[0]} until killed (to try the server jar by hand); prints its endpoint. */
    public static void main(String[] args) throws Exception {
        LocalS3 s3 = start(args.length > 0 ? args[0] : "crashkit");
        System.out.println("S3Proxy listening on " + s3.endpoint() + ", bucket " + s3.bucket());
        Thread.currentThread().join();
    }

    Optional<S3Proxy> proxy() {
        return Optional.ofNullable(proxy);
    }

    @Override
    public void close() throws Exception {
        try {
            proxy.stop();
        } finally {
            context.close();
        }
    }
}
