package dev.crashkit.capture;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * A {@link BusyJvm} child process, started through {@code sh -c '… & wait'} so that the JVM is not
 * our direct child (as an attached-to process usually is not), and killed on close.
 */
final class RunningBusyJvm implements AutoCloseable {
    private final Process sh;
    private final ProcessHandle target;

    private RunningBusyJvm(Process sh, ProcessHandle target) {
        this.sh = sh;
        this.target = target;
    }

    /** Starts one and waits until all its threads are blocked ("ready PID"). */
    static RunningBusyJvm start() throws IOException, InterruptedException {
        Process sh = new ProcessBuilder("sh", "-c", "'" + java() + "' -cp '" + classpath() + "' "
                + BusyJvm.class.getName() + " & wait").redirectErrorStream(true).start();
        try {
            String ready = new BufferedReader(new InputStreamReader(sh.getInputStream(), StandardCharsets.UTF_8))
                    .readLine();
            if (ready == null || !ready.startsWith("ready ")) {
                throw new IOException("BusyJvm says " + ready);
            }
            return new RunningBusyJvm(sh, ProcessHandle.of(Long.parseLong(ready.substring(6).strip())).orElseThrow());
        } catch (IOException | RuntimeException e) {
            sh.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            throw e;
        }
    }

    long pid() {
        return target.pid();
    }

    static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    static String classpath() {
        return System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
    }

    @Override
    public void close() throws InterruptedException {
        target.destroyForcibly();
        sh.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
    }
}
