package dev.crashkit.capture.linux;

import dev.crashkit.capture.jvm.JavaThreads;
import dev.crashkit.capture.jvm.PerfMap;
import dev.crashkit.capture.report.CapturedThread;
import dev.crashkit.capture.report.IsoInstant;
import dev.crashkit.capture.report.JavaThread;
import dev.crashkit.capture.report.LoadedImage;
import dev.crashkit.capture.report.Snapshot;
import dev.crashkit.capture.report.StackWindow;
import dev.crashkit.capture.timing.Phases;
import dev.crashkit.core.model.Arch;
import dev.crashkit.core.unwind.ByteMemory;
import dev.crashkit.core.unwind.FdeIndex;
import dev.crashkit.core.unwind.Registers;
import dev.crashkit.core.unwind.Unwinder;
import dev.crashkit.core.unwind.UnwoundFrame;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Snapshot of this JVM's threads from inside it. The calling thread is unwound by libunwind;
 * every thread blocked in a system call is unwound from the PC/SP the kernel shows in
 * {@code /proc/self/task/<tid>/syscall} over a copy of its stack; running threads are listed with
 * no frames. Not atomic: threads move while others are read.
 */
public final class InProcessCapture {
    /** Largest stack window copied per thread. */
    public static final int STACK_WINDOW = 64 * 1024;
    private static final Map<String, Optional<FdeIndex>> CFI_CACHE = ImageCodeMap.newCache();

    /** What to record besides native frames. */
    public record Options(boolean javaThreads, boolean jitNames, boolean keepStacks) {
        public static Options defaults() {
            return new Options(true, false, false);
        }
    }

    private InProcessCapture() {
    }

    /**
     * Records every thread of this process.
     *
     * @param reason        why (an exception's summary, "snapshot" ...)
     * @param crashedThread tid of the thread to mark crashed, or -1
     */
    public static Snapshot snapshot(Options options, Optional<String> reason, long crashedThread,
                                    Optional<String> exception) throws IOException {
        return snapshot(options, reason, crashedThread, exception, Phases.start());
    }

    /** As above, recording the time each phase took into {@code phases} (for the bench). */
    public static Snapshot snapshot(Options options, Optional<String> reason, long crashedThread,
                                    Optional<String> exception, Phases phases) throws IOException {
        Platform.require();
        int pid = LinuxNative.getpid();
        long self = LinuxNative.gettid();
        phases.mark("jna");
        List<UnwoundFrame> currentFrames = CurrentThreadStack.capture();
        phases.mark("current thread");
        // Every read goes through process_vm_readv, code and CFI included: a library can be
        // unloaded while we look (JNA dlcloses libraries whose NativeLibrary was collected), and a
        // direct read of it would crash the JVM. CFI parses are cached across snapshots instead.
        ProcessMemory memory = ProcessMemory.self();
        ProcMaps maps = ProcMaps.read(pid);
        phases.mark("maps");
        List<LoadedImage> images = Images.self(memory);
        ImageCodeMap code = new ImageCodeMap(images, maps, memory, CFI_CACHE);
        phases.mark("images");
        Map<Long, JavaThread> java = options.javaThreads() ? JavaThreads.dump(memory) : Map.of();
        phases.mark("java threads");
        List<CapturedThread> threads = new ArrayList<>();
        List<Task> tasks = Task.list(pid);
        phases.mark("tasks");
        for (Task t : tasks) {
            Optional<JavaThread> jt = Optional.ofNullable(java.get(t.tid()));
            boolean crashed = t.tid() == crashedThread;
            if (t.tid() == self) {
                threads.add(new CapturedThread(t.tid(), t.name(), t.state(), "current", crashed, Map.of(),
                        currentFrames, Optional.empty(), jt));
                continue;
            }
            if (t.pc().isEmpty() || t.sp().isEmpty()) {
                threads.add(new CapturedThread(t.tid(), t.name(), t.state(), t.running() ? "running" : "unknown",
                        crashed, Map.of(), List.of(), Optional.empty(), jt));
                continue;
            }
            long pc = t.pc().getAsLong();
            long sp = t.sp().getAsLong();
            StackWindow window = StackCopy.window(memory, maps, sp, STACK_WINDOW);
            ByteMemory stack = new ByteMemory(window.base(), window.bytes());
            Registers regs = new Registers().set(Registers.X86_64_RA, pc).set(Registers.X86_64_RSP, sp);
            List<UnwoundFrame> frames = Unwinder.forArch(Arch.Known.X86_64, stack.over(memory), code).orElseThrow().unwind(regs, stack.end());
            threads.add(new CapturedThread(t.tid(), t.name(), t.state(), "blocked", crashed,
                    Map.of("rip", pc, "rsp", sp), frames,
                    options.keepStacks() ? Optional.of(window) : Optional.empty(), jt));
        }
        phases.mark("unwind");
        Map<Long, Snapshot.JitSymbol> jit = Map.of();
        if (options.jitNames() && PerfMap.refresh()) {
            jit = PerfMap.read(pid);
        }
        phases.mark("jit names");
        Snapshot snapshot = new Snapshot(pid, processName(images), Arch.Known.X86_64, osName(),
                IsoInstant.format(Instant.now()), reason,
                crashedThread >= 0 ? Optional.of(crashedThread) : Optional.empty(), images, threads, jit, exception);
        phases.mark("snapshot");
        return snapshot;
    }

    /** This thread's OS id. */
    public static long currentTid() {
        return LinuxNative.gettid();
    }

    static String processName(List<LoadedImage> images) {
        return images.isEmpty() ? "unknown" : images.get(0).name();
    }

    static String osName() {
        return "Linux " + System.getProperty("os.version", "");
    }
}
