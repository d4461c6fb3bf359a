package dev.crashkit.testkit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * The one place that locates test data. Everything tests and benchmarks read lives in the repository:
 * our own fixtures under {@code testdata/}, third-party ones under {@code testdata/third-party/<source>/}.
 * The repository root is found by walking up from the working directory to the first directory that
 * holds {@code testdata/}, so tests work from any module directory and in any checkout (a fresh clone
 * needs nothing beside it). A missing file fails loudly with an {@link AssertionError} naming it, so a
 * test can never pass or skip because its input is absent.
 */
public final class TestData {
    static final String TESTDATA = "testdata";
    static final String THIRD_PARTY = "third-party";

    private static volatile Path root;

    private TestData() {
    }

    /** The repository root: the nearest directory at or above the working directory holding {@code testdata/}. */
    public static Path root() {
        Path r = root;
        if (r == null) {
            r = findRoot(Path.of("").toAbsolutePath());
            root = r;
        }
        return r;
    }

    /** Root search from {@code start} upwards; package-private for its test. */
    static Path findRoot(Path start) {
        for (Path p = start; p != null; p = p.getParent()) {
            if (Files.isDirectory(p.resolve(TESTDATA))) {
                return p;
            }
        }
        throw new AssertionError("no " + TESTDATA + "/ directory at or above " + start
                + ": run the tests from inside the crashkit repository");
    }

    /** An existing file or directory under {@code testdata/}, e.g. {@code file("macho/App-arm64")}. */
    public static Path file(String relative) {
        return existing(root().resolve(TESTDATA).resolve(relative));
    }

    /** An existing file or directory under {@code testdata/third-party/}, e.g. {@code thirdParty("kscrash/test-resources/oom.json")}. */
    public static Path thirdParty(String relative) {
        return existing(root().resolve(TESTDATA).resolve(THIRD_PARTY).resolve(relative));
    }

    /** An existing file anywhere in the repository, e.g. a C fixture source beside a module's tests. */
    public static Path repoFile(String relative) {
        return existing(root().resolve(relative));
    }

    /** The regular files directly in {@code dir} whose name ends in {@code suffix}, sorted; fails when there are none. */
    public static List<Path> filesIn(Path dir, String suffix) {
        if (!Files.isDirectory(dir)) {
            throw new AssertionError("missing test data directory " + dir.toAbsolutePath().normalize());
        }
        try (Stream<Path> s = Files.list(dir)) {
            List<Path> out = s.filter(Files::isRegularFile)
                    .filter(p -> p.getFileName().toString().endsWith(suffix)).sorted().toList();
            if (out.isEmpty()) {
                throw new AssertionError("no *" + suffix + " files in test data directory " + dir);
            }
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list test data directory " + dir, e);
        }
    }

    static Path existing(Path p) {
        if (!Files.exists(p)) {
            throw new AssertionError("missing test data file " + p.toAbsolutePath().normalize()
                    + " (every fixture is committed under " + TESTDATA + "/; see its SOURCES.md or build script)");
        }
        return p;
    }
}
