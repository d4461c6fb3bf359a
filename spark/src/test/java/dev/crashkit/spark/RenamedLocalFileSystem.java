package dev.crashkit.spark;

import java.net.URI;
import org.apache.hadoop.fs.RawLocalFileSystem;

/**
 * The local file system under another scheme ({@code crashtest:}), standing in for a remote one
 * (hdfs, s3a) so the copy of remote debug files can be tested without a cluster.
 */
public class RenamedLocalFileSystem extends RawLocalFileSystem {
    static final String SCHEME = "crashtest";

    @Override
    public URI getUri() {
        return URI.create(SCHEME + ":///");
    }

    @Override
    public String getScheme() {
        return SCHEME;
    }
}
