package dev.crashkit.symbolicator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.crashkit.symbolicate.locate.MemberStore;
import dev.crashkit.symbolicate.locate.StaleTemporaries;
import dev.crashkit.testkit.TestData;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.apache.commons.compress.archivers.zip.ZipArchiveEntry;
import org.apache.commons.compress.archivers.zip.ZipArchiveOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run killed between writing a cache-folder file under its temporary name and renaming it leaves the
 * temporary file for good (a symbol cache or an extracted member can be hundreds of MB). The next run that
 * writes the same kind of file removes those a day old, and never a younger one (another run's write).
 */
class StaleTemporariesTest {
    @TempDir
    Path tmp;

    private static Path leftover(Path file, Duration age) throws IOException {
        Files.createDirectories(file.getParent());
        Files.writeString(file, "half written");
        Files.setLastModifiedTime(file, FileTime.from(Instant.now().minus(age)));
        return file;
    }

    @Test
    void onlyOldFilesOfTheNamedKindGo() throws Exception {
        Path old = leftover(tmp.resolve("a.1234.part"), Duration.ofDays(2));
        Path young = leftover(tmp.resolve("b.5678.part"), Duration.ofHours(20));
        Path other = leftover(tmp.resolve("c.symc"), Duration.ofDays(30));
        Path folder = Files.createDirectories(tmp.resolve("d.part"));
        Files.setLastModifiedTime(folder, FileTime.from(Instant.now().minus(Duration.ofDays(30))));
        Path target = leftover(tmp.resolve("elsewhere/e"), Duration.ofDays(30));
        Path link = Files.createSymbolicLink(tmp.resolve("f.part"), target);

        assertEquals(1, StaleTemporaries.remove(tmp, "*.part", Instant.now()));
        assertFalse(Files.exists(old));
        assertTrue(Files.exists(young) && Files.exists(other) && Files.isDirectory(folder));
        assertTrue(Files.isSymbolicLink(link) && Files.exists(target), "a link is not followed nor removed");
        assertEquals(0, StaleTemporaries.remove(tmp.resolve("missing"), "*.part", Instant.now()));
    }

    @Test
    void aRunThatWritesCachesRemovesWhatKilledRunsLeft() throws Exception {
        // The debug file inside an archive: the run extracts a member, builds a symbol cache, saves the index.
        Path zip = tmp.resolve("uploads/App.dSYM.zip");
        Files.createDirectories(zip.getParent());
        try (ZipArchiveOutputStream z = new ZipArchiveOutputStream(zip)) {
            z.putArchiveEntry(new ZipArchiveEntry("App.dSYM/Contents/Resources/DWARF/App"));
            z.write(Files.readAllBytes(TestData.file("macho/App-arm64.dSYM/Contents/Resources/DWARF/App-arm64")));
            z.closeArchiveEntry();
        }
        Path cache = tmp.resolve("cache");
        Path members = cache.resolve(MemberStore.FOLDER);
        Duration old = Duration.ofDays(3);
        Duration young = Duration.ofMinutes(5);
        List<Path> stale = List.of(
                leftover(cache.resolve("symcache/.tmp-81726354.symc"), old),
                leftover(members.resolve("ab12.0f1e2d3c-0000-4000-8000-000000000000.part"), old),
                leftover(members.resolve(MemberStore.SOURCES).resolve("ab12.0f1e2d3c-0000-4000-8000-000000000001.part"), old),
                leftover(cache.resolve("debug-file-index-v1.json7261.tmp"), old));
        List<Path> inProgress = List.of(
                leftover(cache.resolve("symcache/.tmp-99.symc"), young),
                leftover(members.resolve("cd34.0f1e2d3c-0000-4000-8000-000000000002.part"), young),
                leftover(cache.resolve("debug-file-index-v1.json8.tmp"), young));

        SymbolicatorConfig config = SymbolicatorConfig.defaults().withDebugFiles(List.of(zip))
                .withCacheFolder(Optional.of(cache)).withSymbolCache(SymbolCachePolicy.BUILD_ON_FIRST_USE);
        try (Symbolicator s = Symbolicator.open(config)) {
            Symbolication r = s.symbolicate(TestData.file("reports/sample-crash.json"));
            assertTrue(r.images().stream().anyMatch(i -> i instanceof ImageOutcome.Matched), r.images().toString());
        }
        try (var caches = Files.list(cache.resolve("symcache"))) {
            assertTrue(caches.anyMatch(p -> p.getFileName().toString().endsWith(".symc")
                    && !p.getFileName().toString().startsWith(".tmp-")), "a symbol cache was built");
        }
        for (Path p : stale) {
            assertFalse(Files.exists(p), p + " left by a killed run is still there");
        }
        for (Path p : inProgress) {
            assertTrue(Files.exists(p), p + " may be another run's write in progress: it must stay");
        }
    }
}
