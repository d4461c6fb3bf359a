package dev.crashkit.symbolicate.format.macho.names;

import dev.crashkit.symbolicate.format.macho.layout.MalformedImageException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * LC_FUNCTION_STARTS: ULEB128 deltas, the first from the image base, each from the previous
 * start; a zero delta (or the end of the data) ends the list. Decoded in place (a big image has
 * hundreds of thousands of functions: one object each would cost more than the decoding).
 */
final class FunctionStarts {
    private FunctionStarts() {
    }

    /** Ascending link-time starts. */
    static long[] decode(Path file, ByteBuffer data, long imageBase) throws MalformedImageException {
        long[] out = new long[Math.max(16, data.capacity() / 2)];
        int n = 0;
        int pos = 0;
        long addr = imageBase;
        int end = data.capacity();
        while (pos < end) {
            long delta = 0;
            int shift = 0;
            int b;
            do {
                if (pos >= end) {
                    throw new MalformedImageException(file + ": LC_FUNCTION_STARTS ends inside a ULEB128 value");
                }
                b = data.get(pos++) & 0xff;
                if (shift < 64) {
                    delta |= (long) (b & 0x7f) << shift;
                }
                shift += 7;
            } while ((b & 0x80) != 0);
            if (delta == 0) {
                break;
            }
            addr += delta;
            if (n == out.length) {
                out = Arrays.copyOf(out, n * 2);
            }
            out[n++] = addr;
        }
        return Arrays.copyOf(out, n);
    }
}
