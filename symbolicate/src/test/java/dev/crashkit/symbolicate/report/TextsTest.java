package dev.crashkit.symbolicate.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class TextsTest {
    @Test
    void asciiUtf8AndStrayBytesDecodeAsBefore() {
        assertEquals("{\"a\": 1}\n", Texts.decode("{\"a\": 1}\n".getBytes(StandardCharsets.US_ASCII)));
        assertEquals("", Texts.decode(new byte[0]));
        assertEquals("h\u00e9 \u4e2d", Texts.decode("\uFEFFh\u00e9 \u4e2d".getBytes(StandardCharsets.UTF_8)));
        byte[] latin = {'a', (byte) 0xe9, 'b'};
        assertEquals("a\u00e9b", Texts.decode(latin));
        byte[] ascii = new byte[128];
        for (int i = 0; i < ascii.length; i++) {
            ascii[i] = (byte) i;
        }
        assertEquals(new String(ascii, StandardCharsets.UTF_8), Texts.decode(ascii));
    }
}
