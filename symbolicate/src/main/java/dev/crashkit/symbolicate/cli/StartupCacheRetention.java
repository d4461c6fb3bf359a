package dev.crashkit.symbolicate.cli;

import dev.crashkit.launcher.DefaultCacheFolder;
import dev.crashkit.launcher.JarIdentity;
import dev.crashkit.launcher.StaleStartupCaches;
import java.io.IOException;
import java.nio.file.Path;

/**
 * Removes the start-up cache files of jars other than the few used last ({@link StaleStartupCaches}):
 * in the run that writes a new start-up cache, which is rare (the first run of a new jar), so no
 * other run pays for the listing.
 */
final class StartupCacheRetention {
    private StartupCacheRetention() {
    }

    /**
     * In the run that writes the start-up cache ({@link Relaunch#ARCHIVING} set), prunes the cache
     * folder around this JVM's jar (the one entry of its class path). Nothing otherwise.
     */
    static void pruneIfArchiving() {
        if (System.getProperty(Relaunch.ARCHIVING) == null) {
            return;
        }
        String classPath = System.getProperty("java.class.path", "");
        if (classPath.isEmpty() || classPath.contains(java.io.File.pathSeparator)) {
            return;
        }
        try {
            Path jar = Path.of(classPath).toRealPath();
            java.io.File file = jar.toFile();
            JarIdentity identity = new JarIdentity(file.lastModified() / 1000, file.length(), jar.toString());
            StaleStartupCaches.prune(DefaultCacheFolder.path(), Relaunch.CACHE_PREFIX, identity.stem(Relaunch.CACHE_PREFIX));
        } catch (IOException | RuntimeException e) {
            // nothing pruned: the folder only keeps what it had
        }
    }
}
