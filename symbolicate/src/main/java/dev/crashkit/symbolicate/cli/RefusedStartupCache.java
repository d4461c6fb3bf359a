package dev.crashkit.symbolicate.cli;

import dev.crashkit.launcher.ClassDataSharing;
import java.io.File;

/**
 * A start-up cache the JVM would not take ({@link ClassDataSharing}: its messages are off, they would
 * go to standard output, the report): the file is deleted, so that the next run makes a new one, and
 * one line says so on standard error.
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
        if (cache.isEmpty() || ClassDataSharing.isOn(vmInfo)) {
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
