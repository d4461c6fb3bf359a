package dev.crashkit.capture.linux;

import com.sun.jna.Memory;
import com.sun.jna.Native;
import com.sun.jna.Pointer;
import dev.crashkit.capture.report.StackWindow;
import dev.crashkit.capture.timing.Phases;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.locks.LockSupport;

/**
 * The stop-the-world window of the exact tier, and nothing else: SEIZE and INTERRUPT every thread,
 * wait for each stop, read its registers and copy its stack window, detach. Everything that can
 * happen earlier does ({@link #prepare}): the native functions are bound and called once, the
 * buffers (one native arena for registers and stacks) are allocated and touched, the map is read.
 * Inside the window the loop allocates no Java objects in the common case (no GC, no class
 * loading), copies straight into native memory, and copies to Java arrays only after the detach.
 * All calls must come from one Java thread: Linux ties a tracee to the tracing thread.
 */
public final class WorldStop implements AutoCloseable {
    /** Size of x86-64 {@code struct user_regs_struct}, and the offset of {@code rsp} in it. */
    public static final int REGS_SIZE = 216;
    private static final int RSP = 152;
    private static final int ESRCH = 3;
    private static final int MAX_ROUNDS = 4;
    /** A thread that has not stopped by then is reported without frames rather than waited for. */
    private static final long STOP_TIMEOUT_NANOS = 1_000_000_000L;
    /** Poll without sleeping this long: threads blocked in a system call stop within microseconds. */
    private static final long SPIN_NANOS = 50_000;
    /** Then sleep this long between polls (timer slack lowered for the window), giving the CPU to the target. */
    private static final long POLL_SLEEP_NANOS = 20_000;
    private static final long ARENA_LIMIT = 32L << 20;
    private static final byte PENDING = 0;
    private static final byte STOPPED = 1;
    private static final byte GONE = 2;

    /** A stopped thread's registers ({@code user_regs_struct}) and stack window. */
    public record Stopped(long tid, byte[] regs, StackWindow stack) {
    }

    /**
     * What the window recorded.
     *
     * @param start  {@link System#nanoTime()} at the first SEIZE (CLOCK_MONOTONIC on Linux)
     * @param nanos  first SEIZE to last DETACH
     * @param phases time inside the window by kind (waiting, registers, stacks ... summed over threads)
     */
    public record Result(List<Stopped> stopped, long start, long nanos, List<Phases.Phase> phases, int rounds) {
    }

    /** The kernel refused to let us trace the process; {@code errno} says why. */
    public static final class Refused extends IOException {
        private final int errno;

        Refused(int errno) {
            super("PTRACE_SEIZE failed with errno " + errno);
            this.errno = errno;
        }

        public int errno() {
            return errno;
        }
    }

    private final int pid;
    private final ProcMaps maps;
    private final int window;
    private final long[] initial;
    private final long[] initialSorted;
    private final Memory scratch = new Memory(64); // waitpid status at 0, iovecs at 16 and 32
    private final Cursor cursor = new Cursor();
    private final long statusAddr;
    private final long iovAddr;
    private final List<Memory> blocks = new ArrayList<>();
    private long blockAddr;
    private long blockSize;
    private long blockUsed;
    // Threads seized so far and their state; grown only when threads appear during the window.
    private long[] seized;
    private byte[] state;
    private int nSeized;
    // Stopped threads: where their registers and stack bytes are in the arena.
    private long[] slotTid;
    private long[] slotRegs;
    private long[] slotSp;
    private long[] slotStack;
    private int[] slotLen;
    private int nSlots;
    private long seizeNs;
    private long interruptNs;
    private long waitNs;
    private long regsNs;
    private long stacksNs;
    private long recountNs;

    private WorldStop(int pid, List<Long> tids, ProcMaps maps, int window) {
        this.pid = pid;
        this.maps = maps;
        this.window = window;
        this.initial = tids.stream().mapToLong(Long::longValue).toArray();
        this.initialSorted = initial.clone();
        Arrays.sort(initialSorted);
        this.statusAddr = Pointer.nativeValue(scratch);
        this.iovAddr = statusAddr + 16;
        int capacity = initial.length + 64;
        seized = new long[capacity];
        state = new byte[capacity];
        slotTid = new long[capacity];
        slotRegs = new long[capacity];
        slotSp = new long[capacity];
        slotStack = new long[capacity];
        slotLen = new int[capacity];
    }

    /** Loads and binds the native library (JNA) now, so that callers can time it apart. */
    public static void bind() {
        LinuxNative.getpid();
    }

    /**
     * Everything before the first stop: buffers for {@code tids} (touched, so that no page fault
     * lands in the window) and one call of every native function and Java path the window uses.
     * Threads are stopped in the order of {@code tids} and resumed in the reverse order: list
     * running threads first.
     */
    public static WorldStop prepare(int pid, List<Long> tids, ProcMaps maps, int window) {
        WorldStop w = new WorldStop(pid, tids, maps, window);
        w.newBlock(Math.min(ARENA_LIMIT, (long) (tids.size() + 4) * (window + REGS_SIZE + 16)));
        w.warmUp();
        return w;
    }

    private void warmUp() {
        // Pids that cannot exist fail at once; -1 for waitpid would reap one of this JVM's children.
        int nobody = Integer.MAX_VALUE;
        LinuxNative.ptrace(LinuxNative.PTRACE_SEIZE, nobody, 0, 0L);
        LinuxNative.ptrace(LinuxNative.PTRACE_INTERRUPT, nobody, 0, 0L);
        LinuxNative.waitpid(nobody, statusAddr, LinuxNative.WALL | LinuxNative.WNOHANG);
        LinuxNative.ptrace(LinuxNative.PTRACE_GETREGS, nobody, 0, blockAddr);
        LinuxNative.ptrace(LinuxNative.PTRACE_DETACH, nobody, 0, 0L);
        Native.getLastError();
        // The copy path, on our own memory.
        long scratchAt = alloc(16);
        readInto(LinuxNative.getpid(), scratchAt, statusAddr, 16);
        maps.endOf(statusAddr);
        Task.countHint(pid);
        cursor.at(scratchAt).getLong(0);
        LockSupport.parkNanos(1);
        Thread.onSpinWait();
        LinuxNative.prctl(LinuxNative.PR_GET_TIMERSLACK, 0, 0, 0, 0);
        blockUsed = 0;
    }

    /** Stops the world, records, detaches. Call once. */
    public Result run() throws IOException {
        int slack = LinuxNative.prctl(LinuxNative.PR_GET_TIMERSLACK, 0, 0, 0, 0);
        LinuxNative.prctl(LinuxNative.PR_SET_TIMERSLACK, 1, 0, 0, 0);
        long t0 = System.nanoTime();
        long detachNs;
        long t1;
        int rounds = 0;
        try {
            long[] todo = initial;
            int n = initial.length;
            while (rounds < MAX_ROUNDS && n > 0) {
                rounds++;
                int from = nSeized;
                seizeAll(todo, n);
                interruptAll(from);
                collect(from);
                long q = System.nanoTime();
                todo = newThreads();
                n = todo.length;
                recountNs += System.nanoTime() - q;
            }
        } finally {
            long q = System.nanoTime();
            // In reverse: callers list running threads first (stopping them first frees the CPU the
            // others need to reach their stops), so they resume last. A resumed CPU-bound thread can
            // take our CPU for a whole time slice; resumed blocked threads go straight back to sleep.
            for (int i = nSeized - 1; i >= 0; i--) {
                LinuxNative.ptrace(LinuxNative.PTRACE_DETACH, (int) seized[i], 0, 0L);
            }
            t1 = System.nanoTime();
            detachNs = t1 - q;
            LinuxNative.prctl(LinuxNative.PR_SET_TIMERSLACK, Math.max(slack, 1), 0, 0, 0);
        }
        List<Phases.Phase> phases = List.of(phase("seize", seizeNs), phase("interrupt", interruptNs),
                phase("wait", waitNs), phase("registers", regsNs), phase("stacks", stacksNs),
                phase("recount", recountNs), phase("detach", detachNs));
        return new Result(copyOut(), t0, t1 - t0, phases, rounds);
    }

    private static Phases.Phase phase(String name, long nanos) {
        return new Phases.Phase(name, nanos, -1, -1);
    }

    private void seizeAll(long[] tids, int n) throws Refused {
        long q = System.nanoTime();
        for (int i = 0; i < n; i++) {
            long tid = tids[i];
            if (LinuxNative.ptrace(LinuxNative.PTRACE_SEIZE, (int) tid, 0, 0L) == 0) {
                if (nSeized == seized.length) {
                    seized = Arrays.copyOf(seized, nSeized * 2);
                    state = Arrays.copyOf(state, nSeized * 2);
                }
                seized[nSeized] = tid;
                state[nSeized++] = PENDING;
            } else {
                int err = Native.getLastError();
                // ESRCH: the thread exited since we listed it. Anything else on the first is a refusal.
                if (err != ESRCH && nSeized == 0) {
                    throw new Refused(err);
                }
            }
        }
        seizeNs += System.nanoTime() - q;
    }

    private void interruptAll(int from) {
        long q = System.nanoTime();
        for (int i = from; i < nSeized; i++) {
            LinuxNative.ptrace(LinuxNative.PTRACE_INTERRUPT, (int) seized[i], 0, 0L);
        }
        interruptNs += System.nanoTime() - q;
    }

    /**
     * Polls every pending thread (never blocks: a thread in uninterruptible sleep might not stop
     * for a long time, and another thread of this JVM may consume a stop report) and records each
     * as soon as it has stopped, while the others are still on their way.
     */
    private void collect(int from) {
        long start = System.nanoTime();
        long deadline = start + STOP_TIMEOUT_NANOS;
        long recording = 0;
        int pending = nSeized - from;
        while (pending > 0) {
            boolean progress = false;
            for (int i = from; i < nSeized; i++) {
                if (state[i] != PENDING) {
                    continue;
                }
                int tid = (int) seized[i];
                int r = LinuxNative.waitpid(tid, statusAddr, LinuxNative.WALL | LinuxNative.WNOHANG);
                if (r == 0) {
                    continue;
                }
                pending--;
                progress = true;
                // WIFSTOPPED: low byte 0x7f. Anything else (exit, error) means the thread is gone.
                if (r == tid && (scratch.getInt(0) & 0xff) == 0x7f) {
                    long q = System.nanoTime();
                    state[i] = record(tid) ? STOPPED : GONE;
                    recording += System.nanoTime() - q;
                } else {
                    state[i] = GONE;
                }
            }
            if (pending == 0) {
                break;
            }
            long now = System.nanoTime();
            if (now - deadline > 0) {
                break;
            }
            if (!progress && now - start > SPIN_NANOS) {
                LockSupport.parkNanos(POLL_SLEEP_NANOS);
            } else {
                Thread.onSpinWait();
            }
        }
        waitNs += System.nanoTime() - start - recording;
    }

    /** Registers and stack window of a stopped thread into the arena; false when the thread vanished. */
    private boolean record(int tid) {
        long q = System.nanoTime();
        long regs = alloc(REGS_SIZE);
        if (LinuxNative.ptrace(LinuxNative.PTRACE_GETREGS, tid, 0, regs) != 0) {
            regsNs += System.nanoTime() - q;
            return false;
        }
        long sp = cursor.at(regs).getLong(RSP);
        long q2 = System.nanoTime();
        regsNs += q2 - q;
        long end = maps.endOf(sp);
        long len = end == 0 ? window : Math.min(window, end - sp);
        long stack = alloc(len);
        long got = len > 0 ? readInto(pid, stack, sp, len) : 0;
        if (nSlots == slotTid.length) {
            growSlots();
        }
        slotTid[nSlots] = tid;
        slotRegs[nSlots] = regs;
        slotSp[nSlots] = sp;
        slotStack[nSlots] = stack;
        slotLen[nSlots++] = (int) Math.max(got, 0);
        stacksNs += System.nanoTime() - q2;
        return true;
    }

    private long readInto(int from, long dst, long src, long len) {
        scratch.setLong(16, dst);
        scratch.setLong(24, len);
        scratch.setLong(32, src);
        scratch.setLong(40, len);
        return LinuxNative.process_vm_readv(from, iovAddr, 1, iovAddr + 16, 1, 0);
    }

    /**
     * Threads that appeared while we attached (the process was running until its last thread
     * stopped): compared by count first, listed only when the count disagrees.
     */
    private long[] newThreads() {
        int alive = 0;
        for (int i = 0; i < nSeized; i++) {
            alive += state[i] == STOPPED ? 1 : 0;
        }
        int count = Task.countHint(pid);
        if (count == alive) {
            return new long[0];
        }
        List<Long> all;
        try {
            all = Task.tids(pid);
        } catch (IOException e) {
            return new long[0];
        }
        long[] known = Arrays.copyOf(seized, nSeized);
        Arrays.sort(known);
        long[] out = new long[all.size()];
        int n = 0;
        for (long tid : all) {
            if (Arrays.binarySearch(known, tid) < 0 && Arrays.binarySearch(initialSorted, tid) < 0) {
                out[n++] = tid;
            }
        }
        return Arrays.copyOf(out, n);
    }

    /** 16-aligned native space from the current block, a new block when it is full. */
    private long alloc(long len) {
        long size = (len + 15) & ~15L;
        if (blockUsed + size > blockSize) {
            newBlock(Math.max(size, 1L << 20));
        }
        long at = blockAddr + blockUsed;
        blockUsed += size;
        return at;
    }

    private void newBlock(long size) {
        Memory m = new Memory(Math.max(size, 64));
        m.clear(); // touch every page now
        blocks.add(m);
        blockAddr = Pointer.nativeValue(m);
        blockSize = m.size();
        blockUsed = 0;
    }

    private void growSlots() {
        int n = slotTid.length * 2;
        slotTid = Arrays.copyOf(slotTid, n);
        slotRegs = Arrays.copyOf(slotRegs, n);
        slotSp = Arrays.copyOf(slotSp, n);
        slotStack = Arrays.copyOf(slotStack, n);
        slotLen = Arrays.copyOf(slotLen, n);
    }

    private List<Stopped> copyOut() {
        List<Stopped> out = new ArrayList<>(nSlots);
        for (int i = 0; i < nSlots; i++) {
            byte[] regs = new Pointer(slotRegs[i]).getByteArray(0, REGS_SIZE);
            byte[] stack = slotLen[i] == 0 ? new byte[0] : new Pointer(slotStack[i]).getByteArray(0, slotLen[i]);
            out.add(new Stopped(slotTid[i], regs, new StackWindow(slotSp[i], stack)));
        }
        return out;
    }

    /** A reusable pointer to any native address: reading the arena allocates nothing. */
    private static final class Cursor extends Pointer {
        Cursor() {
            super(0);
        }

        Cursor at(long address) {
            peer = address;
            return this;
        }
    }

    /** Frees the native buffers. */
    @Override
    public void close() {
        for (Memory m : blocks) {
            m.close();
        }
        blocks.clear();
        scratch.close();
    }
}
