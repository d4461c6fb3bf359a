package dev.crashkit.symbolicator.batch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.crashkit.core.CrashkitException;
import dev.crashkit.symbolicator.Demangling;
import dev.crashkit.symbolicator.InputLimits;
import dev.crashkit.symbolicator.OutputFormat;
import dev.crashkit.symbolicator.Report;
import dev.crashkit.symbolicator.Symbolicator;
import dev.crashkit.symbolicator.SymbolicatorConfig;
import dev.crashkit.testkit.TestData;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Report files are listed ahead of the workers: while the only worker is busy with the first
 * report, the others are already queued, so a worker that finishes never waits for the listing.
 */
class BatchListsAheadTest {
    private static final int FILES = 40;

    @Test
    void filesAreQueuedWhileTheOnlyWorkerIsBusy(@TempDir Path dir) throws IOException {
        Path in = Files.createDirectories(dir.resolve("in"));
        byte[] sample = Files.readAllBytes(TestData.file("reports/sample-crash.json"));
        for (int i = 0; i < FILES; i++) {
            Files.write(in.resolve(String.format("r%02d.json", i)), sample);
        }
        AtomicReference<BatchRun> running = new AtomicReference<>();
        AtomicInteger listedDuringFirst = new AtomicInteger(-1);
        BatchRun.Reader watching = new BatchRun.Reader() {
            @Override
            public Report read(String source, byte[] data, InputLimits limits) throws CrashkitException {
                if (listedDuringFirst.get() < 0) {
                    // Before: the listing waited for a free worker, so it stayed at 1 here.
                    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
                    while (running.get().listed() < FILES && System.nanoTime() < deadline) {
                        Thread.onSpinWait();
                    }
                    listedDuringFirst.set(running.get().listed());
                }
                return Report.read(source, data, limits);
            }
        };
        BatchRun.Result r;
        try (Symbolicator s = Symbolicator.open(SymbolicatorConfig.defaults()
                .withDebugFiles(List.of(TestData.file("macho"))).withDemangling(Demangling.NONE))) {
            BatchRun run = new BatchRun(s, OutputFormat.TEXT, dir.resolve("out"), 1, false,
                    new PrintWriter(new StringWriter()), watching);
            running.set(run);
            r = run.run(List.of(in));
        }

        assertEquals(FILES, listedDuringFirst.get(), "files listed while the first report was being read");
        assertEquals(FILES, r.doneReports());
        assertTrue(Files.isRegularFile(dir.resolve("out/r39.json.txt")));
    }
}
