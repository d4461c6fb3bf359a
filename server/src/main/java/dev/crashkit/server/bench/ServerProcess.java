package dev.crashkit.server.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** crashkit-server as a child process (so that it can be killed with SIGKILL). */
public final class ServerProcess implements AutoCloseable {
    private static final Pattern LISTENING = Pattern.compile("listening on http://[^:]+:(\\d+)/");
    private final Process process;
    private final int port;

    private ServerProcess(Process process, int port) {
        this.process = process;
        this.port = port;
    }

    /** Starts {@code ServerMain} with this JVM's class path on a free port; waits until it listens. */
    public static ServerProcess start(Path data, List<String> extraArgs) throws IOException, InterruptedException {
        return start(data, List.of("-Xmx1g"), extraArgs);
    }

    /** As {@link #start(Path, List)}, with these JVM options (e.g. a small {@code -Xmx}). */
    public static ServerProcess start(Path data, List<String> jvmOptions, List<String> extraArgs)
            throws IOException, InterruptedException {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        List<String> cmd = new ArrayList<>(List.of(java.toString()));
        cmd.addAll(jvmOptions);
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"),
                "dev.crashkit.server.ServerMain", "--port", "0", "--data", data.toString()));
        cmd.addAll(extraArgs);
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        CompletableFuture<Integer> port = new CompletableFuture<>();
        StringBuilder seen = new StringBuilder();
        Thread reader = new Thread(() -> {
            try {
                String line;
                while ((line = out.readLine()) != null) {
                    Matcher m = LISTENING.matcher(line);
                    if (m.find()) {
                        port.complete(Integer.parseInt(m.group(1)));
                    } else if (!port.isDone()) {
                        seen.append(line).append('\n');
                    }
                }
            } catch (IOException e) {
                // the process ended
            }
            port.completeExceptionally(new IOException("the server stopped before listening:\n" + seen));
        }, "server-output");
        reader.setDaemon(true);
        reader.start();
        try {
            return new ServerProcess(p, port.get(120, TimeUnit.SECONDS));
        } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
            p.destroyForcibly();
            throw new IOException("crashkit-server did not start: " + e.getMessage(), e);
        }
    }

    public int port() {
        return port;
    }

    public long pid() {
        return process.pid();
    }

    /** CPU time (user + system) the server process used so far; zero where the platform does not say. */
    public java.time.Duration cpu() {
        return process.toHandle().info().totalCpuDuration().orElse(java.time.Duration.ZERO);
    }

    /**
     * CPU time (user + system) of the server's threads so far, summed by thread name with digits dropped
     * ({@code crashkit-symbolicate-#}, {@code JettyServerThreadPool-#}, {@code C2 CompilerThre}, ...), from
     * {@code /proc/PID/task} (Linux; empty elsewhere). Names are the kernel's, cut to 15 characters; threads
     * that ended are not counted.
     */
    public java.util.Map<String, java.time.Duration> cpuByThread() {
        return threadCpu(process.pid());
    }

    /** As {@link #cpuByThread()}, for any process (the bench's own JVM: {@code ProcessHandle.current().pid()}). */
    public static java.util.Map<String, java.time.Duration> threadCpu(long pid) {
        java.util.Map<String, java.time.Duration> out = new java.util.TreeMap<>();
        Path tasks = Path.of("/proc", Long.toString(pid), "task");
        // Linux's clock ticks per second (USER_HZ) is 100 on every architecture the JDK runs on.
        long nanosPerTick = 10_000_000L;
        try (java.util.stream.Stream<Path> list = java.nio.file.Files.list(tasks)) {
            for (Path task : (Iterable<Path>) list::iterator) {
                try {
                    String stat = java.nio.file.Files.readString(task.resolve("stat"));
                    int open = stat.indexOf('(');
                    int close = stat.lastIndexOf(')');
                    String name = stat.substring(open + 1, close).replaceAll("\\d+", "#");
                    String[] fields = stat.substring(close + 2).split(" ");
                    // After "(comm) ": state is field 3 of stat(5), utime 14 and stime 15.
                    long ticks = Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
                    out.merge(name, java.time.Duration.ofNanos(ticks * nanosPerTick), java.time.Duration::plus);
                } catch (IOException | RuntimeException e) {
                    // the thread ended while listing
                }
            }
        } catch (IOException e) {
            return java.util.Map.of();
        }
        return out;
    }

    /** SIGKILL: no shutdown hook, no flush, nothing. */
    public void kill9() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor(30, TimeUnit.SECONDS);
    }

    /** SIGSTOP: the process hangs (its claims stop being renewed, its connections stay open) until {@link #resume}. */
    public void pause() throws IOException, InterruptedException {
        signal("STOP");
    }

    /** SIGCONT after {@link #pause}. */
    public void resume() throws IOException, InterruptedException {
        signal("CONT");
    }

    private void signal(String name) throws IOException, InterruptedException {
        Process kill = new ProcessBuilder("kill", "-" + name, Long.toString(process.pid())).inheritIO().start();
        if (kill.waitFor() != 0) {
            throw new IOException("kill -" + name + " " + process.pid() + " failed");
        }
    }

    @Override
    public void close() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(30, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
        }
    }
}
