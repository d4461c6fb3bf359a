package dev.crashkit.capture.linux;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JnaSettingsTest {
    @TempDir
    Path root;

    @Test
    void theDispatchLibraryIsUnpackedOnceAndKeptByContent() throws Exception {
        Path dir = JnaSettings.unpackDispatch(root).orElseThrow();
        Path lib = dir.resolve("libjnidispatch.so");
        byte[] expected;
        try (InputStream in = com.sun.jna.Native.class.getClassLoader().getResourceAsStream(
                "com/sun/jna/linux-x86-64/libjnidispatch.so")) {
            expected = in.readAllBytes();
        }
        assertArrayEquals(expected, Files.readAllBytes(lib));
        assertTrue(dir.getFileName().toString().matches("jna-[0-9a-f]{8}"), dir.toString());
        long written = Files.getLastModifiedTime(lib).toMillis();
        Files.setLastModifiedTime(lib, java.nio.file.attribute.FileTime.fromMillis(written - 60_000));
        assertEquals(dir, JnaSettings.unpackDispatch(root).orElseThrow());
        assertEquals(written - 60_000, Files.getLastModifiedTime(lib).toMillis(), "kept, not rewritten");
        try (var files = Files.list(dir)) {
            assertEquals(List.of(lib), files.toList(), "no part files left");
        }
    }

    @Test
    void aTruncatedCopyIsReplaced() throws Exception {
        Path dir = JnaSettings.unpackDispatch(root).orElseThrow();
        Path lib = dir.resolve("libjnidispatch.so");
        long size = Files.size(lib);
        Files.write(lib, new byte[10]);
        JnaSettings.unpackDispatch(root).orElseThrow();
        assertEquals(size, Files.size(lib));
    }

    @Test
    void anUnwritableCacheLeavesJnaToItsOwnWay() throws Exception {
        Path file = root.resolve("not-a-folder");
        Files.writeString(file, "x");
        assertTrue(JnaSettings.unpackDispatch(file).isEmpty());
    }

    @Test
    void platformDirectoriesExist() {
        for (String d : JnaSettings.standardDirectories()) {
            assertTrue(Files.isDirectory(Path.of(d)), d);
        }
    }
}
