package dev.crashkit.symbolicate.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * On JDK 25 and later the first run of a jar records its start-up ({@code -XX:AOTMode=record},
 * {@link Relaunch#startupCacheOptions}); the AOT cache is then assembled from that recording by a
 * background JVM ({@code -XX:AOTMode=create}) that waits for this process to end (the JVM writes the
 * recording as it exits), writes the cache under a temporary name and renames it into place, so a run
 * never opens a partial cache; the recording is deleted either way. Started through {@code /bin/sh}
 * in the background, {@code nice}d, its streams discarded, as {@link SymcacheInBackground}: the
 * user's run ends at once and never shows the JVM's assembly messages.
 */
final class AotCacheInBackground {
    private static final String SCRIPT = "pid=$1 conf=$2 tmp=$3 aot=$4; shift 4; "
            + "while kill -0 \"$pid\" 2>/dev/null; do sleep 0.1; done; "
            + "if [ -s \"$conf\" ] && \"$@\"; then mv -f \"$tmp\" \"$aot\"; fi; rm -f \"$conf\" \"$tmp\"";

    private AotCacheInBackground() {
    }

    /** Starts the assembly when this JVM records for an AOT cache; quietly nothing otherwise or when it cannot. */
    static void startIfRecording() {
        String aot = System.getProperty(Relaunch.AOT_CACHE);
        if (aot == null) {
            return;
        }
        Optional<List<String>> command = command(Relaunch.ownCommandLine(), aot, ProcessHandle.current().pid());
        Path sh = Path.of("/bin/sh");
        if (command.isEmpty() || !Files.isExecutable(sh)) {
            return;
        }
        List<String> viaShell = new ArrayList<>(command.get().size() + 4);
        viaShell.add(sh.toString());
        viaShell.add("-c");
        viaShell.add("(" + SCRIPT + ") </dev/null >/dev/null 2>&1 &");
        viaShell.addAll(command.get());
        try {
            Process p = new ProcessBuilder(viaShell).redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.DISCARD).start();
            p.waitFor(5, java.util.concurrent.TimeUnit.SECONDS);
        } catch (IOException | RuntimeException e) {
            // no cache: the next run records again
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * The arguments of the background script: {@code sh}, this process's id, the recording, the
     * temporary and final cache files, then the assembling command line: this process's JVM (its
     * {@code own} command line, program first) with its {@code -XX:} options but the recording's, then
     * {@code -XX:AOTMode=create}, the recording, the temporary cache and the class path. Empty when
     * {@code own} names no recording or no class path.
     */
    static Optional<List<String>> command(Optional<List<String>> own, String aot, long pid) {
        if (own.isEmpty() || own.get().isEmpty()) {
            return Optional.empty();
        }
        List<String> line = own.get();
        String conf = null;
        String classPath = null;
        List<String> jvm = new ArrayList<>();
        for (int i = 1; i < line.size(); i++) {
            String a = line.get(i);
            if (a.equals("-cp") || a.equals("-classpath") || a.equals("--class-path")) {
                classPath = i + 1 < line.size() ? line.get(i + 1) : null;
                break;
            }
            if (a.startsWith("-XX:AOTConfiguration=")) {
                conf = a.substring("-XX:AOTConfiguration=".length());
            } else if (a.startsWith("-XX:") && !a.startsWith("-XX:AOTMode=") && !a.startsWith("-XX:AOTCache")) {
                jvm.add(a);
            }
        }
        if (conf == null || classPath == null) {
            return Optional.empty();
        }
        List<String> cmd = new ArrayList<>();
        cmd.add("sh");
        cmd.add(Long.toString(pid));
        cmd.add(conf);
        String tmp = aot + ".tmp-" + pid;
        cmd.add(tmp);
        cmd.add(aot);
        Path nice = Path.of("/usr/bin/nice");
        if (Files.isExecutable(nice)) {
            cmd.add(nice.toString());
            cmd.add("-n");
            cmd.add("10");
        }
        cmd.add(line.get(0));
        cmd.addAll(jvm);
        cmd.add("-XX:AOTMode=create");
        cmd.add("-XX:AOTConfiguration=" + conf);
        cmd.add("-XX:AOTCache=" + tmp);
        cmd.add("-Xlog:aot*=off");
        cmd.add("-Xlog:cds*=off");
        cmd.add("-cp");
        cmd.add(classPath);
        return Optional.of(cmd);
    }
}
