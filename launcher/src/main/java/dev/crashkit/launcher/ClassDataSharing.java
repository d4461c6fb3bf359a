package dev.crashkit.launcher;

/**
 * Whether a JVM took the start-up cache it was given. With the cache's messages off
 * ({@code -Xlog:cds=off}: they would mix with the output), a JVM that refuses a damaged or foreign
 * archive says nothing and runs without class-data sharing at all, which {@code java.vm.info} tells
 * ("mixed mode" instead of "mixed mode, sharing"); a run killed while the JVM wrote its archive at exit
 * leaves one whose header, written last, is still zero, and every later run would pay the full class
 * loading again. The run that notices deletes the cache and says so in one line on standard error
 * (symbolicate's cli/RefusedStartupCache, spark's StartupArchive). A cache of a foreign class path is
 * refused with the JDK's own archive still mapped and is not seen here: the file names keep those
 * apart ({@link JarIdentity}).
 */
public final class ClassDataSharing {
    private ClassDataSharing() {
    }

    /**
     * Whether a JVM shares classes.
     *
     * @param vmInfo its {@code java.vm.info} ({@code null}: unknown)
     * @return whether it says "sharing": false for a JVM that refused the start-up cache it was given
     */
    public static boolean isOn(String vmInfo) {
        return vmInfo != null && vmInfo.contains("sharing");
    }
}
