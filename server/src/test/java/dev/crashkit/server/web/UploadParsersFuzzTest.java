package dev.crashkit.server.web;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.crashkit.testkit.NoThrowFuzzContract;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The server's own readers of upload bodies (FUZZING.md): KSCrash's multipart upload (gzip, Jetty's multipart
 * parser, the {@code reports} array split into reports) and sentry-cli's assemble request. Only an
 * {@link ApiError} with a 4xx status and a one-line message may come out; within the CPU and allocation budget.
 */
class UploadParsersFuzzTest {
    /** The boundary the seeds use; the fuzzer mutates the body around it. */
    static final String CONTENT_TYPE = "multipart/form-data; boundary=b0a7d1c2e3f4";
    private static final long LIMIT = 1 << 20;
    private static final Path TMP;

    static {
        try {
            TMP = Files.createTempDirectory("upload-fuzz");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static final MemoryBudget BUDGET = new MemoryBudget(64L * MemoryBudget.MIB, 1000);

    @FuzzTest
    void kscrash(byte[] input) {
        NoThrowFuzzContract.check(input.length, 16L << 20, 512, () -> {
            try {
                List<byte[]> reports = KSCrashSink.reports(input, CONTENT_TYPE, null, LIMIT, TMP, BUDGET);
                for (byte[] r : reports) {
                    if (r == null) {
                        NoThrowFuzzContract.fail("a null report");
                    }
                }
            } catch (ApiError e) {
                requireClientError(e);
            } catch (IOException e) {
                NoThrowFuzzContract.fail("an IOException escaped: " + e);
            }
        });
    }

    @FuzzTest
    void assembleRequest(byte[] input) {
        NoThrowFuzzContract.check(input.length, 8L << 20, 512, () -> {
            try {
                ChunkUploadApi.requests(input, 1000).forEach((checksum, r) -> {
                    if (r.chunks().size() > 1000 || r.name().isEmpty()) {
                        NoThrowFuzzContract.fail("a request past its bounds: " + r);
                    }
                });
            } catch (ApiError e) {
                requireClientError(e);
            }
        });
    }

    private static void requireClientError(ApiError e) {
        String m = e.getMessage();
        if (e.status < 400 || e.status >= 500 || m == null || m.isBlank() || m.indexOf('\n') >= 0 || m.indexOf('\r') >= 0) {
            NoThrowFuzzContract.fail("not a one-line 4xx: " + e.status + " " + m);
        }
    }
}
