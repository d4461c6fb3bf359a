package dev.crashkit.spark;

import dev.crashkit.launcher.ChildJvm;
import dev.crashkit.launcher.ClassDataSharing;
import dev.crashkit.launcher.JarIdentity;
import dev.crashkit.launcher.StaleStartupCaches;
import java.io.File;
import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * The class-data archive of a relaunched local job ({@link LocalRelaunch}): a fresh Spark process
 * loads ~22,000 classes before its first report, most of them from the jars in {@code spark-lib/},
 * and parsing and verifying them is a large part of its fixed CPU cost (BENCHMARKS.md, "Spark's fixed
 * cost"). With a dynamic archive of those classes ({@code -XX:SharedArchiveFile}) they are mapped
 * in, already parsed and verified.
 *
 * <p>The archive is written off the user's path: after a relaunched job without one has ended (its
 * output complete, its exit code known), the waiting parent starts a training run in the background
 * ({@code nice}d, its streams discarded) that repeats the same job on at most
 * {@link #TRAINING_FILES} of its input files and {@link #TRAINING_RECORDS} reports per partition
 * into a scratch folder with {@code -XX:ArchiveClassesAtExit}, then renames the archive into place;
 * no run ever opens a partial one. Writing the archive costs tens of CPU seconds, which the user's
 * run would otherwise pay. While a training of the last {@link #TRAINING_STALE_MILLIS} is under
 * way (its marker file is there) no other run starts one.
 *
 * <p>Files live in the cache folder ({@link dev.crashkit.launcher.DefaultCacheFolder}, as the
 * {@code symbolicate} command's start-up cache), named after the jar ({@link JarIdentity}: modification
 * time, size, POSIX {@code cksum} of its real path: another build or copy is another name) and the JDK's
 * runtime version (an archive is only valid for the JVM build that wrote it). A damaged or foreign
 * archive is refused by the JVM, which then loads the classes from the jars as without one
 * ({@link ClassDataSharing}); the child notices ({@link #checkInChild}), removes it and says so in one
 * line, and the parent trains a new one
 * after the job. A second refusal in a row stops the training for that jar and JDK until the
 * {@code .refused} file is deleted: a JVM that refuses what it wrote would otherwise pay a training
 * after every job. A child JVM that crashes with an archive (this JDK maps a truncated one and dies
 * of SIGBUS) has it removed the same way by the parent. Off with {@code CRASHKIT_SPARK_ARCHIVE=0}.
 */
final class StartupArchive {
    /** Set on the training JVM: it runs a small part of the job into {@link #TRAINING_OUT}. */
    static final String ARCHIVING = "crashkit.archiving";

    /** The training run's output folder (a system property: the user's {@code --out} is left as given). */
    static final String TRAINING_OUT = "crashkit.archiving.out";

    /** The environment variable that turns the archive off (neither used nor written) when it is {@code 0}. */
    static final String OPT_OUT = "CRASHKIT_SPARK_ARCHIVE";

    /** Input files the training run reads: enough to load the classes of every step, not to repeat a large job. */
    static final int TRAINING_FILES = 32;

    /** Reports per partition the training run symbolicates (an export file holds many). */
    static final int TRAINING_RECORDS = 32;

    /** A training marker older than this is a run that was killed: trained over. */
    static final long TRAINING_STALE_MILLIS = 30 * 60 * 1000L;

    static final String PREFIX = "crashkit-spark-";

    /** Set on a child given the archive: the archive's path, which it checks was mapped ({@link #checkInChild}). */
    static final String IN_USE = "crashkit.archive";

    /** Refusals in a row after which no training is started for a jar and JDK. */
    static final int REFUSALS_BEFORE_GIVING_UP = 2;

    /**
     * Renames the archive into place only when the training JVM succeeded and wrote one; removes the
     * scratch output and the marker either way.
     */
    private static final String SCRIPT = "marker=$1 tmp=$2 jsa=$3 out=$4; shift 4; "
            + "if \"$@\" && [ -s \"$tmp\" ]; then mv -f \"$tmp\" \"$jsa\"; fi; rm -rf \"$tmp\" \"$out\"; rm -f \"$marker\"";

    private StartupArchive() {
    }

    /** The archive's files for one jar and JDK: {@code stem.jsa}, and {@code stem.training} while one is being written. */
    record ArchiveFiles(Path stem) {
        Path archive() {
            return stem.resolveSibling(stem.getFileName() + ".jsa");
        }

        Path marker() {
            return stem.resolveSibling(stem.getFileName() + ".training");
        }

        /** How many archives in a row the JVM refused (absent: none). */
        Path refused() {
            return stem.resolveSibling(stem.getFileName() + ".refused");
        }
    }

    /**
     * The archive's files for {@code jar} run by the JDK of runtime version {@code runtime}, in
     * {@code folder}; empty when the archive is turned off or the jar cannot be read now.
     */
    static Optional<ArchiveFiles> files(Path folder, Path jar, String runtime) {
        if ("0".equals(System.getenv(OPT_OUT)) || runtime == null) {
            return Optional.empty();
        }
        return JarIdentity.of(jar).map(j -> new ArchiveFiles(folder.resolve(j.stem(PREFIX, runtime))));
    }

    /**
     * The child's JVM options for the archive: {@code -XX:SharedArchiveFile} when it is there, its
     * messages off; none otherwise.
     */
    static List<String> useOptions(ArchiveFiles f) {
        Path jsa = f.archive();
        if (!Files.isRegularFile(jsa)) {
            return List.of();
        }
        return List.of("-XX:SharedArchiveFile=" + jsa, "-Xlog:cds=off", "-Xlog:cds+dynamic=off", "-D" + IN_USE + "=" + jsa);
    }

    /**
     * In a child given the archive ({@link #IN_USE} set): when the JVM did not map it — with its messages
     * off, a JVM that refuses a damaged or foreign archive runs without class-data sharing at all,
     * which {@code java.vm.info} tells ("mixed mode" instead of "mixed mode, sharing") — removes it
     * ({@link #discard}) and returns the line to print; after a mapped one, forgets earlier refusals.
     * Empty when there is nothing to say; never throws.
     */
    static Optional<String> checkInChild(String archive, String vmInfo) {
        if (archive == null || archive.isEmpty()) {
            return Optional.empty();
        }
        Path jsa = Path.of(archive);
        String name = jsa.getFileName().toString();
        if (!name.endsWith(".jsa")) {
            return Optional.empty();
        }
        ArchiveFiles f = new ArchiveFiles(jsa.resolveSibling(name.substring(0, name.length() - 4)));
        try {
            if (ClassDataSharing.isOn(vmInfo)) {
                Files.deleteIfExists(f.refused());
                return Optional.empty();
            }
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
        return Optional.of(discard(f, "the JVM refused the class-data archive " + jsa));
    }

    /**
     * Deletes the archive and counts the refusal in {@link ArchiveFiles#refused}; returns the line that says
     * what happened and what comes next ({@code why} first).
     */
    static String discard(ArchiveFiles f, String why) {
        int refusals = refusals(f) + 1;
        try {
            Files.deleteIfExists(f.archive());
            Files.writeString(f.refused(), refusals + "\n");
        } catch (IOException | RuntimeException e) {
            return "crashkit-spark: " + why + " (damaged, or written by another JDK build); delete it: " + e.getMessage();
        }
        return "crashkit-spark: " + why + " (damaged, or written by another JDK build): removed; "
                + (refusals < REFUSALS_BEFORE_GIVING_UP ? "a new one is written after this job"
                        : "no new one is written for this jar and JDK until " + f.refused() + " is deleted");
    }

    /** The refusals in a row counted in {@link ArchiveFiles#refused} (0 when absent or unreadable). */
    static int refusals(ArchiveFiles f) {
        try {
            return Integer.parseInt(Files.readString(f.refused()).trim());
        } catch (IOException | RuntimeException e) {
            return Files.exists(f.refused()) ? REFUSALS_BEFORE_GIVING_UP : 0;
        }
    }

    /**
     * After a relaunched job without an archive ended: claims the marker (nothing when another
     * recent training holds it or the folder cannot be written), removes the files of other jars
     * but the {@link StaleStartupCaches#OTHER_JARS_KEPT} used last ({@link StaleStartupCaches}), and
     * starts the training in the background.
     * Returns whether it started; never throws.
     */
    static boolean trainInBackground(ArchiveFiles f, Path java, Path jar, String[] args) {
        try {
            if (Files.isRegularFile(f.archive()) || refusals(f) >= REFUSALS_BEFORE_GIVING_UP
                    || !claim(f.marker(), System.currentTimeMillis())) {
                return false;
            }
            Path sh = Path.of("/bin/sh");
            if (!Files.isExecutable(sh)) {
                Files.deleteIfExists(f.marker());
                return false;
            }
            StaleStartupCaches.prune(f.stem().getParent(), PREFIX, f.stem().getFileName().toString());
            removeLeftovers(f);
            List<String> cmd = new ArrayList<>();
            cmd.add(sh.toString());
            cmd.add("-c");
            cmd.add("(" + SCRIPT + ") </dev/null >/dev/null 2>&1 &");
            cmd.addAll(trainingCommand(f, java, jar, args, ProcessHandle.current().pid()));
            Process p = new ProcessBuilder(cmd).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.DISCARD).start();
            p.waitFor(5, TimeUnit.SECONDS);
            return true;
        } catch (IOException | RuntimeException e) {
            return false; // no archive: the next run tries again
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /**
     * The background script's arguments: {@code sh}, the marker, the temporary and final archive,
     * the scratch output, then the training JVM's command line: {@code [nice -n 10] java}
     * {@link ChildJvm#OPTIONS}, {@code -XX:ArchiveClassesAtExit}, the relaunch marker, the
     * training properties, {@code -jar JAR ARGS}.
     */
    static List<String> trainingCommand(ArchiveFiles f, Path java, Path jar, String[] args, long pid) {
        String tmp = f.archive() + ".tmp-" + pid;
        Path out = f.stem().resolveSibling(f.stem().getFileName() + ".training-out-" + pid);
        List<String> cmd = new ArrayList<>();
        cmd.add("sh");
        cmd.add(f.marker().toString());
        cmd.add(tmp);
        cmd.add(f.archive().toString());
        cmd.add(out.toString());
        Path nice = Path.of("/usr/bin/nice");
        if (Files.isExecutable(nice)) {
            cmd.add(nice.toString());
            cmd.add("-n");
            cmd.add("10");
        }
        cmd.add(java.toString());
        cmd.addAll(ChildJvm.OPTIONS);
        cmd.add("-XX:ArchiveClassesAtExit=" + tmp);
        cmd.add("-Xlog:cds=off");
        cmd.add("-Xlog:cds+dynamic=off");
        cmd.add("-D" + ChildJvm.MARKER + "=1");
        cmd.add("-D" + ARCHIVING + "=1");
        cmd.add("-D" + TRAINING_OUT + "=" + out);
        cmd.add("-jar");
        cmd.add(jar.toString());
        cmd.addAll(List.of(args));
        return cmd;
    }

    /**
     * Creates {@code marker}, replacing one older than {@link #TRAINING_STALE_MILLIS}; false when a
     * recent one is there (another training is under way) or it cannot be created.
     */
    static boolean claim(Path marker, long now) {
        try {
            Files.createDirectories(marker.getParent());
            try {
                Files.createFile(marker);
                return true;
            } catch (FileAlreadyExistsException e) {
                if (now - Files.getLastModifiedTime(marker).toMillis() < TRAINING_STALE_MILLIS) {
                    return false;
                }
                Files.deleteIfExists(marker);
                Files.createFile(marker);
                return true;
            }
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    /**
     * Deletes what trainings of these files that were killed left (a temporary archive, a scratch output folder
     * with its files): called with the marker held, so no training of them is under way. Returns how many
     * files and folders went; what cannot be deleted is left alone.
     */
    static int removeLeftovers(ArchiveFiles f) {
        String name = f.stem().getFileName().toString();
        int removed = 0;
        try (java.nio.file.DirectoryStream<Path> files = Files.newDirectoryStream(f.stem().getParent(), name + ".*")) {
            for (Path p : files) {
                String n = p.getFileName().toString();
                if (!n.startsWith(name + ".jsa.tmp-") && !n.startsWith(name + ".training-out-")) {
                    continue;
                }
                // Deepest first, links not followed: only what the training wrote under its own folder goes.
                try (java.util.stream.Stream<Path> tree = Files.walk(p)) {
                    for (Path q : (Iterable<Path>) tree.sorted(java.util.Comparator.reverseOrder())::iterator) {
                        removed += Files.deleteIfExists(q) ? 1 : 0;
                    }
                } catch (IOException | RuntimeException e) {
                    // another user's or gone meanwhile
                }
            }
        } catch (IOException | RuntimeException e) {
            return removed;
        }
        return removed;
    }
}
