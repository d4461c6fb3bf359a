package dev.crashkit.launcher;

import java.nio.file.Path;

/**
 * Where the cache folder is when none is given: $CRASHKIT_CACHE, else $XDG_CACHE_HOME/crashkit,
 * else ~/.cache/crashkit. The symbolicate command keeps its symbol caches and start-up cache there, the
 * Spark job its class-data archive. No other dependency: the {@code java -jar} launcher jar
 * (symbolicate's cli/Relaunch) carries this class to name the start-up cache there.
 */
public final class DefaultCacheFolder {
    private DefaultCacheFolder() {
    }

    /**
     * The folder, from the environment; not created.
     *
     * @return the cache folder
     */
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
