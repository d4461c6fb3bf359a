package dev.crashkit.server.store;

import dev.crashkit.server.PostgresSchema;
import dev.crashkit.server.blob.BlobStore;
import dev.crashkit.server.blob.DirectoryBlobStore;
import dev.crashkit.server.blob.LocalS3;
import java.nio.file.Path;
import java.util.UUID;

/**
 * Runs a store test on one database (sqlite, or postgresql in a schema of its own) with one blob store (dir:
 * a folder under {@code dir}; s3: a prefix of its own in the local S3 server), as the parameterized blob tests do.
 */
final class StoreMatrix {
    interface OnStore {
        void run(Database db, BlobStore store) throws Exception;
    }

    private StoreMatrix() {
    }

    static void on(Path dir, LocalS3 s3, String database, String store, String prefix, OnStore test) throws Exception {
        try (BlobStore blobs = store.equals("s3") ? s3.open(prefix + "-" + UUID.randomUUID())
                : new DirectoryBlobStore(dir.resolve("blobs"))) {
            if (database.equals("sqlite")) {
                try (Database db = Database.open("jdbc:sqlite:" + dir.resolve("t.db"), 4)) {
                    test.run(db, blobs);
                }
                return;
            }
            try (PostgresSchema schema = PostgresSchema.create(prefix.replace('-', '_'));
                 Database db = Database.open(schema.url(), 4)) {
                test.run(db, blobs);
            }
        }
    }
}
