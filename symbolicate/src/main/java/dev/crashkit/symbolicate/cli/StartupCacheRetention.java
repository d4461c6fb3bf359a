package dev.crashkit.symbolicate.cli;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Removes the start-up cache files of jars other than the few used last. Each build, copy or JDK
 * of the jar gets files of its own in the cache folder (cli/Relaunch names them; a class-data
 * archive is ~13 MB), and nothing else ever removes those of a jar that is gone: a developer's
 * folder held 114 of them, 795 MB. Run by the run that writes a new start-up cache, which is
 * rare (the first run of a new jar), so no other run pays for the listing.
 */
final class StartupCacheRetention {
    /** Jars besides the running one whose files are kept: other checkouts or versions in use. */
    static final int OTHER_JARS_KEPT = 3;

    /** {@code symbolicate-MTIME-SIZE-PATHSUM} then a suffix: the files of one jar share that stem. */
    private static final Pattern NAME = Pattern.compile("(symbolicate-\\d+-\\d+-\\d+)(?:[-.].*)?");

    private StartupCacheRetention() {
    }

    /**
     * Deletes, in {@code folder}, the files of every jar but {@code currentStem}'s and the
     * {@code OTHER_JARS_KEPT} others used last (latest modification or access of any of their
     * files). Returns the files deleted; a file that cannot be read or deleted is left alone.
     */
    static List<Path> prune(Path folder, String currentStem) {
        Map<String, List<Path>> byJar = new HashMap<>();
        Map<String, Long> lastUse = new HashMap<>();
        try (DirectoryStream<Path> files = Files.newDirectoryStream(folder, "symbolicate-*")) {
            for (Path f : files) {
                Matcher m = NAME.matcher(f.getFileName().toString());
                if (!m.matches() || m.group(1).equals(currentStem)) {
                    continue;
                }
                BasicFileAttributes a;
                try {
                    a = Files.readAttributes(f, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
                } catch (IOException e) {
                    continue;
                }
                if (!a.isRegularFile()) {
                    continue;
                }
                long used = Math.max(a.lastModifiedTime().toMillis(), a.lastAccessTime().toMillis());
                byJar.computeIfAbsent(m.group(1), k -> new ArrayList<>()).add(f);
                lastUse.merge(m.group(1), used, Math::max);
            }
        } catch (IOException | RuntimeException e) {
            return List.of();
        }
        List<String> jars = new ArrayList<>(byJar.keySet());
        jars.sort((x, y) -> Long.compare(lastUse.get(y), lastUse.get(x)));
        List<Path> deleted = new ArrayList<>();
        for (String jar : jars.subList(Math.min(OTHER_JARS_KEPT, jars.size()), jars.size())) {
            for (Path f : byJar.get(jar)) {
                try {
                    if (Files.deleteIfExists(f)) {
                        deleted.add(f);
                    }
                } catch (IOException e) {
                    // another user's file or gone already: left to whoever can
                }
            }
        }
        return deleted;
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
            prune(DefaultCacheFolder.path(), Relaunch.stem(file.lastModified() / 1000, file.length(), jar.toString()));
        } catch (IOException | RuntimeException e) {
            // nothing pruned: the folder only keeps what it had
        }
    }
}
