package dev.crashkit.server.blob;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Where raw reports and debug files live when every server instance must read them ({@code --blob-store
 * DIR} or {@code s3://BUCKET/PREFIX}). Keys are content addresses ({@link BlobKeys}): a blob never changes
 * once written, so a repeated put of the same key may skip the upload, and readers verify what they get
 * against the key's SHA-256.
 *
 * <p>{@code put} returns only once the bytes are durable (fsynced and renamed into place; S3's
 * acknowledged PUT): ingest puts the blob first and commits the database row after, so a row never points
 * to a missing blob; a blob without a row (a crash between the two) is harmless and cleaned up later by
 * listing and deleting.
 */
public interface BlobStore extends AutoCloseable {

    /**
     * Stores exactly {@code size} bytes of {@code in} under {@code key}, durable when this returns.
     *
     * @param sha256 lower-case hex SHA-256 of the bytes: checked, and the put refused if they differ
     * @throws BlobException when the store is unreachable or refuses, or the bytes are not what was said
     */
    void put(String key, InputStream in, long size, String sha256) throws BlobException;

    /** As {@link #put(String, InputStream, long, String)}, from memory. */
    default void put(String key, byte[] bytes, String sha256) throws BlobException {
        put(key, new ByteArrayInputStream(bytes), bytes.length, sha256);
    }

    /** As {@link #put(String, InputStream, long, String)}, from a file (S3 uploads a large one in parts). */
    default void put(String key, Path file, String sha256) throws BlobException {
        try (InputStream in = Files.newInputStream(file)) {
            put(key, in, Files.size(file), sha256);
        } catch (BlobException e) {
            throw e;
        } catch (IOException e) {
            throw new BlobException("cannot read " + file + " to store it as " + key + ": " + e.getMessage(), e);
        }
    }

    /** The blob's bytes (the caller closes the stream), or empty when there is none under {@code key}. */
    Optional<InputStream> get(String key) throws BlobException;

    boolean exists(String key) throws BlobException;

    /** Removes the blob; nothing under {@code key} is no error. */
    void delete(String key) throws BlobException;

    /**
     * Up to {@code limit} keys starting with {@code prefix}, in ascending order, each after {@code after}
     * when given: page through a large store by passing the last key of one page to the next call.
     */
    default List<String> list(String prefix, Optional<String> after, int limit) throws BlobException {
        return listed(prefix, after, limit).stream().map(Listed::key).toList();
    }

    /** A blob as a listing shows it: its key and when it was last written (epoch milliseconds). */
    record Listed(String key, long modifiedMillis) {
    }

    /**
     * As {@link #list}, with each blob's modification time; one page (at most {@code limit} entries) in
     * memory, whatever the size of the store.
     */
    List<Listed> listed(String prefix, Optional<String> after, int limit) throws BlobException;

    /**
     * Deletes what puts that never finished left behind (a folder store's temporary files, an S3 store's
     * unfinished multipart uploads) when last written or begun before {@code before}; how many.
     */
    default long sweepTemporaries(long before) throws BlobException {
        return 0;
    }

    /** What the store is, for logs and errors: its kind and location, never credentials. */
    String describe();

    @Override
    void close();
}
