package dev.crashkit.symbolicate.cli;

import java.io.File;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The symbol caches a one-report run asks for are built by a background run of the same command
 * line, so that the second run of a command is never slower than the first: it answers from the
 * DWARF, decoding only what its addresses touch, as the first did, and the flattening of every
 * unit (2-3× a cold run; BENCHMARKS.md, symbol cache) happens after it has ended. The background
 * run is this process's own command line with {@code --symcache-only} ahead of the arguments, started through
 * {@code /bin/sh} in the background
 * (nothing written, the caches built at first use), under {@code nice} where there is one, its
 * standard streams discarded (a caller reading our output sees its end when we exit), and at most
 * one at a time per cache folder ({@link #lock}).
 *
 * <p>Only {@link Main#main} allows it: a command run inside another program ({@link Main#run}, the
 * tests) builds its caches in place on the second use, as the library does. {@code
 * CRASHKIT_SYMCACHE_BACKGROUND=0} does the same for the command line.
 */
final class SymcacheInBackground {
    /** The option that makes a run the background one. */
    static final String OPTION = "--symcache-only";

    private static volatile String[] allowedFor;

    private SymcacheInBackground() {
    }

    /** Called by {@link Main#main} with its arguments: this process may start a background run of them. */
    static void allow(String[] args) {
        if (!"0".equals(System.getenv("CRASHKIT_SYMCACHE_BACKGROUND"))) {
            allowedFor = args.clone();
        }
    }

    /** Whether caches wanted by this run are to be built by a background run (else in place). */
    static boolean allowed() {
        return allowedFor != null;
    }

    /**
     * Starts the background run when {@code wanted} caches were left unbuilt; quietly nothing when it
     * cannot be started (the next run asks again).
     */
    static void startIfWanted(long wanted) {
        String[] args = allowedFor;
        if (wanted == 0 || args == null) {
            return;
        }
        Optional<List<String>> command = command(Relaunch.ownCommandLine(), args);
        if (command.isEmpty()) {
            return;
        }
        try {
            Path sh = Path.of("/bin/sh");
            if (Files.isExecutable(sh)) {
                // Through a shell that puts it in the background and ends at once: a child of ours would keep
                // the JDK's process reaper thread in waitpid, and the JVM's exit waits up to 300 ms for a
                // thread in native code (measured: the second run 0.3 s slower than the first for it).
                List<String> viaShell = new ArrayList<>(command.get().size() + 4);
                viaShell.add(sh.toString());
                viaShell.add("-c");
                viaShell.add("\"$@\" </dev/null >/dev/null 2>&1 &");
                viaShell.add("sh");
                viaShell.addAll(command.get());
                Process p = new ProcessBuilder(viaShell).redirectInput(ProcessBuilder.Redirect.from(nullFile()))
                        .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                        .redirectError(ProcessBuilder.Redirect.DISCARD).start();
                p.waitFor(5, java.util.concurrent.TimeUnit.SECONDS);
                return;
            }
            new ProcessBuilder(command.get()).redirectInput(ProcessBuilder.Redirect.from(nullFile()))
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.DISCARD)
                    .start();
        } catch (IOException | RuntimeException e) {
            // the next run asks again
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * The background run's command line: {@code own} (this process's, program first) with
     * {@link #OPTION} before the trailing {@code args}, without the options that write the
     * class-data archive or record for the AOT cache (the run that writes it is this one), under {@code nice} when there is one.
     * Empty when {@code own} does not end with {@code args}.
     */
    static Optional<List<String>> command(Optional<List<String>> own, String[] args) {
        if (own.isEmpty() || own.get().size() <= args.length) {
            return Optional.empty();
        }
        List<String> line = own.get();
        int prefix = line.size() - args.length;
        for (int i = 0; i < args.length; i++) {
            if (!line.get(prefix + i).equals(args[i])) {
                return Optional.empty();
            }
        }
        List<String> cmd = new ArrayList<>(line.size() + 3);
        Path nice = Path.of("/usr/bin/nice");
        if (Files.isExecutable(nice)) {
            cmd.add(nice.toString());
            cmd.add("-n");
            cmd.add("10");
        }
        for (int i = 0; i < prefix; i++) {
            String a = line.get(i);
            if (!a.startsWith("-XX:ArchiveClassesAtExit=") && !a.startsWith("-D" + Relaunch.ARCHIVING + "=")
                    && !a.startsWith("-XX:AOTMode=") && !a.startsWith("-XX:AOTConfiguration=")
                    && !a.startsWith("-XX:AOTCacheOutput=") && !a.startsWith("-D" + Relaunch.AOT_CACHE + "=")) {
                cmd.add(a);
            }
        }
        cmd.add(OPTION);
        for (String a : args) {
            cmd.add(a);
        }
        return Optional.of(cmd);
    }

    /**
     * The lock a background run holds on {@code cacheFolder} while it builds; empty when another
     * run holds it (that one builds the same caches) or the folder cannot be locked.
     */
    static Optional<AutoCloseable> lock(Path cacheFolder) {
        try {
            Files.createDirectories(cacheFolder);
            FileChannel ch = FileChannel.open(cacheFolder.resolve("symcache-build.lock"), StandardOpenOption.CREATE,
                    StandardOpenOption.WRITE);
            FileLock lock;
            try {
                lock = ch.tryLock();
            } catch (IOException | OverlappingFileLockException e) {
                ch.close();
                return Optional.empty();
            }
            if (lock == null) {
                ch.close();
                return Optional.empty();
            }
            return Optional.of(ch); // closing the channel releases the lock
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    private static File nullFile() {
        return new File(System.getProperty("os.name", "").startsWith("Windows") ? "NUL" : "/dev/null");
    }
}
