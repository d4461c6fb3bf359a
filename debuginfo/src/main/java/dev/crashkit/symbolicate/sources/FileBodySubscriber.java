package dev.crashkit.symbolicate.sources;

import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;

/**
 * Streams a response body into a file, one buffer list at a time, refusing to write past a size
 * limit and recording when bytes last arrived so the caller can abandon a stalled transfer
 * ({@link java.net.http.HttpClient} has no read timeout of its own once headers are in).
 */
final class FileBodySubscriber implements HttpResponse.BodySubscriber<Long> {

    /** The body would exceed the size limit. */
    static final class TooLarge extends IOException {
        TooLarge(String message) {
            super(message);
        }
    }

    private final Path target;
    private final long maxBytes;
    private final ProgressListener.Download progress;
    private final CompletableFuture<Long> result = new CompletableFuture<>();
    private volatile Flow.Subscription subscription;
    private volatile long lastProgressNanos = System.nanoTime();
    private FileChannel channel;
    private long written;

    FileBodySubscriber(Path target, long maxBytes, ProgressListener.Download progress) {
        this.target = target;
        this.maxBytes = maxBytes;
        this.progress = progress;
    }

    long lastProgressNanos() {
        return lastProgressNanos;
    }

    /** Abandons the transfer (stalled, or the caller gave up). */
    void abort(IOException why) {
        Flow.Subscription s = subscription;
        if (s != null) {
            s.cancel();
        }
        fail(why);
    }

    @Override
    public void onSubscribe(Flow.Subscription s) {
        subscription = s;
        if (result.isDone()) { // refused before the body started (declared too large)
            s.cancel();
            return;
        }
        try {
            channel = FileChannel.open(target, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING);
        } catch (IOException e) {
            s.cancel();
            fail(e);
            return;
        }
        s.request(1);
    }

    @Override
    public void onNext(List<ByteBuffer> buffers) {
        if (result.isDone()) {
            return;
        }
        try {
            for (ByteBuffer b : buffers) {
                written += b.remaining();
                if (written > maxBytes) {
                    throw new TooLarge("larger than the limit of " + maxBytes + " bytes");
                }
                while (b.hasRemaining()) {
                    channel.write(b);
                }
            }
        } catch (IOException e) {
            abort(e);
            return;
        }
        lastProgressNanos = System.nanoTime();
        progress.advanced(written);
        subscription.request(1);
    }

    @Override
    public void onError(Throwable t) {
        fail(t instanceof IOException io ? io : new IOException(t.getMessage(), t));
    }

    @Override
    public void onComplete() {
        try {
            channel.close();
            result.complete(written);
        } catch (IOException e) {
            fail(e);
        }
    }

    @Override
    public CompletionStage<Long> getBody() {
        return result;
    }

    private void fail(IOException e) {
        try {
            if (channel != null) {
                channel.close();
            }
        } catch (IOException ignored) {
            // The file is deleted by the caller anyway.
        }
        result.completeExceptionally(e);
    }
}
