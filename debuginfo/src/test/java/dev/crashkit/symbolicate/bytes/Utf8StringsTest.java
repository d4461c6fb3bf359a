package dev.crashkit.symbolicate.bytes;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The ASCII fast path against the JDK's own UTF-8 decoding, on ASCII, other scripts and malformed bytes. */
class Utf8StringsTest {
    @Test
    void asciiNamesAndPathsDecodeAsTheJdkDoes() {
        byte[] b = "\0_ZN4core3fmt5write17h\0/bench/./big.h\0".getBytes(StandardCharsets.US_ASCII);
        assertEquals("_ZN4core3fmt5write17h", Utf8Strings.decode(b, 1, 21));
        assertEquals("/bench/./big.h", Utf8Strings.decode(b, 23, 14));
        assertEquals("", Utf8Strings.decode(b, 5, 0));
    }

    @Test
    void otherScriptsAndMalformedBytesDecodeAsTheJdkDoes() {
        byte[] b = "x Grüße 名前 \uD83D\uDE00".getBytes(StandardCharsets.UTF_8);
        assertEquals("Grüße 名前 \uD83D\uDE00", Utf8Strings.decode(b, 2, b.length - 2));
        byte[] bad = {'a', (byte) 0xc3, 'b', (byte) 0xff, (byte) 0x80, 'c'};
        assertEquals(new String(bad, 0, bad.length, StandardCharsets.UTF_8), Utf8Strings.decode(bad, 0, bad.length));
    }

    @Test
    void randomBytesDecodeAsTheJdkDoes() {
        SplittableRandom r = new SplittableRandom(12);
        for (int n = 0; n < 2000; n++) {
            byte[] b = new byte[r.nextInt(40)];
            for (int i = 0; i < b.length; i++) {
                b[i] = (byte) (r.nextInt(8) == 0 ? r.nextInt(256) : r.nextInt(128));
            }
            int from = b.length == 0 ? 0 : r.nextInt(b.length);
            int length = r.nextInt(b.length - from + 1);
            assertEquals(new String(b, from, length, StandardCharsets.UTF_8), Utf8Strings.decode(b, from, length));
        }
    }
}
