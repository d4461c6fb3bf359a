package dev.crashkit.server;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

/** Files of the repository's testdata/ (through the testkit: a missing one fails the test). */
final class TestData {
    private TestData() {
    }

    static Path path(String relative) {
        return dev.crashkit.testkit.TestData.file(relative);
    }

    static byte[] bytes(String relative) throws IOException {
        return Files.readAllBytes(path(relative));
    }

    /** Zips a folder (a .dSYM bundle), names relative to its parent, as a team would upload it. */
    static byte[] zip(Path folder) throws IOException {
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        try (ZipOutputStream z = new ZipOutputStream(bytes); Stream<Path> walk = Files.walk(folder)) {
            for (Path p : (Iterable<Path>) walk.sorted()::iterator) {
                if (Files.isRegularFile(p)) {
                    z.putNextEntry(new ZipEntry(folder.getParent().relativize(p).toString()));
                    Files.copy(p, z);
                    z.closeEntry();
                }
            }
        }
        return bytes.toByteArray();
    }

    /** A zip with one member under the given (possibly hostile) name. */
    static byte[] zipOf(String name, Path content) throws IOException {
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        try (ZipOutputStream z = new ZipOutputStream(bytes)) {
            z.putNextEntry(new ZipEntry(name));
            Files.copy(content, z);
            z.closeEntry();
        }
        return bytes.toByteArray();
    }

}
