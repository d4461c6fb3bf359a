package dev.crashkit.bench;

import dev.crashkit.testkit.TestData;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The C target that measures its own pauses (capture/src/test/c/gaptarget.c), built with gcc on
 * first use, started through {@code sh} so that it is not this JVM's child (the JDK's reaper
 * thread waits for children and could consume their ptrace stops), and queried over its stdin.
 */
final class GapTarget implements AutoCloseable {
    private final Process sh;
    private final BufferedReader in;
    private final PrintWriter out;
    private final long pid;

    /** The longest gap overlapping a window, when it started, and how many gaps the window holds. */
    record Gap(long nanos, long start, long count) {
        double millis() {
            return nanos / 1e6;
        }
    }

    private GapTarget(Process sh, BufferedReader in, PrintWriter out, long pid) {
        this.sh = sh;
        this.in = in;
        this.out = out;
        this.pid = pid;
    }

    /** Starts a target of {@code threads} threads whose gap thread spins or sleeps ({@code mode}). */
    static GapTarget start(int threads, String mode) throws IOException, InterruptedException {
        Path exe = Native.build("capture/src/test/c/gaptarget.c", "gaptarget", List.of("-pthread"));
        // fd 3 keeps our pipe: sh gives a background job /dev/null as stdin unless redirected.
        Process sh = new ProcessBuilder("sh", "-c", "exec 3<&0; '" + exe + "' " + threads + " " + mode
                + " <&3 3<&- & wait").start();
        BufferedReader in = new BufferedReader(new InputStreamReader(sh.getInputStream(), StandardCharsets.UTF_8));
        PrintWriter out = new PrintWriter(sh.getOutputStream(), true, StandardCharsets.UTF_8);
        String ready = in.readLine();
        if (ready == null || !ready.startsWith("ready ")) {
            sh.destroyForcibly();
            throw new IOException("gaptarget did not start: " + ready + " "
                    + new String(sh.getErrorStream().readAllBytes(), StandardCharsets.UTF_8));
        }
        return new GapTarget(sh, in, out, Long.parseLong(ready.substring(6).strip()));
    }

    long pid() {
        return pid;
    }

    /** The longest gap overlapping [from, to] (CLOCK_MONOTONIC ns). */
    Gap gap(long from, long to) throws IOException {
        String[] f = ask("gap " + from + " " + to, "gap ").split(" ");
        return new Gap(Long.parseLong(f[1]), Long.parseLong(f[2]), Long.parseLong(f[3]));
    }

    /** The longest gap overlapping each of {@code n} consecutive windows of {@code len} ns from {@code from}. */
    List<Double> gapsMillis(long from, long len, int n) throws IOException {
        String[] f = ask("gaps " + from + " " + len + " " + n, "gaps").split(" ");
        List<Double> out = new ArrayList<>(n);
        for (int i = 1; i < f.length; i++) {
            out.add(Long.parseLong(f[i]) / 1e6);
        }
        return out;
    }

    private String ask(String command, String prefix) throws IOException {
        out.println(command);
        String line = in.readLine();
        if (line == null || !line.startsWith(prefix)) {
            throw new IOException("gaptarget answered '" + line + "' to '" + command + "'");
        }
        return line;
    }

    @Override
    public void close() {
        out.println("quit");
        ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
        sh.destroyForcibly();
    }

    /** Builds the bench's C programs into bench/target/native when their source is newer. */
    static final class Native {
        private Native() {
        }

        static Path build(String source, String name, List<String> flags) throws IOException, InterruptedException {
            Path src = TestData.repoFile(source);
            Path dir = TestData.root().resolve("bench/target/native");
            Path exe = dir.resolve(name);
            if (Files.exists(exe) && Files.getLastModifiedTime(exe).compareTo(Files.getLastModifiedTime(src)) > 0) {
                return exe;
            }
            Files.createDirectories(dir);
            List<String> cmd = new ArrayList<>(List.of("gcc", "-O2", "-Wall"));
            cmd.addAll(flags);
            cmd.addAll(List.of("-o", exe.toString(), src.toString()));
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (p.waitFor() != 0) {
                throw new IOException(String.join(" ", cmd) + " failed: " + text);
            }
            return exe;
        }
    }
}
