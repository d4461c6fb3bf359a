package dev.crashkit.spark;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

/** Test inputs; a missing one fails the test instead of skipping it. */
final class TestFiles {
    private TestFiles() {
    }

    /** A file under the repository's {@code testdata/}. */
    static Path testdata(String relative) {
        return existing(Path.of("testdata").resolve(relative));
    }

    /**
     * The Sentry CrashProbe reports and dSYMs: {@code testdata/third-party/sentry-crashprobe} once
     * the corpus is copied into the repository, until then the shared corpus
     * ({@code -Dcrashkit.corpus=DIR}, default {@code ../shared/corpus}) as the symbolicator's tests use.
     */
    static Path crashProbe() {
        Path inRepo = Path.of("testdata", "third-party", "sentry-crashprobe");
        if (Files.isDirectory(inRepo)) {
            return inRepo;
        }
        return existing(Path.of(System.getProperty("crashkit.corpus", "../shared/corpus")).resolve("sentry-crashprobe"));
    }

    private static Path existing(Path p) {
        assertTrue(Files.exists(p), "missing fixture " + p.toAbsolutePath().normalize());
        return p;
    }
}
