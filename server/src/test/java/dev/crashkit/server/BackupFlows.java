package dev.crashkit.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

/** Uploads running in the background while a backup is taken, and what a restored server must hold. */
final class BackupFlows {
    private BackupFlows() {
    }

    /** Reports posted one after another from a thread until stopped (at most 400). */
    static final class Uploads implements AutoCloseable {
        private final List<String> acknowledged = Collections.synchronizedList(new ArrayList<>());
        private final AtomicBoolean stop = new AtomicBoolean();
        private final AtomicReference<Throwable> failure = new AtomicReference<>();
        private final Thread thread;

        Uploads(Http http) throws Exception {
            byte[][] bodies = {TestData.bytes("reports/sample-crash.json"),
                    TestData.bytes("third-party/kscrash/example-reports/Abort.json"),
                    TestData.bytes("reports/ios-arm64.json")};
            thread = new Thread(() -> {
                try {
                    for (int i = 0; i < 400 && !stop.get(); i++) {
                        acknowledged.add(RetentionFlows.post(http, bodies[i % bodies.length]));
                    }
                } catch (Throwable e) {
                    failure.set(e);
                }
            }, "uploads");
            thread.start();
        }

        /** Waits until at least {@code n} reports were acknowledged; a copy of their ids. */
        List<String> awaitAcknowledged(int n) throws InterruptedException {
            for (int i = 0; i < 1200 && acknowledged.size() < n && thread.isAlive(); i++) {
                Thread.sleep(25);
            }
            assertTrue(acknowledged.size() >= n, "uploads: " + acknowledged.size() + " " + failure.get());
            return List.copyOf(acknowledged);
        }

        /** The ids acknowledged so far (a copy), taken before the backup starts. */
        List<String> acknowledgedNow() {
            return List.copyOf(acknowledged);
        }

        boolean running() {
            return thread.isAlive();
        }

        @Override
        public void close() throws InterruptedException {
            stop.set(true);
            thread.join();
            if (failure.get() != null) {
                throw new AssertionError("an upload failed", failure.get());
            }
        }
    }

    /** Every report acknowledged before the backup is in the restored server's database. */
    static void allThere(Http restored, List<String> acknowledgedBefore) throws Exception {
        for (String id : acknowledgedBefore) {
            Http.Response r = restored.get("/api/reports/" + id);
            assertEquals(200, r.status(), "report " + id + " acknowledged before the backup: " + r.body());
        }
    }
}
