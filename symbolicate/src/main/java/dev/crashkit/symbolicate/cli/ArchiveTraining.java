package dev.crashkit.symbolicate.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The run that writes the class-data archive ({@code -XX:ArchiveClassesAtExit}) keeps only the
 * classes it loaded: a first run answers from the DWARF, so without help every later run (from
 * the symbol cache, in another report format, as text) would load its own classes from the jar
 * again (about 80 ms CPU of a warm one-report run; BENCHMARKS.md, start-up). Before exiting, that
 * run loads the classes listed in {@code archive-classes.txt} (written by
 * {@code build-tools/archive-classes.sh} from the class loading of typical runs), without
 * initialising them, so the archive has them too. A listed class that no longer exists is skipped
 * here (ArchiveTrainingTest keeps the list current).
 */
final class ArchiveTraining {
    static final String LIST = "archive-classes.txt";

    private ArchiveTraining() {
    }

    /** Loads the listed classes when this JVM writes the archive; nothing otherwise. */
    static void loadListedClassesIfArchiving() {
        if (System.getProperty(Relaunch.ARCHIVING) == null) {
            return;
        }
        ClassLoader loader = ArchiveTraining.class.getClassLoader();
        try {
            for (String name : listed()) {
                try {
                    Class.forName(name, false, loader);
                } catch (ClassNotFoundException | LinkageError e) {
                    // stale entry or a class of an optional part: the archive just lacks it
                }
            }
        } catch (IOException | RuntimeException e) {
            // no list: the archive has what this run loaded
        }
    }

    /** The class names of the list (comments and blank lines skipped). */
    static List<String> listed() throws IOException {
        List<String> names = new ArrayList<>();
        try (InputStream in = ArchiveTraining.class.getResourceAsStream(LIST)) {
            if (in == null) {
                return names;
            }
            BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                String name = line.strip();
                if (!name.isEmpty() && !name.startsWith("#")) {
                    names.add(name);
                }
            }
        }
        return names;
    }
}
