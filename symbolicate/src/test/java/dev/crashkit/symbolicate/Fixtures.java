package dev.crashkit.symbolicate;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

/** Paths of test inputs; a missing fixture fails the test instead of skipping it. */
public final class Fixtures {
    private Fixtures() {
    }

    /** A file under the repository's {@code testdata/}. */
    public static Path testdata(String relative) {
        return existing(Path.of("testdata").resolve(relative));
    }

    /** A file under the shared third-party corpus ({@code ../shared/corpus}). */
    public static Path corpus(String relative) {
        return existing(Path.of("..", "shared", "corpus").resolve(relative));
    }

    private static Path existing(Path p) {
        assertTrue(Files.exists(p), "missing fixture " + p.toAbsolutePath().normalize());
        return p;
    }
}
