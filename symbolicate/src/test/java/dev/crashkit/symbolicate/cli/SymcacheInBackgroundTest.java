package dev.crashkit.symbolicate.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.crashkit.symbolicate.ChildJvm;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The second run of a command answers from the DWARF like the first and leaves the symbol caches
 * it asked for to a background run of the same command line; the third run opens them. Outputs are
 * the same all three times.
 */
class SymcacheInBackgroundTest {

    @Test
    void theBackgroundCommandIsThisOneWithTheOptionAheadOfItsArguments() {
        String[] args = {"r.ips", "--dsym", "App.dSYM"};
        List<String> own = List.of("/jdk/bin/java", "-XX:TieredStopAtLevel=1", "-XX:ArchiveClassesAtExit=/c/a.jsa",
                "-D" + Relaunch.ARCHIVING + "=1", "-cp", "all.jar", "dev.crashkit.symbolicate.cli.Main", "r.ips",
                "--dsym", "App.dSYM");
        List<String> cmd = SymcacheInBackground.command(Optional.of(own), args).orElseThrow();
        List<String> tail = cmd.subList(cmd.indexOf("/jdk/bin/java"), cmd.size());
        assertEquals(List.of("/jdk/bin/java", "-XX:TieredStopAtLevel=1", "-cp", "all.jar",
                "dev.crashkit.symbolicate.cli.Main", SymcacheInBackground.OPTION, "r.ips", "--dsym", "App.dSYM"), tail,
                "the run that writes the class-data archive is this one, not the background one");
        assertTrue(cmd.indexOf("/jdk/bin/java") == 0 || cmd.get(0).endsWith("nice"), cmd.toString());
        assertEquals(Optional.empty(), SymcacheInBackground.command(Optional.of(List.of("java", "-jar", "s.jar",
                "other.ips")), args), "a command line that does not end with the arguments is not guessed at");
        assertEquals(Optional.empty(), SymcacheInBackground.command(Optional.empty(), args));
    }

    @Test
    void theSecondRunLeavesItsCachesToABackgroundRunAndTheThirdOpensThem(@TempDir Path dir) throws Exception {
        Path cache = dir.resolve("cache");
        String[] args = {"testdata/reports/sample-crash.json", "--dsym", "testdata/macho", "--format", "json",
                "--cache-dir", cache.toString()};
        ChildJvm.Exit first = ChildJvm.run(dir, List.of(), args);
        assertEquals(1, first.code(), first.err()); // the sample's system images have no debug files
        assertEquals(List.of(), caches(cache), "a first use builds nothing");
        ChildJvm.Exit second = ChildJvm.run(dir, List.of(), args);
        assertEquals(first.out(), second.out());
        // The background run holds the folder's lock while it builds; it is done when the lock is free.
        long deadline = System.nanoTime() + 120_000_000_000L;
        List<Path> built = List.of();
        while (System.nanoTime() < deadline) {
            built = caches(cache);
            Optional<AutoCloseable> free = built.isEmpty() ? Optional.empty() : SymcacheInBackground.lock(cache);
            if (free.isPresent()) {
                free.get().close();
                break;
            }
            Thread.sleep(100);
        }
        assertFalse(built.isEmpty(), "no symbol cache built in the background within two minutes");
        try (Stream<Path> s = Files.list(cache.resolve("symcache"))) {
            assertEquals(List.of(), s.filter(p -> p.toString().endsWith(".used")).toList(),
                    "every marker gone: each debug file used has its cache");
        }
        ChildJvm.Exit third = ChildJvm.run(dir, List.of(), args);
        assertEquals(first.out(), third.out());
    }

    @Test
    void aCommandRunInsideAnotherProgramBuildsOnTheSecondUseInPlace(@TempDir Path dir) {
        Path cache = dir.resolve("cache");
        String[] args = {"testdata/reports/sample-crash.json", "--dsym", "testdata/macho", "--format", "json",
                "--cache-dir", cache.toString()};
        java.io.StringWriter out = new java.io.StringWriter();
        java.io.PrintWriter err = new java.io.PrintWriter(new java.io.StringWriter());
        Main.run(new java.io.PrintWriter(out), err, args);
        assertEquals(List.of(), caches(cache));
        Main.run(new java.io.PrintWriter(new java.io.StringWriter()), err, args);
        assertFalse(caches(cache).isEmpty(), "in place, as the library does");
    }

    private static List<Path> caches(Path cache) {
        Path folder = cache.resolve("symcache");
        if (!Files.isDirectory(folder)) {
            return List.of();
        }
        try (Stream<Path> s = Files.list(folder)) {
            return s.filter(p -> p.getFileName().toString().endsWith(".symc")).toList();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
