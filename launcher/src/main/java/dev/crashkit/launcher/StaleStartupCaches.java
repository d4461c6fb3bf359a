package dev.crashkit.launcher;

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
 * Removes the start-up cache files of jars other than the few used last. Each build, copy or JDK of a
 * jar gets files of its own in the cache folder ({@link JarIdentity} names them; a class-data archive
 * of the symbolicate command is ~13 MB, one of the Spark job ~150 MB), and nothing else ever removes
 * those of a jar that is gone: a developer's folder held 114 of them, 795 MB. Run only by a run that
 * writes a new start-up cache, which is rare (the first run of a new jar), so no other run pays for the
 * listing.
 */
public final class StaleStartupCaches {
    /** Jars besides the running one whose files are kept: other checkouts or versions in use. */
    public static final int OTHER_JARS_KEPT = 3;

    private StaleStartupCaches() {
    }

    /**
     * Deletes, in {@code folder}, the files named {@code prefix MTIME-SIZE-PATHSUM} then {@code -} or
     * {@code .} and anything (one jar's files, any JDK: {@link JarIdentity#stem(String)}) of every jar
     * but {@code current}'s and the {@link #OTHER_JARS_KEPT} others used last (latest modification or
     * access of any of their files). {@code current} is the running jar's stem, with or without what
     * follows it ({@code -RUNTIME}); {@code prefix} holds no glob character. Returns the files deleted; a
     * file that cannot be read or deleted is left alone, and so are folders and links.
     *
     * @param folder the cache folder
     * @param prefix what the tool's cache files begin with
     * @param current the running jar's stem
     * @return the files deleted
     */
    public static List<Path> prune(Path folder, String prefix, String current) {
        Pattern name = Pattern.compile("(" + Pattern.quote(prefix) + "\\d+-\\d+-\\d+)(?:[-.].*)?");
        Matcher own = name.matcher(current);
        String currentJar = own.matches() ? own.group(1) : current;
        Map<String, List<Path>> byJar = new HashMap<>();
        Map<String, Long> lastUse = new HashMap<>();
        try (DirectoryStream<Path> files = Files.newDirectoryStream(folder, prefix + "*")) {
            for (Path f : files) {
                Matcher m = name.matcher(f.getFileName().toString());
                if (!m.matches() || m.group(1).equals(currentJar)) {
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
}
