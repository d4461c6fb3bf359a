package dev.crashkit.symbolicate.batch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.crashkit.core.Diagnostics;
import dev.crashkit.core.ReportException;
import dev.crashkit.symbolicate.formats.ReportFormats;
import dev.crashkit.symbolicate.locate.DebugFileIndex;
import dev.crashkit.symbolicate.output.OutputFormat;
import dev.crashkit.symbolicate.report.ParsedReport;
import dev.crashkit.symbolicate.report.ReportFormat;
import dev.crashkit.symbolicate.report.ReportLimits;
import dev.crashkit.symbolicate.report.ReportReader;
import dev.crashkit.symbolicate.symbolize.ModuleCache;
import dev.crashkit.testkit.TestData;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
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
        ReportReader watching = new ReportReader() {
            private final ReportFormats real = ReportFormats.standard();

            @Override
            public ReportFormat format() {
                return ReportFormat.CRASHREPORT;
            }

            @Override
            public ParsedReport read(String source, byte[] data) throws ReportException {
                if (listedDuringFirst.get() < 0) {
                    // Before: the listing waited for a free worker, so it stayed at 1 here.
                    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
                    while (running.get().listed() < FILES && System.nanoTime() < deadline) {
                        Thread.onSpinWait();
                    }
                    listedDuringFirst.set(running.get().listed());
                }
                return real.read(source, data);
            }
        };
        ModuleCache modules = new ModuleCache(DebugFileIndex.scan(List.of(TestData.file("macho")),
                Diagnostics.ignore()));
        BatchRun run = new BatchRun(modules, Optional.empty(), OutputFormat.text, dir.resolve("out"), 1, false,
                new PrintWriter(new StringWriter()), ReportLimits.defaults(),
                ReportFormats.standard().with(watching));
        running.set(run);
        BatchRun.Result r = run.run(List.of(in));

        assertEquals(FILES, listedDuringFirst.get(), "files listed while the first report was being read");
        assertEquals(FILES, r.doneReports());
        assertTrue(Files.isRegularFile(dir.resolve("out/r39.json.txt")));
    }
}
