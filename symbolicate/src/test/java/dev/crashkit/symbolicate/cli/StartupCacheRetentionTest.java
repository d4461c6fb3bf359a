package dev.crashkit.symbolicate.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributeView;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which start-up cache files the run writing a new one removes (StartupCacheRetention). */
class StartupCacheRetentionTest {
    private static final long NOW = System.currentTimeMillis();

    @Test
    void keepsTheRunningJarsFilesAndThoseOfTheThreeOtherJarsUsedLast(@TempDir Path dir) throws IOException {
        // Jar 1..5, each with an archive for two JDKs and an exec library; jar k last used k minutes ago,
        // by one file's access time for jar 2 (its files were written long ago).
        for (int k = 1; k <= 5; k++) {
            long written = k == 2 ? NOW - 600 * 60_000L : NOW - k * 60_000L;
            long read = k == 2 ? NOW - 2 * 60_000L : written;
            file(dir, "symbolicate-" + k + "-10-20-17.0.21.jsa", written, read);
            file(dir, "symbolicate-" + k + "-10-20-25.0.3.aot", written, written);
            file(dir, "symbolicate-" + k + "-10-20-exec-amd64.so", written, written);
        }
        // The running jar's, oldest of all (written an hour ago), and files that are not start-up caches.
        file(dir, "symbolicate-9-10-20-exec-amd64.so", NOW - 3_600_000L, NOW - 3_600_000L);
        file(dir, "symbolicate-notes.txt", NOW - 3_600_000L, NOW - 3_600_000L);
        Files.createDirectories(dir.resolve("symcache"));
        Files.createDirectories(dir.resolve("symbolicate-7-10-20-17.jsa"));

        List<Path> deleted = StartupCacheRetention.prune(dir, "symbolicate-9-10-20");

        assertEquals(List.of("symbolicate-4-10-20-17.0.21.jsa", "symbolicate-4-10-20-25.0.3.aot",
                "symbolicate-4-10-20-exec-amd64.so", "symbolicate-5-10-20-17.0.21.jsa", "symbolicate-5-10-20-25.0.3.aot",
                "symbolicate-5-10-20-exec-amd64.so"),
                deleted.stream().map(p -> p.getFileName().toString()).sorted().toList());
        try (Stream<Path> left = Files.list(dir)) {
            assertEquals(List.of("symbolicate-1-10-20-17.0.21.jsa", "symbolicate-1-10-20-25.0.3.aot",
                    "symbolicate-1-10-20-exec-amd64.so", "symbolicate-2-10-20-17.0.21.jsa", "symbolicate-2-10-20-25.0.3.aot",
                    "symbolicate-2-10-20-exec-amd64.so", "symbolicate-3-10-20-17.0.21.jsa", "symbolicate-3-10-20-25.0.3.aot",
                    "symbolicate-3-10-20-exec-amd64.so", "symbolicate-7-10-20-17.jsa", "symbolicate-9-10-20-exec-amd64.so",
                    "symbolicate-notes.txt", "symcache"),
                    left.map(p -> p.getFileName().toString()).sorted().toList());
        }
    }

    @Test
    void aFolderThatIsMissingDeletesNothing(@TempDir Path dir) {
        assertEquals(List.of(), StartupCacheRetention.prune(dir.resolve("none"), "symbolicate-1-2-3"));
    }

    private static void file(Path dir, String name, long modified, long accessed) throws IOException {
        Path f = Files.createFile(dir.resolve(name));
        Files.getFileAttributeView(f, BasicFileAttributeView.class).setTimes(FileTime.fromMillis(modified),
                FileTime.fromMillis(accessed), null);
    }
}
