package dev.crashkit.server.symbolication;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
        // Formats whose dimensions come from their own fields (.ips, .crash, KSCrash, Sentry), and a minidump,
        // whose walk makes another report than ingest read.
        List<Path> reports = List.of(Path.of("testdata/server/bench-crash.json"), Path.of("testdata/minidump/crashy.dmp"),
                dev.crashkit.testkit.TestData.file("reports/apple/ios-arm64.ips"),
                dev.crashkit.testkit.TestData.thirdParty("apple-crash-report-parser/fixtures/xcode16.txt"),
                dev.crashkit.testkit.TestData.thirdParty("sentrycrash/crash-report-1.json"),
                dev.crashkit.testkit.TestData.thirdParty("sentry-crashprobe/release-arm64/Call abort().json"));
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
                assertEquals(readAgain.dimensions(), atIngest.checkAll(uploaded).get(0).checked().dimensions(), p.toString());
            }
        }
    }

    @Test
    void theBytesHeldAreBounded() {
        ReadAtIngest held = new ReadAtIngest(10, 100, 250);
        ReadAtIngest.Read read = new ReadAtIngest.Read(null, java.util.Optional.empty());
        held.put(new byte[101], read);
        assertEquals(0, held.size(), "larger than the largest held");
        for (int i = 0; i < 5; i++) {
            held.put(eighty(i), read);
        }
        assertEquals(3, held.size(), "240 of 250 bytes: the two eldest dropped");
        assertEquals(240, held.bytes());
        assertEquals(java.util.Optional.empty(), held.take(eighty(1)), "dropped");
        assertTrue(held.take(eighty(4)).isPresent());
        assertEquals(160, held.bytes());
    }

    /** 80 bytes, the first {@code i}. */
    private static byte[] eighty(int i) {
        byte[] b = new byte[80];
        b[0] = (byte) i;
        return b;
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
            assertEquals(256, s.heldFromIngest(), "the oldest are dropped");
            byte[] other = dev.crashkit.server.bench.Burst.unique(report, 1_000);
            Outcome fresh = s.symbolicate(other);
            assertEquals(256, s.heldFromIngest(), "nothing held for bytes not read at ingest");
            assertEquals(new ReportSymbolicator(files, InputLimits.defaults()).symbolicate(other), fresh);
        }
    }
}
