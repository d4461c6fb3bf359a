package dev.crashkit.capture.jvm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.crashkit.capture.linux.ProcessMemory;
import dev.crashkit.capture.report.JavaThread;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The fast Java-thread dump (ThreadMXBean + HotSpot's thread ids) against HotSpot's own
 * {@code Thread.print} in the same JVM, with threads held still in each blocking state: the same
 * tids for the same threads, the same states and the same stack lines (locks compared by kind and
 * class: Thread.print names a lock by address, we by identity hash).
 */
class HotSpotThreadIdsTest {
    private static final Object MONITOR = new Object();
    private static final Object HELD = new Object();
    private static final List<Thread> THREADS = new ArrayList<>();
    private static final CountDownLatch HOLDING = new CountDownLatch(1);
    private static final CountDownLatch RELEASE = new CountDownLatch(1);

    @BeforeAll
    static void startBlockedThreads() throws Exception {
        start("ck-sleeping", () -> sleep(100_000));
        start("ck-waiting", () -> {
            synchronized (MONITOR) {
                try {
                    MONITOR.wait();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        });
        start("ck-parked", () -> {
            while (!Thread.currentThread().isInterrupted()) {
                LockSupport.park();
            }
        });
        start("ck-holder", () -> {
            synchronized (HELD) {
                HOLDING.countDown();
                try {
                    RELEASE.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        });
        HOLDING.await();
        start("ck-blocked", () -> {
            synchronized (HELD) {
                Thread.onSpinWait();
            }
        });
        // Let each reach its blocking call.
        for (int i = 0; i < 200 && !THREADS.stream().allMatch(HotSpotThreadIdsTest::settled); i++) {
            Thread.sleep(10);
        }
    }

    private static boolean settled(Thread t) {
        return t.getState() != Thread.State.RUNNABLE && t.getState() != Thread.State.NEW;
    }

    private static void start(String name, Runnable r) {
        Thread t = new Thread(r, name);
        t.setDaemon(true);
        t.start();
        THREADS.add(t);
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @AfterAll
    static void stop() {
        RELEASE.countDown();
        THREADS.forEach(Thread::interrupt);
    }

    @Test
    void everyThreadsIdIsTheNidThreadPrintGives() {
        Map<Long, JavaThread> print = JavaThreads.threadPrint();
        HotSpotThreadIds ids = HotSpotThreadIds.open(ProcessMemory.self()).orElseThrow(
                () -> new AssertionError("HotSpot's VMStructs table not found"));
        for (Thread t : THREADS) {
            OptionalLong tid = ids.tid(t);
            assertTrue(tid.isPresent(), t.getName());
            JavaThread p = print.get(tid.getAsLong());
            assertTrue(p != null, t.getName() + ": tid " + tid.getAsLong() + " not in Thread.print");
            assertEquals(t.getName(), p.name());
        }
        assertTrue(ids.tid(new Thread(() -> { })).isEmpty(), "a thread not started has no OS thread");
    }

    @Test
    void theFastDumpReadsLikeThreadPrint() {
        assertTrue(HotSpotThreadIds.open(ProcessMemory.self()).isPresent(), "the fast path, not the fallback");
        Map<Long, JavaThread> fast = JavaThreads.dump(ProcessMemory.self());
        Map<Long, JavaThread> print = JavaThreads.threadPrint();
        for (String name : List.of("ck-sleeping", "ck-waiting", "ck-parked", "ck-holder", "ck-blocked")) {
            JavaThread f = byName(fast, name);
            JavaThread p = byName(print, name);
            assertEquals(p.nativeId(), f.nativeId(), name);
            assertEquals(p.javaId(), f.javaId(), name);
            assertEquals(p.state(), f.state(), name);
            assertEquals(masked(p.stack()), masked(f.stack()), name);
        }
        // The VM's own Java threads (compiler, service, sweeper ...) are hidden from Java code; they have
        // no Java frames to lose, and keep their kernel names in the report.
        List<String> missing = print.entrySet().stream().filter(e -> e.getValue().javaId().isPresent()
                && !fast.containsKey(e.getKey()) && !e.getValue().stack().isEmpty()).map(e -> e.getValue().name())
                .toList();
        assertEquals(List.of(), missing, "Java threads with Java frames missing from the fast dump");
    }

    private static JavaThread byName(Map<Long, JavaThread> threads, String name) {
        return threads.values().stream().filter(t -> t.name().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError(name + " missing"));
    }

    /**
     * Lock addresses masked; "waiting on" compared by kind only, since Thread.print sometimes
     * writes "- waiting on &lt;no object reference available&gt;" for a monitor it cannot name.
     */
    private static List<String> masked(List<String> lines) {
        return lines.stream().map(l -> l.startsWith("- waiting on ") ? "- waiting on"
                : l.replaceAll("<0x[0-9a-f]+>", "<lock>")).toList();
    }
}
