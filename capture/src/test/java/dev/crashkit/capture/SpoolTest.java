package dev.crashkit.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.crashkit.capture.spool.Spool;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SpoolTest {
    @TempDir
    Path dir;

    @Test
    void writesWholeReportsOldestFirst() throws IOException {
        Spool s = new Spool(dir);
        Path a = s.write(out -> out.write("{\"a\":1}".getBytes(StandardCharsets.UTF_8)));
        Path b = s.write(out -> out.write("{\"b\":2}".getBytes(StandardCharsets.UTF_8)));
        assertEquals(List.of(a, b), s.pending());
        assertEquals("{\"a\":1}", Files.readString(a));
        s.remove(a);
        assertEquals(List.of(b), s.pending());
    }

    @Test
    void aFailedWriteLeavesNothingBehind() throws IOException {
        Spool s = new Spool(dir);
        assertThrows(IOException.class, () -> s.write(out -> {
            out.write("{\"half".getBytes(StandardCharsets.UTF_8));
            throw new IOException("disk full");
        }));
        assertEquals(List.of(), s.pending());
        try (var files = Files.list(dir)) {
            assertEquals(0, files.count());
        }
    }

    @Test
    void aPartialFileOfAKilledWriterIsDroppedNotUploaded() throws IOException {
        Files.writeString(dir.resolve(".123-x.part"), "{\"trunc");
        Files.setLastModifiedTime(dir.resolve(".123-x.part"),
                java.nio.file.attribute.FileTime.fromMillis(System.currentTimeMillis() - 120_000));
        Files.writeString(dir.resolve(".456-y.part"), "{\"being written");
        Spool s = new Spool(dir);
        assertEquals(List.of(), s.pending());
        assertTrue(Files.notExists(dir.resolve(".123-x.part")));
        assertTrue(Files.exists(dir.resolve(".456-y.part")), "a young .part may be a write in progress");
    }

    @Test
    void aHeldReportIsNotPendingUntilReleasedAndARewriteReplacesItWhole() throws IOException {
        Spool s = new Spool(dir);
        Path held = s.write(out -> out.write("{\"ongoing\":true}".getBytes(java.nio.charset.StandardCharsets.UTF_8)),
                true);
        Path plain = s.write(out -> out.write("{}".getBytes(java.nio.charset.StandardCharsets.UTF_8)));
        assertEquals(List.of(plain), s.pending());
        s.rewrite(held, out -> out.write("{\"ongoing\":false}".getBytes(java.nio.charset.StandardCharsets.UTF_8)));
        assertEquals(List.of(plain), s.pending());
        s.release(held);
        assertEquals(List.of(held, plain), s.pending());
        assertEquals("{\"ongoing\":false}", Files.readString(held));
        try (var files = Files.list(dir)) {
            assertEquals(2, files.count(), "no temporary file left");
        }
    }
}
