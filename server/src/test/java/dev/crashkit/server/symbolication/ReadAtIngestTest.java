package dev.crashkit.server.symbolication;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.crashkit.symbolicator.InputLimits;
import dev.crashkit.symbolicator.SymbolSources;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A report read at ingest is handed to its symbolication instead of being read again (issue 32 goal 4):
 * what the worker stores is the same as from a server that reads the stored bytes afresh.
 */
class ReadAtIngestTest {
    @TempDir
    Path tmp;

    @Test
    void theReportReadAtIngestSymbolicatesAsTheStoredBytesDo() throws Exception {
        List<Path> reports = List.of(Path.of("testdata/server/bench-crash.json"), Path.of("testdata/minidump/crashy.dmp"));
        try (DebugFiles files = DebugFiles.open(List.of(Path.of("testdata/macho"), Path.of("testdata/minidump/crashy")),
                SymbolSources.none(), tmp.resolve("uploads"), tmp.resolve("cache"), false, m -> { })) {
            for (Path p : reports) {
                byte[] uploaded = Files.readAllBytes(p);
                ReportSymbolicator atIngest = new ReportSymbolicator(files, InputLimits.defaults());
                atIngest.checkAll(uploaded);
                assertEquals(1, atIngest.heldFromIngest(), p.toString());
                // The worker gets the bytes back from the store: another array, the same content.
                Outcome handedOver = atIngest.symbolicate(uploaded.clone());
                assertEquals(0, atIngest.heldFromIngest(), "taken once: " + p);

                Outcome readAgain = new ReportSymbolicator(files, InputLimits.defaults()).symbolicate(uploaded.clone());
                assertEquals(readAgain, handedOver, p.toString());
            }
        }
    }

    @Test
    void otherBytesAreReadAfreshAndTheHoldIsBounded() throws Exception {
        byte[] report = Files.readAllBytes(Path.of("testdata/server/bench-crash.json"));
        try (DebugFiles files = DebugFiles.open(List.of(Path.of("testdata/macho")), SymbolSources.none(),
                tmp.resolve("uploads"), tmp.resolve("cache"), false, m -> { })) {
            ReportSymbolicator s = new ReportSymbolicator(files, InputLimits.defaults());
            for (int i = 0; i < 300; i++) {
                s.checkAll(dev.crashkit.server.bench.Burst.unique(report, i));
            }
            assertEquals(128, s.heldFromIngest(), "the oldest are dropped");
            byte[] other = dev.crashkit.server.bench.Burst.unique(report, 1_000);
            Outcome fresh = s.symbolicate(other);
            assertEquals(128, s.heldFromIngest(), "nothing held for bytes not read at ingest");
            assertEquals(new ReportSymbolicator(files, InputLimits.defaults()).symbolicate(other), fresh);
        }
    }
}
