package dev.crashkit.symbolicate.report.applecrash;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.crashkit.symbolicate.formats.ReportFormats;
import dev.crashkit.symbolicate.report.ParsedReport;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** Long hostile lines must not make the line patterns backtrack for long; reading stays linear in the size. */
class AppleCrashPathologicalTest {

    @Test
    void longLinesParseQuickly() {
        StringBuilder sb = new StringBuilder("Process: x [1]\nThread 0 Crashed:\n");
        for (int i = 0; i < 20; i++) {
            sb.append(i).append(" ".repeat(4000)).append("a ".repeat(2000)).append('\n');
            sb.append(i).append("   m   0x1 ").append("0x1 + ".repeat(1300)).append('\n');
        }
        sb.append("Binary Images:\n");
        for (int i = 0; i < 20; i++) {
            sb.append("0x1 - 0x2 ").append("a ".repeat(4000)).append('\n');
            sb.append("0x1 - 0x2 n (").append("( ".repeat(2000)).append("<").append('\n');
        }
        byte[] data = sb.toString().getBytes(StandardCharsets.UTF_8);
        ParsedReport p = assertTimeoutPreemptively(Duration.ofSeconds(20),
                () -> ReportFormats.standard().read("long.crash", data));
        assertEquals(1, p.model().threads().size());
        assertEquals(0, p.model().images().size());
    }

    /**
     * Issue 32: a header value continued over many lines was joined by repeated String concatenation,
     * quadratic in its length (a 4 MB report took 18 s and several GB). 40,000 continuation lines
     * (200 KB) allocated 4.2 GB in 15 s; read linearly, a few MB. The fuzz regression input is
     * {@code ReportReadersFuzzTestInputs/appleCrash/findings/header-value-continued-over-10000-lines-quadratic}.
     */
    @Test
    void headerValueContinuedOverManyLinesIsReadInLinearTime() throws Exception {
        int lines = 40_000;
        StringBuilder sb = new StringBuilder("Process: x [1]\nApplication Specific Information:\n");
        for (int i = 0; i < lines; i++) {
            sb.append("abcd\n");
        }
        byte[] data = sb.toString().getBytes(StandardCharsets.UTF_8);
        var threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long before = threads.getCurrentThreadAllocatedBytes();
        ParsedReport p = new AppleCrashReader().read("continued.crash", data);
        long allocated = threads.getCurrentThreadAllocatedBytes() - before;
        String value = ((AppleCrashDocument) p.document()).header().get("Application Specific Information");
        assertEquals(lines * 5 - 1, value.length());
        // The fuzz contract's budget for the report readers: 16 MB + 256 bytes per input byte.
        assertTrue(allocated < (16L << 20) + 256L * data.length, allocated + " bytes allocated for " + data.length);
    }
}
