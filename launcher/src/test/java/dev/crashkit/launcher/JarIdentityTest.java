package dev.crashkit.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The start-up cache's names: the jar's time, size and POSIX cksum of its real path, the runtime (JarIdentity). */
class JarIdentityTest {
    @Test
    void pathSumIsPosixCksum() {
        // Expected sums printed by coreutils' cksum (`printf %s PATH | cksum`), as bin/symbolicate computes them.
        assertEquals(639304391L, JarIdentity.cksum("/tmp/a.jar".getBytes(StandardCharsets.UTF_8)));
        assertEquals(4047012675L,
                JarIdentity.cksum("/work/main/symbolicate/target/symbolicate.jar".getBytes(StandardCharsets.UTF_8)));
        assertEquals(1680805833L,
                JarIdentity.cksum("/work/main/spark/target/crashkit-spark.jar".getBytes(StandardCharsets.UTF_8)));
        assertEquals(791771078L, JarIdentity.cksum("/a/\u00fc b.jar".getBytes(StandardCharsets.UTF_8)));
        assertEquals(4294967295L, JarIdentity.cksum(new byte[0]));
    }

    @Test
    void stemsNameTheJarsTimeSizeAndPathThenTheRuntime() {
        JarIdentity a = new JarIdentity(1795729383L, 8441472L, "/tmp/a.jar");
        assertEquals("symbolicate-1795729383-8441472-639304391", a.stem("symbolicate-"));
        assertEquals("crashkit-spark-1795729383-8441472-639304391", a.stem("crashkit-spark-"));
        assertEquals("crashkit-spark-1795729383-8441472-639304391-17.0.21.1+2-1_deb12u1",
                a.stem("crashkit-spark-", "17.0.21.1+2-1/deb12u1"));
        assertNotEquals(a.stem("x-"), new JarIdentity(1795729383L, 8441472L, "/tmp/b.jar").stem("x-"));
    }

    @Test
    void runtimeVersionsAreMadeFileSafe() {
        assertEquals("25.0.3+9-LTS", JarIdentity.fileSafe("25.0.3+9-LTS"));
        assertEquals("17.0.2_ea_a_b", JarIdentity.fileSafe("17.0.2 ea/a:b"));
    }

    @Test
    void aJarIsReadByItsRealPathAndAnUnreadableOneHasNone(@TempDir Path dir) throws IOException {
        Path jar = Files.write(dir.resolve("x.jar"), new byte[] {1, 2, 3});
        Files.setLastModifiedTime(jar, FileTime.fromMillis(1795729383_999L));
        Path link = Files.createSymbolicLink(dir.resolve("link.jar"), jar);
        assertEquals(new JarIdentity(1795729383L, 3, jar.toRealPath().toString()), JarIdentity.of(link).orElseThrow());
        assertTrue(JarIdentity.of(dir.resolve("gone.jar")).isEmpty());
        assertTrue(JarIdentity.of(Files.createFile(dir.resolve("empty.jar"))).isEmpty());
    }
}
