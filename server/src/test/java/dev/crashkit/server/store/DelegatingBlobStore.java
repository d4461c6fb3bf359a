package dev.crashkit.server.store;

import dev.crashkit.server.blob.BlobException;
import dev.crashkit.server.blob.BlobStore;
import java.io.InputStream;
import java.util.List;
import java.util.Optional;

/** Forwards everything to another store: tests override what they intercept. */
class DelegatingBlobStore implements BlobStore {
    private final BlobStore to;

    DelegatingBlobStore(BlobStore to) {
        this.to = to;
    }

    @Override
    public void put(String key, InputStream in, long size, String sha256) throws BlobException {
        to.put(key, in, size, sha256);
    }

    @Override
    public void put(String key, byte[] bytes, String sha256) throws BlobException {
        put(key, new java.io.ByteArrayInputStream(bytes), bytes.length, sha256);
    }

    @Override
    public Optional<InputStream> get(String key) throws BlobException {
        return to.get(key);
    }

    @Override
    public boolean exists(String key) throws BlobException {
        return to.exists(key);
    }

    @Override
    public void delete(String key) throws BlobException {
        to.delete(key);
    }

    @Override
    public long sweepTemporaries(long before) throws BlobException {
        return to.sweepTemporaries(before);
    }

    @Override
    public List<Listed> listed(String prefix, Optional<String> after, int limit) throws BlobException {
        return to.listed(prefix, after, limit);
    }

    @Override
    public String describe() {
        return to.describe();
    }

    @Override
    public void close() {
    }
}
