package dev.crashkit.symbolicate.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.crashkit.core.CrashkitException;
import dev.crashkit.symbolicate.locate.ArchiveLimits;
import dev.crashkit.symbolicate.locate.Archives;
import dev.crashkit.core.Diagnostics;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * Archives given as {@code --dsym} (zip, tar, tar.gz) are indexed, their Mach-O members extracted, and
 * (as {@code batch} reads archives of reports) every member read to its end. Only
 * {@link CrashkitException} naming the archive may escape; warnings are one line; nothing outlives
 * the CPU and allocation budget, whatever sizes the archive declares.
 */
class ArchivesFuzzTest {

    /** Small limits: a member may expand to 1 MiB, so refusals are reached within the budget. */
    private static final ArchiveLimits LIMITS = new ArchiveLimits(1 << 20, 1000, 1000);

    /**
     * Decompression buffers plus at most a few members of 1 MiB each. While fuzzing, Jazzer's hooks inside
     * the inflaters allocate about 20× what the code does (index/findings/tgz-1k-expanding-within-budget:
     * 30 MB plain, 620 MB instrumented), so the fuzzing factor here is 32, not 16.
     */
    private static final FuzzContract.Budget BUDGET = new FuzzContract.Budget(32L << 20, 512, 32);

    private static final Path DIR = tempDir();
    private static final Path ARCHIVE = DIR.resolve("input.archive");
    private static final Path EXTRACTED = DIR.resolve("member.out");

    private static Path tempDir() {
        try {
            Path d = Files.createTempDirectory("crashkit-fuzz-archives");
            d.toFile().deleteOnExit();
            return d;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @FuzzTest
    void index(byte[] input) throws IOException {
        Files.write(ARCHIVE, input);
        byte[] head = Arrays.copyOf(input, Math.min(input.length, 512));
        Diagnostics oneLine = m -> {
            if (m.indexOf('\n') >= 0 || m.indexOf('\r') >= 0) {
                FuzzContract.fail("multi-line warning: " + m);
            }
            // Issue 32: a bug of ours caught as a "corrupt member" warning is still a bug (the peek of
            // a truncated fat header indexed past its bytes): our own code names the problem instead.
            if (m.contains("java.lang.IndexOutOfBounds") || m.contains("java.lang.ArrayIndexOutOfBounds")
                    || m.contains("java.lang.NegativeArraySize")) {
                FuzzContract.fail("warning names an exception of ours: " + m);
            }
        };
        FuzzContract.check(input.length, BUDGET, CrashkitException.class, () -> {
            if (!Archives.matches(head)) {
                return; // the CLI only treats files with an archive signature as archives
            }
            try {
                for (Archives.Listed l : Archives.list(ARCHIVE, head, LIMITS, oneLine)) {
                    Files.deleteIfExists(EXTRACTED);
                    Archives.extract(l.member(), EXTRACTED, LIMITS);
                }
                Archives.forEachMember(ARCHIVE, head, LIMITS, oneLine, (member, in) -> drain(in));
            } catch (CrashkitException e) {
                FuzzContract.requireNamed(e, ARCHIVE.toString());
                throw e;
            } finally {
                Files.deleteIfExists(EXTRACTED);
            }
        });
    }

    /** One buffer for all members: the harness must not charge the code under test for its own allocation. */
    private static final byte[] SINK = new byte[1 << 16];

    private static void drain(InputStream in) throws IOException {
        while (in.read(SINK) >= 0) {
            // a reader of the member consumes it all
        }
    }
}
