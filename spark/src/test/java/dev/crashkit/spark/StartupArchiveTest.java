package dev.crashkit.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.crashkit.launcher.ChildJvm;
import dev.crashkit.launcher.JarIdentity;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The class-data archive's names, options, training command, marker and refusals (StartupArchive). */
class StartupArchiveTest {
    private static final long NOW = System.currentTimeMillis();

    @Test
    void namesHaveTheJarsTimeSizePosixCksumOfItsPathAndTheRuntime(@TempDir Path dir) throws IOException {
        // The cksum's oracle values (coreutils) are in the launcher module's JarIdentityTest.
        Path jar = Files.write(dir.resolve("crashkit-spark.jar"), new byte[] {1, 2, 3});
        Files.setLastModifiedTime(jar, FileTime.fromMillis(1795729383_000L));
        long sum = JarIdentity.cksum(jar.toRealPath().toString().getBytes(StandardCharsets.UTF_8));
        StartupArchive.ArchiveFiles f = StartupArchive.files(dir.resolve("cache"), jar, "17.0.21.1+2-1/deb12u1").orElseThrow();
        String stem = "crashkit-spark-1795729383-3-" + sum + "-17.0.21.1+2-1_deb12u1";
        assertEquals(dir.resolve("cache").resolve(stem + ".jsa"), f.archive());
        assertEquals(dir.resolve("cache").resolve(stem + ".training"), f.marker());
        // No runtime version, or a jar that cannot be read: no archive.
        assertTrue(StartupArchive.files(dir, jar, null).isEmpty());
        assertTrue(StartupArchive.files(dir, dir.resolve("gone.jar"), "17").isEmpty());
    }

    @Test
    void theArchiveIsUsedOnlyWhenItIsThere(@TempDir Path dir) throws IOException {
        StartupArchive.ArchiveFiles f = new StartupArchive.ArchiveFiles(dir.resolve("crashkit-spark-1-2-3-17"));
        assertEquals(List.of(), StartupArchive.useOptions(f));
        Files.write(f.archive(), new byte[] {0});
        assertEquals(List.of("-XX:SharedArchiveFile=" + f.archive(), "-Xlog:cds=off", "-Xlog:cds+dynamic=off",
                "-Dcrashkit.archive=" + f.archive()), StartupArchive.useOptions(f));
    }

    @Test
    void theTrainingRepeatsTheJobNicedWithTheRelaunchOptionsIntoScratch(@TempDir Path dir) {
        StartupArchive.ArchiveFiles f = new StartupArchive.ArchiveFiles(dir.resolve("crashkit-spark-1-2-3-17"));
        List<String> cmd = StartupArchive.trainingCommand(f, Path.of("/j/bin/java"), Path.of("/x/crashkit-spark.jar"),
                new String[] {"--input", "in", "--out", "out"}, 42);
        String stem = f.stem().toString();
        List<String> nice = Files.isExecutable(Path.of("/usr/bin/nice")) ? List.of("/usr/bin/nice", "-n", "10") : List.of();
        List<String> expected = new java.util.ArrayList<>(List.of("sh", stem + ".training", stem + ".jsa.tmp-42", stem + ".jsa",
                stem + ".training-out-42"));
        expected.addAll(nice);
        expected.add("/j/bin/java");
        expected.addAll(ChildJvm.OPTIONS);
        expected.addAll(List.of("-XX:ArchiveClassesAtExit=" + stem + ".jsa.tmp-42", "-Xlog:cds=off", "-Xlog:cds+dynamic=off",
                "-Dcrashkit.relaunched=1", "-Dcrashkit.archiving=1", "-Dcrashkit.archiving.out=" + stem + ".training-out-42",
                "-jar", "/x/crashkit-spark.jar", "--input", "in", "--out", "out"));
        assertEquals(expected, cmd);
    }

    @Test
    void oneTrainingAtATimeUnlessTheOtherIsStale(@TempDir Path dir) throws IOException {
        Path marker = dir.resolve("sub").resolve("crashkit-spark-1-2-3-17.training");
        assertTrue(StartupArchive.claim(marker, NOW));
        assertTrue(Files.isRegularFile(marker));
        assertFalse(StartupArchive.claim(marker, NOW + 60_000L));
        assertTrue(StartupArchive.claim(marker, NOW + StartupArchive.TRAINING_STALE_MILLIS + 60_000L));
        // A folder that cannot hold it: no training.
        Path notAFolder = Files.createFile(dir.resolve("file"));
        assertFalse(StartupArchive.claim(notAFolder.resolve("x.training"), NOW));
    }

    @Test
    void aKilledTrainingsScratchGoesWhenTheNextTrainingClaimsTheMarker(@TempDir Path dir) throws IOException {
        Path cache = Files.createDirectories(dir.resolve("cache"));
        StartupArchive.ArchiveFiles f = new StartupArchive.ArchiveFiles(cache.resolve("crashkit-spark-1-2-3-17"));
        // What trainingCommand names: the archive being written and the scratch output (a Spark output folder).
        Path tmp = Files.writeString(cache.resolve("crashkit-spark-1-2-3-17.jsa.tmp-4242"), "half an archive");
        Path out = Files.createDirectories(cache.resolve("crashkit-spark-1-2-3-17.training-out-4242/reports"));
        Files.writeString(out.resolve("part-00000.parquet"), "rows");
        Path outside = Files.writeString(dir.resolve("outside"), "not the training's");
        Files.createSymbolicLink(out.resolve("link"), outside);
        Path archive = Files.writeString(f.archive(), "a finished archive");
        Path otherJdk = Files.writeString(cache.resolve("crashkit-spark-1-2-3-21.jsa.tmp-7"), "another JDK's training");

        assertEquals(5, StartupArchive.removeLeftovers(f));
        assertFalse(Files.exists(tmp));
        assertFalse(Files.exists(cache.resolve("crashkit-spark-1-2-3-17.training-out-4242")));
        assertTrue(Files.exists(outside), "a link in the scratch folder is removed, not followed");
        assertTrue(Files.exists(archive) && Files.exists(otherJdk));
    }

    @Test
    void theTrainingReadsAtMostTheLimit() {
        List<Integer> seen = new java.util.ArrayList<>();
        new LimitedIterator<>(List.of(1, 2, 3, 4).iterator(), 2).forEachRemaining(seen::add);
        assertEquals(List.of(1, 2), seen);
        assertFalse(new LimitedIterator<>(List.of(1).iterator(), 0).hasNext());
    }

    /** What the child does with the JVM's {@code java.vm.info}: refused (no sharing) twice in a row, then mapped. */
    @Test
    void aRefusedArchiveIsRemovedAndCountedAndAMappedOneForgetsTheCount(@TempDir Path dir) throws IOException {
        StartupArchive.ArchiveFiles f = new StartupArchive.ArchiveFiles(dir.resolve("crashkit-spark-1-2-3-17"));
        String jsa = f.archive().toString();
        assertTrue(StartupArchive.checkInChild(null, "mixed mode").isEmpty());
        assertTrue(StartupArchive.checkInChild(jsa, "mixed mode, sharing").isEmpty());
        assertEquals(0, StartupArchive.refusals(f));

        Files.write(f.archive(), new byte[] {1, 2});
        assertEquals("crashkit-spark: the JVM refused the class-data archive " + jsa + " (damaged, or written by another"
                + " JDK build): removed; a new one is written after this job", StartupArchive.checkInChild(jsa, "mixed mode").orElseThrow());
        assertFalse(Files.exists(f.archive()));
        assertEquals(1, StartupArchive.refusals(f));

        Files.write(f.archive(), new byte[] {1, 2});
        assertEquals("crashkit-spark: the JVM refused the class-data archive " + jsa + " (damaged, or written by another"
                + " JDK build): removed; no new one is written for this jar and JDK until " + f.refused() + " is deleted",
                StartupArchive.checkInChild(jsa, "interpreted mode").orElseThrow());
        assertEquals(2, StartupArchive.refusals(f));
        // Given up: no training is started (nothing is claimed).
        assertFalse(StartupArchive.trainInBackground(f, Path.of("/j/bin/java"), Path.of("/x.jar"), new String[0]));
        assertFalse(Files.exists(f.marker()));

        Files.writeString(f.refused(), "junk");
        assertEquals(StartupArchive.REFUSALS_BEFORE_GIVING_UP, StartupArchive.refusals(f));
        assertTrue(StartupArchive.checkInChild(jsa, "mixed mode, sharing").isEmpty());
        assertFalse(Files.exists(f.refused()));
        assertEquals(0, StartupArchive.refusals(f));
    }

    @Test
    void aJvmKilledByItsCrashHandlerOrABusErrorIsACrashAnExitCodeIsNot() {
        assertTrue(LocalRelaunch.crashed(134));
        assertTrue(LocalRelaunch.crashed(135));
        assertTrue(LocalRelaunch.crashed(139));
        for (int code : new int[] {0, 1, 2, 3, 4, 130, 137, 143}) {
            assertFalse(LocalRelaunch.crashed(code), "exit code " + code);
        }
    }
}
