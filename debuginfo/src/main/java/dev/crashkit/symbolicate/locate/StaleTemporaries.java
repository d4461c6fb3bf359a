package dev.crashkit.symbolicate.locate;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;

/**
 * Removes the temporary files a killed run left in a cache folder: a file is written under a temporary
 * name and renamed into place, so a run stopped in between (Ctrl-C, a crash, a killed server) leaves the
 * temporary file behind for good. Only files not modified for {@link #AGE}: a younger one may be another
 * process's write going on now (runs sharing a cache folder write under names of their own).
 */
public final class StaleTemporaries {
    /** How long untouched a temporary file must be to be someone's leftover rather than a write in progress. */
    public static final Duration AGE = Duration.ofDays(1);

    private StaleTemporaries() {
    }

    /**
     * Deletes the regular files directly in {@code folder} whose names match {@code glob} (a
     * {@link java.nio.file.FileSystem#getPathMatcher glob}) and that were last modified before {@code now}
     * less {@link #AGE}. Harmless when it cannot: temporary files are never read.
     *
     * @return how many were deleted
     */
    public static int remove(Path folder, String glob, Instant now) {
        long cutoff = now.minus(AGE).toEpochMilli();
        int removed = 0;
        try (DirectoryStream<Path> files = Files.newDirectoryStream(folder, glob)) {
            for (Path p : files) {
                try {
                    if (Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)
                            && Files.getLastModifiedTime(p, LinkOption.NOFOLLOW_LINKS).toMillis() < cutoff
                            && Files.deleteIfExists(p)) {
                        removed++;
                    }
                } catch (NoSuchFileException gone) {
                    // renamed into place or removed by another run meanwhile
                }
            }
        } catch (IOException | java.io.UncheckedIOException | SecurityException e) {
            // An unreadable folder: the files stay, nothing else depends on it.
        }
        return removed;
    }
}
