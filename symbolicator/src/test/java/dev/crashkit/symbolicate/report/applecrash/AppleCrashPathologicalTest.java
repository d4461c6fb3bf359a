package dev.crashkit.symbolicate.report.applecrash;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.crashkit.symbolicate.formats.ReportFormats;
import dev.crashkit.symbolicate.report.ParsedReport;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** Long hostile lines must not make the line patterns backtrack for long. */
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
}
