package dev.crashkit.symbolicate.cli;

import java.io.File;

/**
 * A start-up cache the JVM would not take. Its messages are off ({@code -Xlog:cds=off}: they would go
 * to standard output, the report), so a cache whose header is damaged — a run killed while the JVM
 * wrote its class-data archive at exit leaves one with the header, written last, still zero — was
 * refused silently by every later run, each paying the full class loading again. A JVM that refuses
 * it runs without class-data sharing at all, which {@code java.vm.info} tells ("mixed mode" instead
 * of "mixed mode, sharing"): then the file is deleted, so that the next run makes a new one, and one
 * line says so on standard error. A cache of a foreign class path is refused with the JDK's own
 * archive still mapped and is not seen here (the file names keep those apart: Relaunch).
 */
final class RefusedStartupCache {
    /** Set by bin/symbolicate and {@link Relaunch} on a run given a start-up cache: its path. */
    static final String PROPERTY = "crashkit.startupcache";

    private RefusedStartupCache() {
    }

    /** In a run given a start-up cache: removes it when the JVM refused it. Never throws. */
    static void removeIfRefused() {
        String cache = System.getProperty(PROPERTY);
        if (cache != null) {
            String line = check(cache, System.getProperty("java.vm.info"));
            if (line != null) {
                System.err.println(line);
            }
        }
    }

    /** The line to print after deleting {@code cache}, when {@code vmInfo} says it was refused; else null. */
    static String check(String cache, String vmInfo) {
        if (cache.isEmpty() || (vmInfo != null && vmInfo.contains("sharing"))) {
            return null;
        }
        File f = new File(cache);
        boolean deleted;
        try {
            deleted = f.delete() || !f.exists();
        } catch (SecurityException e) {
            deleted = false;
        }
        return "symbolicate: the JVM refused the start-up cache " + cache + " (damaged, or made by another JDK build): "
                + (deleted ? "removed; the next run makes a new one" : "delete it to have a new one made");
    }
}
