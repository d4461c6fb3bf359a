package dev.crashkit.symbolicate.sources;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A real HTTP server on loopback serving a folder, with misbehaviours a symbol server can have.
 * Every request is logged (path and headers) for assertions.
 */
public final class TestSymbolServer implements AutoCloseable {

    /** How the server answers a request for a file it has. */
    public enum Behaviour {
        /** 200 and the file. */
        NORMAL,
        /** Never answers (until closed). */
        HANG_BEFORE_HEADERS,
        /** Sends headers and half the body, then goes silent (until closed). */
        HANG_IN_BODY,
        /** 500 for everything. */
        ERROR_500,
        /** 200 with the full Content-Length, then half the bytes and the connection closed. */
        CUT_CONNECTION,
        /** 200 with the first half of the file as a complete response. */
        TRUNCATED_FILE,
        /** 200 with {@link #wrongFile} instead of the file asked for. */
        WRONG_FILE,
        /** 200 with an HTML page. */
        HTML_PAGE,
        /** 200 and the file in chunked encoding (no Content-Length). */
        CHUNKED
    }

    public record Request(String path, Map<String, List<String>> headers) {
        public String header(String name) {
            for (Map.Entry<String, List<String>> e : headers.entrySet()) {
                if (e.getKey().equalsIgnoreCase(name)) {
                    return e.getValue().get(0);
                }
            }
            return null;
        }
    }

    public final Path root;
    public final List<Request> requests = new CopyOnWriteArrayList<>();
    final AtomicInteger inFlight = new AtomicInteger();
    final AtomicInteger maxInFlight = new AtomicInteger();
    public volatile Behaviour behaviour = Behaviour.NORMAL;
    public volatile Path wrongFile;
    public volatile String requiredAuthorization;
    volatile String redirectTo;
    volatile long delayMillis;
    private final HttpServer server;
    private final ExecutorService executor = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "test-symbol-server");
        t.setDaemon(true);
        return t;
    });
    private final CountDownLatch closed = new CountDownLatch(1);

    public TestSymbolServer(Path root) throws IOException {
        this.root = root;
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.setExecutor(executor);
        server.createContext("/", this::handle);
        server.start();
    }

    public String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/";
    }

    /** Puts {@code file} at {@code relative} below the served folder. */
    public TestSymbolServer put(String relative, Path file) throws IOException {
        Path target = root.resolve(relative);
        Files.createDirectories(target.getParent());
        Files.copy(file, target, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        return this;
    }

    public List<String> paths() {
        return requests.stream().map(Request::path).toList();
    }

    private void handle(HttpExchange ex) throws IOException {
        int now = inFlight.incrementAndGet();
        maxInFlight.accumulateAndGet(now, Math::max);
        boolean counted = true;
        try {
            requests.add(new Request(ex.getRequestURI().getRawPath(), Map.copyOf(ex.getRequestHeaders())));
            ex.getRequestBody().readAllBytes();
            if (delayMillis > 0) {
                sleep(delayMillis);
            }
            // Leave the in-flight count before the client can see the reply: once it has the reply it
            // may start its next request, which must not be counted as overlapping this one.
            inFlight.decrementAndGet();
            counted = false;
            respond(ex);
        } finally {
            if (counted) {
                inFlight.decrementAndGet();
            }
            ex.close();
        }
    }

    private void respond(HttpExchange ex) throws IOException {
        if (requiredAuthorization != null
                && !requiredAuthorization.equals(ex.getRequestHeaders().getFirst("Authorization"))) {
            ex.sendResponseHeaders(401, -1);
            return;
        }
        if (redirectTo != null) {
            ex.getResponseHeaders().add("Location", redirectTo + ex.getRequestURI().getRawPath().substring(1));
            ex.sendResponseHeaders(302, -1);
            return;
        }
        if (behaviour == Behaviour.HANG_BEFORE_HEADERS) {
            await();
            return;
        }
        if (behaviour == Behaviour.ERROR_500) {
            byte[] body = "internal error".getBytes();
            ex.sendResponseHeaders(500, body.length);
            ex.getResponseBody().write(body);
            return;
        }
        Path file = root.resolve(ex.getRequestURI().getRawPath().substring(1)).normalize();
        if (!file.startsWith(root) || !Files.isRegularFile(file)) {
            ex.sendResponseHeaders(404, -1);
            return;
        }
        byte[] bytes = Files.readAllBytes(file);
        OutputStream out = ex.getResponseBody();
        switch (behaviour) {
            case HANG_IN_BODY:
                ex.sendResponseHeaders(200, bytes.length);
                out.write(bytes, 0, bytes.length / 2);
                out.flush();
                await();
                return;
            case CUT_CONNECTION:
                ex.sendResponseHeaders(200, bytes.length);
                out.write(bytes, 0, bytes.length / 2);
                out.flush();
                // Closing with bytes missing makes the server drop the connection.
                return;
            case TRUNCATED_FILE:
                ex.sendResponseHeaders(200, bytes.length / 2);
                out.write(bytes, 0, bytes.length / 2);
                return;
            case WRONG_FILE:
                byte[] other = Files.readAllBytes(wrongFile);
                ex.sendResponseHeaders(200, other.length);
                out.write(other);
                return;
            case HTML_PAGE:
                byte[] html = "<html><body>Sign in</body></html>".getBytes();
                ex.sendResponseHeaders(200, html.length);
                out.write(html);
                return;
            case CHUNKED:
                ex.sendResponseHeaders(200, 0);
                for (int at = 0; at < bytes.length; at += 1000) {
                    out.write(bytes, at, Math.min(1000, bytes.length - at));
                    out.flush();
                }
                return;
            default:
                ex.sendResponseHeaders(200, bytes.length);
                out.write(bytes);
        }
    }

    private void await() {
        try {
            closed.await(60, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        closed.countDown();
        server.stop(0);
        executor.shutdownNow();
    }
}
