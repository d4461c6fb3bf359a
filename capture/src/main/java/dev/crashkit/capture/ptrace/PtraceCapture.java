package dev.crashkit.capture.ptrace;

import dev.crashkit.capture.jvm.JavaThreads;
import dev.crashkit.capture.linux.ImageCodeMap;
import dev.crashkit.capture.linux.Images;
import dev.crashkit.capture.linux.OwnThreads;
import dev.crashkit.capture.linux.ProcMaps;
import dev.crashkit.capture.linux.ProcessMemory;
import dev.crashkit.capture.linux.PtracePermission;
import dev.crashkit.capture.linux.Task;
import dev.crashkit.capture.linux.WorldStop;
import dev.crashkit.capture.report.CapturedThread;
import dev.crashkit.capture.report.IsoInstant;
import dev.crashkit.capture.report.JavaThread;
import dev.crashkit.capture.report.LoadedImage;
import dev.crashkit.capture.report.Snapshot;
import dev.crashkit.capture.timing.Phases;
import dev.crashkit.core.model.Arch;
import dev.crashkit.core.unwind.ByteMemory;
import dev.crashkit.core.unwind.Unwinder;
import dev.crashkit.core.unwind.UnwoundFrame;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The exact tier: stops every thread of another process with ptrace (SEIZE + INTERRUPT), reads
 * its registers and copies its stack window, detaches at once, and only then unwinds, with the
 * {@code .eh_frame} of the very files the process has mapped (libc included), falling back to
 * frame pointers and a validated scan. The target is paused only for the copying
 * ({@link WorldStop}); everything that can be done before or after the pause is.
 */
public final class PtraceCapture {
    /**
     * What to record besides native frames, and how.
     *
     * @param lowerOwnCompilers give this JVM's JIT compiler threads the lowest priority before the
     *                          pause (for a process that exists to capture, like the CLI; it cannot
     *                          be undone without privileges)
     */
    public record Options(int stackWindow, boolean keepStacks, boolean javaThreads, boolean lowerOwnCompilers) {
        public static Options defaults() {
            return new Options(64 * 1024, false, false, false);
        }
    }

    /**
     * A snapshot and how long the target was paused (first stop to last detach).
     *
     * @param pauseStart  {@link System#nanoTime()} at the first stop: CLOCK_MONOTONIC on Linux, so
     *                    comparable with the target's own clock readings
     * @param phases      wall time of the whole capture by phase: before the pause, the pause, after
     * @param pausePhases time inside the pause by kind of work
     */
    public record Result(Snapshot snapshot, long pauseStart, long pauseNanos, int threadsStopped,
                         List<Phases.Phase> phases, List<Phases.Phase> pausePhases) {
        public Result {
            phases = List.copyOf(phases);
            pausePhases = List.copyOf(pausePhases);
        }
    }

    /** Attaching was refused; the message says why and what to change. */
    public static final class RefusedException extends IOException {
        public RefusedException(String message) {
            super(message);
        }
    }

    private PtraceCapture() {
    }

    public static Result capture(int pid, Options options) throws IOException {
        dev.crashkit.capture.linux.Platform.require();
        Phases phases = Phases.start();
        WorldStop.bind();
        phases.mark("jna");
        List<Task> tasks = Task.list(pid);
        if (tasks.isEmpty()) {
            throw new IOException("process " + pid + " has no threads (exited?)");
        }
        // Read before stopping anything: the map gives stack bounds; the syscall files say which
        // thread (if any) waits for us, i.e. the thread that ran -XX:OnError.
        ProcMaps maps = ProcMaps.read(pid);
        long waiting = waitingForUs(tasks, pid);
        List<Long> tids = stopOrder(tasks);
        phases.mark("proc");
        WorldStop.Result stop;
        if (options.lowerOwnCompilers()) {
            OwnThreads.lowerCompilerThreads();
        }
        try (WorldStop world = WorldStop.prepare(pid, tids, maps, options.stackWindow())) {
            phases.mark("buffers");
            stop = world.run();
        } catch (WorldStop.Refused e) {
            throw new RefusedException(PtracePermission.explain(pid, e.errno()));
        }
        phases.mark("stop+copy");
        // Names and states of threads that appeared while attaching, read now that the target runs.
        List<Task> after = new ArrayList<>(tasks);
        Set<Long> known = new HashSet<>(tids);
        for (Task t : Task.list(pid)) {
            if (known.add(t.tid())) {
                after.add(t);
            }
        }
        Snapshot snapshot = unwind(pid, after, maps, new ProcessMemory(pid), stop.stopped(), waiting, options, phases);
        return new Result(snapshot, stop.start(), stop.nanos(), stop.stopped().size(), phases.phases(), stop.phases());
    }

    /**
     * The order to stop threads in: running ones first (stopping them frees the CPU the others need
     * to reach their stops; {@link WorldStop} resumes them last), then the rest, each group by tid.
     */
    static List<Long> stopOrder(List<Task> tasks) {
        List<Long> tids = new ArrayList<>(tasks.size());
        for (Task t : tasks) {
            if (t.state() == 'R') {
                tids.add(t.tid());
            }
        }
        for (Task t : tasks) {
            if (t.state() != 'R') {
                tids.add(t.tid());
            }
        }
        return tids;
    }

    private static Snapshot unwind(int pid, List<Task> tasks, ProcMaps maps, ProcessMemory memory,
                                   List<WorldStop.Stopped> stopped, long waiting, Options options, Phases phases) {
        List<LoadedImage> images = Images.remote(pid, maps, memory);
        ImageCodeMap code = new ImageCodeMap(images, maps, memory, ImageCodeMap.newCache());
        phases.mark("images");
        Map<Long, JavaThread> java = options.javaThreads() ? jcmdThreads(pid) : Map.of();
        if (options.javaThreads()) {
            phases.mark("java threads");
        }
        List<CapturedThread> threads = new ArrayList<>();
        Set<Long> listed = new HashSet<>();
        Map<Long, Task> byTid = new java.util.HashMap<>();
        for (Task t : tasks) {
            byTid.put(t.tid(), t);
        }
        for (WorldStop.Stopped s : stopped) {
            listed.add(s.tid());
            Task task = byTid.getOrDefault(s.tid(), new Task(s.tid(), "?", '?', ""));
            ByteMemory stack = new ByteMemory(s.stack().base(), s.stack().bytes());
            List<UnwoundFrame> frames = Unwinder.forArch(Arch.Known.X86_64, stack.over(memory), code).orElseThrow()
                    .unwind(X86Registers.dwarf(s.regs()), stack.end());
            threads.add(new CapturedThread(s.tid(), task.name(), task.state(), "stopped",
                    s.tid() == waiting, X86Registers.byName(s.regs()), frames,
                    options.keepStacks() ? Optional.of(s.stack()) : Optional.empty(),
                    Optional.ofNullable(java.get(s.tid()))));
        }
        for (Task t : tasks) {
            if (!listed.contains(t.tid())) {
                threads.add(new CapturedThread(t.tid(), t.name(), t.state(), "not stopped (exited while attaching?)",
                        false, Map.of(), List.of(), Optional.empty(), Optional.empty()));
            }
        }
        threads.sort((a, b) -> Long.compare(a.tid(), b.tid()));
        phases.mark("unwind");
        String name = images.isEmpty() ? "pid " + pid : images.get(0).name();
        Optional<String> reason = waiting >= 0 ? Optional.of("captured by a helper the process started "
                + "(thread " + waiting + " waits for it, e.g. -XX:OnError)") : Optional.of("snapshot of pid " + pid);
        return new Snapshot(pid, name, Arch.Known.X86_64, "Linux " + System.getProperty("os.version", ""),
                IsoInstant.format(Instant.now()), reason, waiting >= 0 ? Optional.of(waiting) : Optional.empty(), images,
                threads, Map.of(), Optional.empty());
    }

    /**
     * The thread blocked in wait4 on this process or one of our ancestors below the target (the
     * target ran us, often through {@code /bin/sh -c}, and waits), or -1.
     */
    private static long waitingForUs(List<Task> tasks, int target) {
        Set<Long> ours = new HashSet<>();
        Optional<ProcessHandle> h = Optional.of(ProcessHandle.current());
        for (int i = 0; i < 4 && h.isPresent() && h.get().pid() != target; i++) {
            ours.add(h.get().pid());
            h = h.get().parent();
        }
        for (Task t : tasks) {
            String[] f = t.syscall().split(" ");
            // wait4 is system call 61 on x86-64; its first argument is the awaited pid.
            if (f.length > 1 && f[0].equals("61")) {
                try {
                    String a = f[1].startsWith("0x") ? f[1].substring(2) : f[1];
                    if (ours.contains(Long.parseUnsignedLong(a, 16))) {
                        return t.tid();
                    }
                } catch (NumberFormatException e) {
                    // not a wait on us
                }
            }
        }
        return -1;
    }

    /** Java threads of a HotSpot target through {@code jcmd <pid> Thread.print}; empty when unavailable. */
    private static Map<Long, JavaThread> jcmdThreads(int pid) {
        try {
            Process p = new ProcessBuilder(java.nio.file.Path.of(System.getProperty("java.home"), "bin", "jcmd")
                    .toString(), Integer.toString(pid), "Thread.print").redirectErrorStream(true).start();
            byte[] out = p.getInputStream().readAllBytes();
            if (!p.waitFor(30, java.util.concurrent.TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return Map.of();
            }
            return JavaThreads.parse(new String(out, java.nio.charset.StandardCharsets.UTF_8));
        } catch (IOException e) {
            return Map.of();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Map.of();
        }
    }
}
