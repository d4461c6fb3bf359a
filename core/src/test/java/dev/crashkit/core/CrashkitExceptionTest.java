package dev.crashkit.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.crashkit.core.crashreport.CrashReportJson;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/** Every error message is one printable line of bounded length, whatever input it quotes. */
class CrashkitExceptionTest {

    @Test
    void controlCharactersInAMessageAreEscaped() {
        assertEquals("a.json: member \"x\\ny\\r\\tz\\u0007\" refused", new ReportException(
                "a.json: member \"x\ny\r\tz\u0007\" refused").getMessage());
        assertEquals("plain message", new CrashkitException("plain message", null).getMessage());
    }

    @Test
    void longMessagesAreCut() {
        String m = new ObjectFormatException("f: " + "x".repeat(100_000)).getMessage();
        assertTrue(m.length() < CrashkitException.MAX_MESSAGE + 40, "length " + m.length());
        assertTrue(m.endsWith("... (100003 characters)"), m.substring(m.length() - 30));
    }

    /**
     * Regression (fuzzing, ReportReadersFuzzTest#crashReport): a schema value with an escaped carriage return
     * was quoted into the error, which then printed on two lines.
     */
    @Test
    void aReaderQuotingAValueWithALineBreakStillReportsOneLine() {
        Executable read = () -> CrashReportJson.read("{\"schema\":\"crashrep\\rt/1\",\"images\":[],\"threads\":[]}", "r.json");
        ReportException e = org.junit.jupiter.api.Assertions.assertThrows(ReportException.class, read);
        assertFalse(e.getMessage().contains("\r"), e.getMessage());
        assertTrue(e.getMessage().startsWith("r.json: "), e.getMessage());
    }
}
