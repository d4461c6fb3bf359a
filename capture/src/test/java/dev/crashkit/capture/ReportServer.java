package dev.crashkit.capture;

import com.sun.net.httpserver.HttpServer;
import dev.crashkit.capture.upload.Uploader;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A local report endpoint on the JDK's own HTTP server. It can fail the first requests with 500,
 * or hang on the first one (to let a test kill the uploader mid-request). It counts each report
 * it answered 2xx for, by the uploader's id header.
 */
final class ReportServer implements AutoCloseable {
    private final HttpServer server;
    final Map<String, AtomicInteger> accepted = new ConcurrentHashMap<>();
    final Map<String, byte[]> bodies = new ConcurrentHashMap<>();
    final List<String> attempts = new CopyOnWriteArrayList<>();
    final CountDownLatch firstRequest = new CountDownLatch(1);
    private final AtomicInteger failFirst;
    private volatile boolean hangFirst;
    private final CountDownLatch release = new CountDownLatch(1);

    ReportServer(int failCount, boolean hangFirst) throws IOException {
        this.failFirst = new AtomicInteger(failCount);
        this.hangFirst = hangFirst;
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.setExecutor(Executors.newCachedThreadPool());
        server.createContext("/reports", ex -> {
            String id = ex.getRequestHeaders().getFirst(Uploader.ID_HEADER);
            byte[] body = ex.getRequestBody().readAllBytes();
            attempts.add(id);
            firstRequest.countDown();
            if (this.hangFirst) {
                this.hangFirst = false;
                try {
                    release.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                ex.close();
                return;
            }
            if (this.failFirst.getAndDecrement() > 0) {
                ex.sendResponseHeaders(500, -1);
                ex.close();
                return;
            }
            bodies.put(id, body);
            accepted.computeIfAbsent(id, k -> new AtomicInteger()).incrementAndGet();
            ex.sendResponseHeaders(204, -1);
            ex.close();
        });
        server.start();
    }

    URI uri() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/reports");
    }

    @Override
    public void close() {
        release.countDown();
        server.stop(0);
    }
}
