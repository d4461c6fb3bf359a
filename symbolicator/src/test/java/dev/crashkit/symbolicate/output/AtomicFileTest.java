package dev.crashkit.symbolicate.output;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A file written by {@link AtomicFile} holds exactly what its content wrote, whether it fits the
 * thread's buffer ({@link WholeFileOutput}: one write when complete) or is written in pieces; content
 * that fails leaves neither the file nor its temporary file behind.
 */
class AtomicFileTest {

    @Test
    void contentThatFitsTheBufferIsWrittenExactly(@TempDir Path dir) throws IOException {
        byte[] bytes = random(125_000, 1);
        Path target = dir.resolve("r.json");
        AtomicFile.writeBytes(target, out -> {
            for (int at = 0; at < bytes.length; at += 32_768) { // as PrettyJson hands over its buffer
                out.write(bytes, at, Math.min(32_768, bytes.length - at));
            }
        });
        assertArrayEquals(bytes, Files.readAllBytes(target));
        assertEquals(List.of(target), listing(dir));
    }

    @Test
    void contentLongerThanTheBufferIsWrittenInPieces(@TempDir Path dir) throws IOException {
        byte[] bytes = random(3 * WholeFileOutput.BUFFER_BYTES + 17, 2);
        Path target = dir.resolve("big.json");
        AtomicFile.writeBytes(target, out -> {
            int at = 0;
            for (int step = 1; at < bytes.length; step = step * 7 % 100_003 + 1) { // uneven pieces
                int n = Math.min(step, bytes.length - at);
                if (n == 1) {
                    out.write(bytes[at]);
                } else {
                    out.write(bytes, at, n);
                }
                at += n;
            }
        });
        assertArrayEquals(bytes, Files.readAllBytes(target));
        assertEquals(List.of(target), listing(dir));
    }

    @Test
    void aThreadsBufferServesTheNextFileFromItsStart(@TempDir Path dir) throws IOException {
        byte[] first = random(200_000, 3);
        byte[] second = random(1_000, 4);
        AtomicFile.writeBytes(dir.resolve("a"), out -> out.write(first));
        AtomicFile.writeBytes(dir.resolve("b"), out -> out.write(second));
        AtomicFile.writeBytes(dir.resolve("c"), out -> {
        });
        assertArrayEquals(first, Files.readAllBytes(dir.resolve("a")));
        assertArrayEquals(second, Files.readAllBytes(dir.resolve("b")));
        assertEquals(0, Files.size(dir.resolve("c")));
    }

    @Test
    void textThatClosesItsWriterIsWrittenAsUtf8(@TempDir Path dir) throws IOException {
        String text = "crash in ünïcödé 函数 \uD83D\uDE00\n".repeat(20_000); // longer than the buffer
        Path target = dir.resolve("summary.json");
        AtomicFile.write(target, w -> w.write(text));
        assertEquals(text, Files.readString(target, StandardCharsets.UTF_8));
    }

    @Test
    void anExistingFileIsReplaced(@TempDir Path dir) throws IOException {
        Path target = Files.writeString(dir.resolve("r.json"), "old and longer than the new content");
        AtomicFile.writeBytes(target, out -> out.write("new".getBytes(StandardCharsets.US_ASCII)));
        assertEquals("new", Files.readString(target));
        assertEquals(List.of(target), listing(dir));
    }

    @Test
    void failingContentLeavesNothingBehind(@TempDir Path dir) throws IOException {
        for (int size : new int[] {0, 10, 2 * WholeFileOutput.BUFFER_BYTES + 5}) {
            Path target = dir.resolve("r" + size + ".json");
            IOException e = assertThrows(IOException.class, () -> AtomicFile.writeBytes(target, out -> {
                out.write(new byte[size]);
                throw new IOException("rendering failed");
            }));
            assertEquals("rendering failed", e.getMessage());
            assertFalse(Files.exists(target));
        }
        assertEquals(List.of(), listing(dir));
        // The thread's buffer is whole again after the failures.
        byte[] bytes = random(5_000, 5);
        AtomicFile.writeBytes(dir.resolve("after"), out -> out.write(bytes));
        assertArrayEquals(bytes, Files.readAllBytes(dir.resolve("after")));
    }

    private static byte[] random(int n, long seed) {
        byte[] b = new byte[n];
        new Random(seed).nextBytes(b);
        return b;
    }

    private static List<Path> listing(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.sorted().toList();
        }
    }
}
