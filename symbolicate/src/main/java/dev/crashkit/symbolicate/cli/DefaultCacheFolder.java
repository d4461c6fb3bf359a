package dev.crashkit.symbolicate.cli;

import java.nio.file.Path;

/**
 * Where the cache folder is when none is given: $CRASHKIT_CACHE, else $XDG_CACHE_HOME/crashkit,
 * else ~/.cache/crashkit. A class of its own, with no other dependency, because the
 * {@code java -jar} launcher jar (cli/Relaunch) carries it: it names the class-data archive there.
 */
public final class DefaultCacheFolder {
    private DefaultCacheFolder() {
    }

    public static Path path() {
        String env = System.getenv("CRASHKIT_CACHE");
        if (env != null && !env.isBlank()) {
            return Path.of(env);
        }
        String xdg = System.getenv("XDG_CACHE_HOME");
        if (xdg != null && !xdg.isBlank()) {
            return Path.of(xdg, "crashkit");
        }
        return Path.of(System.getProperty("user.home"), ".cache", "crashkit");
    }
}
