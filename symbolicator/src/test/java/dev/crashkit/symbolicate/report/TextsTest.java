package dev.crashkit.symbolicate.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

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

    /** Past the look ahead the answer is the same as decoding the whole: UTF-8 where all of it is, else Latin-1. */
    @Test
    void largeInputsDecodeAsAWholeDecodeWould() {
        byte[] binary = new byte[Texts.LOOK_AHEAD * 3];
        new java.util.Random(7).nextBytes(binary);
        binary[0] = (byte) 0xff; // malformed at once
        assertTrue(new String(binary, StandardCharsets.ISO_8859_1).equals(Texts.decode(binary)), "binary: Latin-1");

        // A three-byte character cut by the edge of the look ahead is not malformed.
        StringBuilder b = new StringBuilder();
        while (b.length() < Texts.LOOK_AHEAD - 1) {
            b.append('a');
        }
        b.append("中é tail");
        String text = b.toString();
        byte[] utf8 = text.getBytes(StandardCharsets.UTF_8);
        assertTrue(text.equals(Texts.decode(utf8)), "UTF-8 cut by the look ahead");

        // Malformed only after the look ahead: still Latin-1 for the whole.
        byte[] late = java.util.Arrays.copyOf(utf8, utf8.length + 1);
        late[late.length - 1] = (byte) 0xc3; // a lead byte with nothing after it
        assertTrue(new String(late, StandardCharsets.ISO_8859_1).equals(Texts.decode(late)), "malformed late: Latin-1");
    }

    /** Every length up to a few words past a chunk, with one non-ASCII byte at each place (or none). */
    @Test
    void asciiIsEveryByteBelow128() {
        java.util.Random random = new java.util.Random(3);
        for (int length : new int[] {0, 1, 7, 8, 9, 15, 16, 17, 63, 64, 65, 8191, 8192, 8193, 8200, 20_001}) {
            byte[] data = new byte[length];
            for (int i = 0; i < length; i++) {
                data[i] = (byte) random.nextInt(128);
            }
            assertTrue(Texts.ascii(data), "length " + length);
            int step = length > 100 ? 97 : 1;
            for (int at = 0; at < length; at += step) {
                byte was = data[at];
                data[at] = (byte) (128 + random.nextInt(128));
                assertEquals(false, Texts.ascii(data), "length " + length + " at " + at);
                data[at] = was;
            }
            if (length > 0) {
                data[length - 1] = (byte) 0x80;
                assertEquals(false, Texts.ascii(data), "length " + length + " at the end");
            }
        }
    }
}
