package dev.crashkit.capture.linux;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class OwnThreadsTest {
    @Test
    void hotSpotCompilerThreadsAreRecognisedByTheirKernelNames() {
        // The kernel keeps 15 bytes of a thread name: "C2 CompilerThread0" reads "C2 CompilerThre".
        assertTrue(OwnThreads.isCompiler("C2 CompilerThre"));
        assertTrue(OwnThreads.isCompiler("C1 CompilerThre"));
        assertFalse(OwnThreads.isCompiler("main"));
        assertFalse(OwnThreads.isCompiler("GC Thread#0"));
        assertFalse(OwnThreads.isCompiler("VM Thread"));
        assertFalse(OwnThreads.isCompiler("C2 worker"), "an application thread named like it");
    }

    @Test
    void aThreadIsFoundByItsJavaNameAsTheKernelKeepsItAndTwoOfOneNameAreNeither() throws Exception {
        CountDownLatch started = new CountDownLatch(2);
        CountDownLatch done = new CountDownLatch(1);
        AtomicLong ownTid = new AtomicLong();
        Runnable park = () -> {
            started.countDown();
            try {
                done.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        };
        // "crashkit-probe-" is 15 bytes: the kernel keeps those of both names below.
        Thread a = new Thread(() -> {
            ownTid.set(InProcessCapture.currentTid()); // gettid(2): the thread's own answer
            park.run();
        }, "crashkit-probe-first");
        Thread b = new Thread(park, "other-probe");
        a.start();
        b.start();
        started.await();
        Thread c = new Thread(park, "crashkit-probe-second");
        try {
            assertEquals(ownTid.get(), OwnThreads.tidNamed(a.getName()));
            assertEquals(-1, OwnThreads.tidNamed("no-such-thread-anywhere"));
            CountDownLatch cStarted = new CountDownLatch(1);
            c = new Thread(() -> {
                cStarted.countDown();
                park.run();
            }, "crashkit-probe-second");
            c.start();
            cStarted.await();
            assertEquals(-1, OwnThreads.tidNamed(a.getName()), "two threads of that kernel name");
        } finally {
            done.countDown();
            a.join();
            b.join();
            c.join();
        }
    }
}
