package dev.crashkit.capture;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

/**
 * The gap target (capture/src/test/c/gaptarget.c) as a running process: started through sh so
 * that it is not this JVM's child (the JDK's reaper thread waits for children and would see their
 * ptrace stops), and asked over its stdin for the pauses it logged.
 */
final class GapFixture implements AutoCloseable {
    private final Process sh;
    private final BufferedReader in;
    private final PrintWriter out;
    private final long pid;

    private GapFixture(Process sh, BufferedReader in, PrintWriter out, long pid) {
        this.sh = sh;
        this.in = in;
        this.out = out;
        this.pid = pid;
    }

    /** {@code args}: threads, spin|sleep, optionally churn. */
    static GapFixture start(String... args) throws IOException, InterruptedException {
        String exe = NativeFixture.gapTarget().toString();
        // fd 3 keeps our pipe: sh gives a background job /dev/null as stdin unless redirected.
        Process sh = new ProcessBuilder("sh", "-c", "exec 3<&0; '" + exe + "' " + String.join(" ", args)
                + " <&3 3<&- & wait").redirectErrorStream(true).start();
        BufferedReader in = new BufferedReader(new InputStreamReader(sh.getInputStream(), StandardCharsets.UTF_8));
        PrintWriter out = new PrintWriter(sh.getOutputStream(), true, StandardCharsets.UTF_8);
        String ready = in.readLine();
        if (ready == null || !ready.startsWith("ready ")) {
            sh.destroyForcibly();
            throw new IOException("gaptarget did not start: " + ready);
        }
        return new GapFixture(sh, in, out, Long.parseLong(ready.substring(6).strip()));
    }

    long pid() {
        return pid;
    }

    /** The longest gap (ns) the target logged overlapping [from, to] in CLOCK_MONOTONIC ns. */
    long longestGap(long from, long to) throws IOException {
        return Long.parseLong(ask("gap " + from + " " + to).split(" ")[1]);
    }

    /** The target's clock: it answers, so its main thread runs. */
    long now() throws IOException {
        return Long.parseLong(ask("now").split(" ")[1]);
    }

    boolean alive() {
        return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
    }

    private String ask(String command) throws IOException {
        out.println(command);
        String line = in.readLine();
        if (line == null) {
            throw new IOException("gaptarget closed its output after '" + command + "'");
        }
        return line;
    }

    @Override
    public void close() throws InterruptedException {
        ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
        sh.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
    }
}
