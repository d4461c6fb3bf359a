package dev.crashkit.symbolicate.sources;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.fail;

import dev.crashkit.symbolicate.Fixtures;
import dev.crashkit.core.CrashkitException;
import dev.crashkit.symbolicate.locate.SliceId;
import dev.crashkit.core.model.DebugId;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * Hostile downloads: truncated and byte-mutated copies of real debug files (fixed seed, so a
 * failure reproduces). The verifier either accepts the file as the identity asked for or refuses
 * it with a one-line {@link CrashkitException}; nothing else escapes, nothing hangs.
 */
class DownloadVerifierFuzzTest {
    private static final int ROUNDS = 300;

    @TempDir
    Path tmp;

    @ParameterizedTest
    @CsvSource({
        "macho/App-arm64.dSYM/Contents/Resources/DWARF/App-arm64, 4C4C44F2-5555-3144-A157-E368F8FB0F1A",
        "macho/App-arm64, 4C4C44F2-5555-3144-A157-E368F8FB0F1A",
        "macho/App-fat, 4C4C4463-5555-3144-A1C1-2E82831FEA10",
        "elf/debug/app-gcc.debug, 61372c34a6019eb2023a01e75d65249c5e528fb1",
        "elf/bin/app-gcc, 61372c34a6019eb2023a01e75d65249c5e528fb1",
    })
    void mutatedFilesAreAcceptedAsTheRightIdentityOrRefusedCleanly(String fixture, String id) throws Exception {
        byte[] original = Files.readAllBytes(Fixtures.testdata(fixture));
        DebugId wanted = DebugId.parse(id).orElseThrow();
        Path file = tmp.resolve("download.part");
        Files.write(file, original);
        assertEquals(wanted, DownloadVerifier.verify(file, wanted).id(), "the intact file verifies");
        Random rnd = new Random(fixture.hashCode());
        for (int round = 0; round < ROUNDS; round++) {
            byte[] b;
            if (round % 3 == 0) {
                b = java.util.Arrays.copyOf(original, rnd.nextInt(original.length));
            } else {
                b = original.clone();
                int flips = 1 + rnd.nextInt(8);
                for (int i = 0; i < flips; i++) {
                    // Mostly in the headers and load commands, where the structure is decided.
                    int at = rnd.nextInt(4) == 0 ? rnd.nextInt(b.length) : rnd.nextInt(Math.min(b.length, 2048));
                    b[at] = (byte) rnd.nextInt(256);
                }
            }
            Files.write(file, b);
            int r = round;
            assertTimeoutPreemptively(Duration.ofSeconds(5), () -> {
                try {
                    SliceId s = DownloadVerifier.verify(file, wanted);
                    assertEquals(wanted, s.id(), "round " + r + ": accepted a file of another identity");
                } catch (CrashkitException e) {
                    assertFalse(e.getMessage() == null || e.getMessage().isBlank() || e.getMessage().contains("\n"),
                            "round " + r + ": message must be one line: " + e.getMessage());
                } catch (RuntimeException e) {
                    fail("round " + r + ": " + e, e);
                }
            });
        }
    }
}
