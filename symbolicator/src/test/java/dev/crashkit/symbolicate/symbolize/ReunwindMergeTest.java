package dev.crashkit.symbolicate.symbolize;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.crashkit.core.crashreport.CrashReportJson;
import dev.crashkit.core.model.CrashReport;
import dev.crashkit.core.model.Frame;
import dev.crashkit.core.model.Image;
import dev.crashkit.core.model.ThreadTrace;
import dev.crashkit.core.model.Trust;
import dev.crashkit.symbolicate.Fixtures;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * {@link Reunwinder#merge}: a re-unwind from the binaries alone cannot find frames in code no file
 * holds (JIT-compiled or interpreted Java); those captured frames come back, in place and marked.
 * On the real JVM capture of testdata/reports/native-crash (Java threads whose stacks the capture
 * scanned through the JVM's code cache).
 */
class ReunwindMergeTest {

    @Test
    void everyJavaThreadKeepsAtLeastTheCapturedFrames() throws Exception {
        CrashReport report = CrashReportJson.read(Files.readString(
                Fixtures.testdata("reports/native-crash/report-clang.json")), "report-clang.json");
        int keptThreads = 0;
        for (ThreadTrace t : report.threads()) {
            // What an offline unwinder can find again: the frames in files (the images), in order.
            List<Frame> rebuilt = new ArrayList<>();
            for (Frame f : t.frames()) {
                if (inAnImage(report, f.address())) {
                    rebuilt.add(new Frame(f.address(), !rebuilt.isEmpty(), f.trust()));
                }
            }
            List<Frame> merged = Reunwinder.merge(t.frames(), rebuilt);
            String where = "thread " + t.name().orElse("?");
            assertTrue(merged.size() >= t.frames().size(), where);
            assertEquals(t.frames().stream().map(Frame::address).toList(), merged.stream().map(Frame::address).toList(),
                    where);
            for (int i = 0; i < merged.size(); i++) {
                Frame m = merged.get(i);
                assertEquals(!inAnImage(report, m.address()), m.keptFromCapture(), where + " frame " + i);
                assertEquals(t.frames().get(i).trust(), m.trust(), where + " frame " + i);
            }
            keptThreads += merged.stream().anyMatch(Frame::keptFromCapture) ? 1 : 0;
        }
        assertTrue(keptThreads >= 6, "Java threads with JIT/interpreter frames: " + keptThreads);
    }

    @Test
    void framesOnlyTheReUnwindFoundStayAndNothingIsKeptTwice() {
        Frame pc = new Frame(0x1000, false, Optional.of(Trust.CONTEXT));
        List<Frame> captured = List.of(pc, new Frame(0x9000, true, Optional.of(Trust.SCAN)),
                new Frame(0x2000, true, Optional.of(Trust.SCAN)));
        List<Frame> rebuilt = List.of(pc, new Frame(0x1800, true, Optional.of(Trust.CFI)),
                new Frame(0x2000, true, Optional.of(Trust.CFI)), new Frame(0x3000, true, Optional.of(Trust.CFI)));
        List<Frame> merged = Reunwinder.merge(captured, rebuilt);
        assertEquals(List.of(0x1000L, 0x9000L, 0x1800L, 0x2000L, 0x3000L), merged.stream().map(Frame::address).toList());
        assertEquals(List.of(false, true, false, false, false), merged.stream().map(Frame::keptFromCapture).toList());
        assertEquals(Optional.of(Trust.CFI), merged.get(3).trust(), "a frame found again is the re-unwind's");

        // A capture cut down to its PC (nothing to keep) gives the re-unwind as it is.
        assertEquals(rebuilt, Reunwinder.merge(List.of(pc), rebuilt));
        assertFalse(Reunwinder.merge(List.of(pc), rebuilt).stream().anyMatch(Frame::keptFromCapture));
    }

    private static boolean inAnImage(CrashReport r, long address) {
        for (Image i : r.images()) {
            if (i.containsBySize(address)) {
                return true;
            }
        }
        return false;
    }
}
