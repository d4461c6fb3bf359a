package dev.crashkit.capture;

import java.net.ServerSocket;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.locks.LockSupport;

/**
 * A JVM with about 30 threads blocked in different ways (sleep, monitor wait, park, accept),
 * run as a child process by the tests and the benchmark. Prints "ready" once all are started.
 * With argument {@code crash} it then dies of a native SIGSEGV (for -XX:OnError).
 */
public final class BusyJvm {
    private BusyJvm() {
    }

    public static void main(String[] args) throws Exception {
        int n = 20;
        CountDownLatch started = new CountDownLatch(n);
        Object lock = new Object();
        ServerSocket server = new ServerSocket(0);
        for (int i = 0; i < n; i++) {
            int kind = i % 4;
            Thread t = new Thread(() -> {
                started.countDown();
                try {
                    switch (kind) {
                        case 0 -> Thread.sleep(Long.MAX_VALUE);
                        case 1 -> {
                            synchronized (lock) {
                                lock.wait();
                            }
                        }
                        case 2 -> {
                            while (true) {
                                LockSupport.park();
                            }
                        }
                        default -> {
                            synchronized (server) {
                                server.accept();
                            }
                        }
                    }
                } catch (Exception e) {
                    // the test kills us
                }
            }, "busy-" + kind + "-" + i);
            t.setDaemon(true);
            t.start();
        }
        started.await();
        Thread.sleep(200);
        System.out.println("ready " + ProcessHandle.current().pid());
        System.out.flush();
        if (args.length > 0 && args[0].equals("crash")) {
            new com.sun.jna.Pointer(16).getLong(0);
        }
        Thread.sleep(Long.MAX_VALUE);
    }
}
