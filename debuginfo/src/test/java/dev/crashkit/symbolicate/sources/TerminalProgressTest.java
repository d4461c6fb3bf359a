package dev.crashkit.symbolicate.sources;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class TerminalProgressTest {

    @Test
    void largeDownloadsShareOneLineThatIsClearedAtTheEnd() {
        StringWriter text = new StringWriter();
        AtomicLong now = new AtomicLong();
        TerminalProgress p = new TerminalProgress(new PrintWriter(text), 1 << 20, now::get);
        ProgressListener.Download small = p.start("a", 1000);
        small.advanced(1000);
        small.done();
        assertEquals("", text.toString(), "small downloads are not drawn");

        ProgressListener.Download big = p.start("b", 4L << 20);
        ProgressListener.Download unknown = p.start("c", -1);
        big.advanced(1L << 20);
        assertEquals("\rdownloading 1 debug file: 1.0 of 4.0 MiB", text.toString());
        now.addAndGet(300_000_000L);
        unknown.advanced(2L << 20);
        // Shorter than the line before: padded so no old characters stay visible.
        assertTrue(text.toString().endsWith("\rdownloading 2 debug files: 3.0 MiB      "), text.toString());
        big.done();
        unknown.done();
        assertTrue(text.toString().endsWith("\r" + " ".repeat("downloading 1 debug file: 2.0 MiB".length()) + "\r"),
                text.toString());
    }
}
