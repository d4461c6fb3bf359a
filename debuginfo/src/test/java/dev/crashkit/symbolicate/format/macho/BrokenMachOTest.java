package dev.crashkit.symbolicate.format.macho;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.crashkit.core.ObjectFormatException;
import dev.crashkit.symbolicate.symtab.SymbolTables;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Truncated, corrupt and random-mutated Mach-O files: a one-line error naming the file, never a hang or other exception. */
class BrokenMachOTest {

    static Stream<Path> brokenFiles() throws IOException {
        Path dir = Path.of("testdata", "macho", "broken");
        return Files.readAllLines(dir.resolve("BROKEN.tsv")).stream()
                .filter(l -> !l.startsWith("#") && !l.isBlank())
                .map(l -> dir.resolve(l.split("\t")[0]));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("brokenFiles")
    void brokenFileFailsCleanly(Path file) {
        assertTrue(Files.exists(file), "listed in BROKEN.tsv but missing: " + file);
        assertTimeoutPreemptively(Duration.ofSeconds(10), () -> {
            ObjectFormatException e = null;
            try {
                fullyRead(file);
            } catch (ObjectFormatException ex) {
                e = ex;
            }
            assertTrue(e != null, file + " was accepted as a whole");
            assertTrue(e.getMessage().startsWith(file.toString()), e.getMessage());
            assertFalse(e.getMessage().contains("\n"), e.getMessage());
        });
    }

    /** Flip random bytes in the header/load commands of a real binary; every outcome must be a clean one. */
    @Test
    void mutatedHeadersNeverEscapeAsOtherExceptions(@TempDir Path dir) throws IOException {
        byte[] original = Files.readAllBytes(Path.of("testdata", "macho", "App-arm64"));
        SplittableRandom rnd = new SplittableRandom(20261121);
        Path f = dir.resolve("mutant");
        assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
            for (int i = 0; i < 400; i++) {
                byte[] b = original.clone();
                int flips = 1 + rnd.nextInt(4);
                for (int k = 0; k < flips; k++) {
                    int pos = rnd.nextInt(Math.min(b.length, 2048));
                    b[pos] = (byte) rnd.nextInt(256);
                }
                Files.write(f, b);
                try {
                    fullyRead(f);
                } catch (ObjectFormatException expected) {
                    assertFalse(expected.getMessage().contains("\n"));
                }
            }
        });
    }

    private static void fullyRead(Path file) throws ObjectFormatException {
        MachOFile mf = MachOFile.open(file);
        for (MachOImage s : mf.slices()) {
            SymbolTables.build(s);
        }
    }
}
