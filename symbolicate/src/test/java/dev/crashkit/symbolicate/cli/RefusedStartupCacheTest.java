package dev.crashkit.symbolicate.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A start-up cache is deleted only when the JVM runs without class-data sharing (RefusedStartupCache). */
class RefusedStartupCacheTest {
    @Test
    void aCacheIsDeletedOnlyWhenTheJvmRunsWithoutSharing(@TempDir Path dir) throws IOException {
        Path jsa = Files.write(dir.resolve("symbolicate-1-2-3-17.jsa"), new byte[] {1});
        assertNull(RefusedStartupCache.check(jsa.toString(), "mixed mode, sharing"));
        assertNull(RefusedStartupCache.check("", "mixed mode"));
        assertTrue(Files.exists(jsa));
        assertEquals("symbolicate: the JVM refused the start-up cache " + jsa + " (damaged, or made by another JDK build):"
                + " removed; the next run makes a new one", RefusedStartupCache.check(jsa.toString(), "mixed mode"));
        assertFalse(Files.exists(jsa));
        assertEquals("symbolicate: the JVM refused the start-up cache " + jsa + " (damaged, or made by another JDK build):"
                + " removed; the next run makes a new one", RefusedStartupCache.check(jsa.toString(), null), "gone already");
        // A folder in its place cannot be deleted this way: the line says what to do.
        Path folder = Files.createDirectories(dir.resolve("x.jsa"));
        Files.write(folder.resolve("inside"), new byte[] {1});
        assertEquals("symbolicate: the JVM refused the start-up cache " + folder + " (damaged, or made by another JDK build):"
                + " delete it to have a new one made", RefusedStartupCache.check(folder.toString(), "interpreted mode"));
    }

    /** The running JVM (surefire's, on the JDK's own archive) says "sharing": nothing happens. */
    @Test
    void thisJvmSharesClasses() {
        assertTrue(System.getProperty("java.vm.info").contains("sharing"), System.getProperty("java.vm.info"));
    }
}
