package dev.crashkit.server.store;

import dev.crashkit.server.blob.BlobException;
import dev.crashkit.server.blob.BlobKeys;
import java.io.IOException;
import java.util.List;

/** Deletes local copies of debug files, as the server's cleanup does without a blob store (worker.Cleanup). */
final class LocalDebugFilesTarget implements BlobDeletions.Target {
    private final DebugFileStore files;

    LocalDebugFilesTarget(DebugFileStore files) {
        this.files = files;
    }

    @Override
    public List<String> prefixes() {
        return List.of(BlobKeys.DEBUG_FILES);
    }

    @Override
    public void delete(String key) throws BlobException {
        try {
            files.dropLocal(BlobKeys.sha256Of(key));
        } catch (IOException e) {
            throw new BlobException(e.getMessage(), e);
        }
    }

    @Override
    public String describe() {
        return "the debug files folder";
    }
}
