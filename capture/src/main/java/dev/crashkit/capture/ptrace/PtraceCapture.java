package dev.crashkit.capture.ptrace;

import dev.crashkit.capture.jvm.JavaThreads;
import dev.crashkit.capture.linux.ImageCodeMap;
import dev.crashkit.capture.linux.Images;
import dev.crashkit.capture.linux.ProcMaps;
import dev.crashkit.capture.linux.ProcessMemory;
import dev.crashkit.capture.linux.Ptrace;
import dev.crashkit.capture.linux.PtracePermission;
import dev.crashkit.capture.linux.StackCopy;
import dev.crashkit.capture.linux.Task;
import dev.crashkit.capture.report.CapturedThread;
import dev.crashkit.capture.report.JavaThread;
import dev.crashkit.capture.report.LoadedImage;
import dev.crashkit.capture.report.Snapshot;
import dev.crashkit.capture.report.StackWindow;
import dev.crashkit.core.model.Arch;
import dev.crashkit.core.unwind.ByteMemory;
import dev.crashkit.core.unwind.Unwinder;
import dev.crashkit.core.unwind.UnwoundFrame;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The exact tier: stops every thread of another process with ptrace (SEIZE + INTERRUPT), reads
 * its registers and copies its stack window, detaches at once, and only then unwinds, with the
 * {@code .eh_frame} of the very files the process has mapped (libc included), falling back to
 * frame pointers and a validated scan. The target is paused only for the copying.
 */
public final class PtraceCapture {
    private static final int MAX_ROUNDS = 4;
    /** A thread that has not stopped by then is reported without frames rather than waited for. */
    private static final long STOP_TIMEOUT_NANOS = 1_000_000_000L;

    /** What to record besides native frames. */
    public record Options(int stackWindow, boolean keepStacks, boolean javaThreads) {
        public static Options defaults() {
            return new Options(64 * 1024, false, false);
        }
    }

    /** A snapshot and how long the target was paused (first stop to last detach). */
    public record Result(Snapshot snapshot, long pauseNanos, int threadsStopped) {
    }

    /** Attaching was refused; the message says why and what to change. */
    public static final class RefusedException extends IOException {
        public RefusedException(String message) {
            super(message);
        }
    }

    private record Stopped(long tid, byte[] regs, StackWindow stack) {
    }

    private PtraceCapture() {
    }

    public static Result capture(int pid, Options options) throws IOException {
        dev.crashkit.capture.linux.Platform.require();
        List<Task> tasks = Task.list(pid);
        if (tasks.isEmpty()) {
            throw new IOException("process " + pid + " has no threads (exited?)");
        }
        // Read before stopping anything: the map gives stack bounds; the syscall files say which
        // thread (if any) waits for us, i.e. the thread that ran -XX:OnError.
        ProcMaps maps = ProcMaps.read(pid);
        long waiting = waitingForUs(tasks, pid);
        ProcessMemory memory = new ProcessMemory(pid);
        Ptrace pt = new Ptrace();
        pt.warmUp();
        // Load and link the stack-copy path too (one read of our own stack).
        StackCopy.window(new ProcessMemory((int) ProcessHandle.current().pid()), ProcMaps.read(
                (int) ProcessHandle.current().pid()), 0, 16);
        X86Registers.byName(new byte[Ptrace.REGS_SIZE]);
        Map<Long, Stopped> stopped = new LinkedHashMap<>();
        List<Long> seized = new ArrayList<>();
        long t0 = System.nanoTime();
        long t1;
        try {
            Set<Long> seen = new HashSet<>();
            List<Long> round = tasks.stream().map(Task::tid).toList();
            for (int r = 0; r < MAX_ROUNDS && !round.isEmpty(); r++) {
                List<Long> fresh = new ArrayList<>();
                for (long tid : round) {
                    if (!seen.add(tid)) {
                        continue;
                    }
                    int err = pt.seize(tid);
                    if (err == 0) {
                        seized.add(tid);
                        fresh.add(tid);
                    } else if (err != 3 && seized.isEmpty()) {
                        throw new RefusedException(PtracePermission.explain(pid, err));
                    }
                }
                for (long tid : fresh) {
                    pt.interrupt(tid);
                }
                for (long tid : fresh) {
                    if (!pt.waitStop(tid, STOP_TIMEOUT_NANOS)) {
                        continue;
                    }
                    byte[] regs = pt.registers(tid);
                    if (regs == null) {
                        continue;
                    }
                    long sp = X86Registers.byName(regs).get("rsp");
                    StackWindow w = StackCopy.window(memory, maps, sp, options.stackWindow());
                    stopped.put(tid, new Stopped(tid, regs, w));
                }
                // Threads started while we attached: catch them in another round.
                round = Task.tids(pid).stream().filter(t -> !seen.contains(t)).toList();
            }
        } finally {
            for (long tid : seized) {
                pt.detach(tid);
            }
            t1 = System.nanoTime();
        }
        // Names and states of threads that appeared while attaching, read now that the target runs.
        List<Task> after = new ArrayList<>(tasks);
        Set<Long> known = new HashSet<>(tasks.stream().map(Task::tid).toList());
        for (Task t : Task.list(pid)) {
            if (known.add(t.tid())) {
                after.add(t);
            }
        }
        return new Result(unwind(pid, after, maps, memory, stopped, waiting, options), t1 - t0, stopped.size());
    }

    private static Snapshot unwind(int pid, List<Task> tasks, ProcMaps maps, ProcessMemory memory,
                                   Map<Long, Stopped> stopped, long waiting, Options options) {
        List<LoadedImage> images = Images.remote(pid, maps, memory);
        ImageCodeMap code = new ImageCodeMap(images, maps, memory, ImageCodeMap.newCache());
        Map<Long, JavaThread> java = options.javaThreads() ? jcmdThreads(pid) : Map.of();
        List<CapturedThread> threads = new ArrayList<>();
        Set<Long> listed = new HashSet<>();
        Map<Long, Task> byTid = new java.util.HashMap<>();
        for (Task t : tasks) {
            byTid.put(t.tid(), t);
        }
        for (Stopped s : stopped.values()) {
            listed.add(s.tid());
            Task task = byTid.getOrDefault(s.tid(), new Task(s.tid(), "?", '?', ""));
            ByteMemory stack = new ByteMemory(s.stack().base(), s.stack().bytes());
            List<UnwoundFrame> frames = new Unwinder(stack.over(memory), code)
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
        String name = images.isEmpty() ? "pid " + pid : images.get(0).name();
        Optional<String> reason = waiting >= 0 ? Optional.of("captured by a helper the process started "
                + "(thread " + waiting + " waits for it, e.g. -XX:OnError)") : Optional.of("snapshot of pid " + pid);
        return new Snapshot(pid, name, Arch.Known.X86_64, "Linux " + System.getProperty("os.version", ""),
                Instant.now().toString(), reason, waiting >= 0 ? Optional.of(waiting) : Optional.empty(), images,
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
