package dev.crashkit.bench;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.locks.LockSupport;

/**
 * Adds blocked threads to a JVM (sleeping, waiting on a monitor, parked) so that with the JVM's
 * own threads it has about 30. As a main class it is the target process of {@link PtracePauseBench}.
 */
public final class BlockedThreads {
    private BlockedThreads() {
    }

    /** Starts {@code n} daemon threads and returns once all are running. */
    public static void start(int n) throws InterruptedException {
        CountDownLatch started = new CountDownLatch(n);
        Object lock = new Object();
        for (int i = 0; i < n; i++) {
            int kind = i % 3;
            Thread t = new Thread(() -> {
                started.countDown();
                try {
                    if (kind == 0) {
                        Thread.sleep(Long.MAX_VALUE);
                    } else if (kind == 1) {
                        synchronized (lock) {
                            lock.wait();
                        }
                    } else {
                        while (true) {
                            LockSupport.park();
                        }
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }, "blocked-" + i);
            t.setDaemon(true);
            t.start();
        }
        started.await();
        Thread.sleep(100);
    }

    public static void main(String[] args) throws InterruptedException {
        start(args.length > 0 ? Integer.parseInt(args[0]) : 16);
        System.out.println("ready " + ProcessHandle.current().pid());
        System.out.flush();
        Thread.sleep(Long.MAX_VALUE);
    }
}
