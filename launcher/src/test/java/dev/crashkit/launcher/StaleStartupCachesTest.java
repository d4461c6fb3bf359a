package dev.crashkit.launcher;

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

/** Which start-up cache files the run writing a new one removes (StaleStartupCaches). */
class StaleStartupCachesTest {
    private static final long NOW = System.currentTimeMillis();

    /** The symbolicate command's files: archives and AOT caches per JDK, the exec library; the jar's stem alone. */
    @Test
    void keepsTheRunningJarsFilesAndThoseOfTheThreeOtherJarsUsedLast(@TempDir Path dir) throws IOException {
        // Jar 1..5, each with an archive for two JDKs and an exec library.
        fiveJars(dir, "symbolicate-", "-17.0.21.jsa", "-25.0.3.aot", "-exec-amd64.so");
        // The running jar's, oldest of all (written an hour ago), and files that are not start-up caches.
        file(dir, "symbolicate-9-10-20-exec-amd64.so", NOW - 3_600_000L, NOW - 3_600_000L);
        file(dir, "symbolicate-notes.txt", NOW - 3_600_000L, NOW - 3_600_000L);
        file(dir, "crashkit-spark-1-10-20-17.0.21.jsa", NOW - 3_600_000L, NOW - 3_600_000L);
        Files.createDirectories(dir.resolve("symcache"));
        Files.createDirectories(dir.resolve("symbolicate-7-10-20-17.jsa"));

        List<Path> deleted = StaleStartupCaches.prune(dir, "symbolicate-", "symbolicate-9-10-20");

        assertEquals(List.of("symbolicate-4-10-20-17.0.21.jsa", "symbolicate-4-10-20-25.0.3.aot",
                "symbolicate-4-10-20-exec-amd64.so", "symbolicate-5-10-20-17.0.21.jsa", "symbolicate-5-10-20-25.0.3.aot",
                "symbolicate-5-10-20-exec-amd64.so"), names(deleted.stream()));
        try (Stream<Path> left = Files.list(dir)) {
            assertEquals(List.of("crashkit-spark-1-10-20-17.0.21.jsa", "symbolicate-1-10-20-17.0.21.jsa",
                    "symbolicate-1-10-20-25.0.3.aot", "symbolicate-1-10-20-exec-amd64.so", "symbolicate-2-10-20-17.0.21.jsa",
                    "symbolicate-2-10-20-25.0.3.aot", "symbolicate-2-10-20-exec-amd64.so", "symbolicate-3-10-20-17.0.21.jsa",
                    "symbolicate-3-10-20-25.0.3.aot", "symbolicate-3-10-20-exec-amd64.so", "symbolicate-7-10-20-17.jsa",
                    "symbolicate-9-10-20-exec-amd64.so", "symbolicate-notes.txt", "symcache"), names(left));
        }
    }

    /** The Spark job's files: archives per JDK and training markers; the running jar's stem with its runtime. */
    @Test
    void theRunningJarIsKnownByItsStemWithTheRuntimeToo(@TempDir Path dir) throws IOException {
        // Jars 1..5, each with an archive for two JDKs.
        fiveJars(dir, "crashkit-spark-", "-17.0.21.jsa", "-25.0.3.jsa");
        // The running jar's (oldest of all), a training marker of jar 5, files that are no archives, a folder.
        file(dir, "crashkit-spark-9-10-20-17.0.21.jsa", NOW - 3_600_000L, NOW - 3_600_000L);
        file(dir, "crashkit-spark-5-10-20-17.0.21.training", NOW - 5 * 60_000L, NOW - 5 * 60_000L);
        file(dir, "crashkit-spark-notes.txt", NOW - 3_600_000L, NOW - 3_600_000L);
        file(dir, "symbolicate-1-10-20-17.0.21.jsa", NOW - 3_600_000L, NOW - 3_600_000L);
        Files.createDirectories(dir.resolve("crashkit-spark-7-10-20-17.training-out-5"));

        List<Path> deleted = StaleStartupCaches.prune(dir, "crashkit-spark-", "crashkit-spark-9-10-20-17.0.21");

        assertEquals(List.of("crashkit-spark-4-10-20-17.0.21.jsa", "crashkit-spark-4-10-20-25.0.3.jsa",
                "crashkit-spark-5-10-20-17.0.21.jsa", "crashkit-spark-5-10-20-17.0.21.training",
                "crashkit-spark-5-10-20-25.0.3.jsa"), names(deleted.stream()));
        try (Stream<Path> left = Files.list(dir)) {
            assertEquals(List.of("crashkit-spark-1-10-20-17.0.21.jsa", "crashkit-spark-1-10-20-25.0.3.jsa",
                    "crashkit-spark-2-10-20-17.0.21.jsa", "crashkit-spark-2-10-20-25.0.3.jsa",
                    "crashkit-spark-3-10-20-17.0.21.jsa", "crashkit-spark-3-10-20-25.0.3.jsa",
                    "crashkit-spark-7-10-20-17.training-out-5", "crashkit-spark-9-10-20-17.0.21.jsa",
                    "crashkit-spark-notes.txt", "symbolicate-1-10-20-17.0.21.jsa"), names(left));
        }
    }

    @Test
    void aFolderThatIsMissingDeletesNothing(@TempDir Path dir) {
        assertEquals(List.of(), StaleStartupCaches.prune(dir.resolve("none"), "symbolicate-", "symbolicate-1-2-3"));
        assertEquals(List.of(), StaleStartupCaches.prune(dir.resolve("none"), "crashkit-spark-", "crashkit-spark-1-2-3"));
    }

    private static List<String> names(Stream<Path> files) {
        return files.map(p -> p.getFileName().toString()).sorted().toList();
    }

    /**
     * The files {@code prefix K-10-20 SUFFIX} of jars K = 1..5, jar K last used K minutes ago: by its
     * files' modification time, but for jar 2, written long ago and used by a read of its first file.
     */
    private static void fiveJars(Path dir, String prefix, String... suffixes) throws IOException {
        for (int k = 1; k <= 5; k++) {
            long written = k == 2 ? NOW - 600 * 60_000L : NOW - k * 60_000L;
            long read = k == 2 ? NOW - 2 * 60_000L : written;
            for (int i = 0; i < suffixes.length; i++) {
                file(dir, prefix + k + "-10-20" + suffixes[i], written, i == 0 ? read : written);
            }
        }
    }

    private static void file(Path dir, String name, long modified, long accessed) throws IOException {
        Path f = Files.createFile(dir.resolve(name));
        Files.getFileAttributeView(f, BasicFileAttributeView.class).setTimes(FileTime.fromMillis(modified),
                FileTime.fromMillis(accessed), null);
    }
}
