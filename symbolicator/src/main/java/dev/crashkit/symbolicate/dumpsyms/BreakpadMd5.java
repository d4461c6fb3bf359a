package dev.crashkit.symbolicate.dumpsyms;

/**
 * Breakpad's MD5 ({@code common/md5.cc}), which is not RFC 1321's: its {@code MD5Final} copies the two 32-bit
 * halves of the message's bit count to {@code &ctx->in[14]} and {@code &ctx->in[15]} of a byte array (the
 * original code stored words 14 and 15, bytes 56 to 63), so the last block gets the low half's first byte at
 * byte 14 and the high half at bytes 15 to 18, over the message or padding there, and bytes 56 to 63 keep
 * whatever the block buffer held.
 * Breakpad's Mac {@code dump_syms} names a Mach-O image without LC_UUID by this digest, so matching its module ids
 * takes the same arithmetic. The block buffer starts zeroed, as in Breakpad's {@code MachoID} (value-initialized).
 */
final class BreakpadMd5 {
    private static final int[] SHIFTS = {7, 12, 17, 22, 5, 9, 14, 20, 4, 11, 16, 23, 6, 10, 15, 21};
    private static final int[] SINES = new int[64];

    static {
        for (int i = 0; i < 64; i++) {
            SINES[i] = (int) (long) (Math.abs(Math.sin(i + 1)) * 4294967296.0);
        }
    }

    private final int[] state = {0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476};
    private final byte[] block = new byte[64];
    private final int[] words = new int[16];
    /** The message length in bits, modulo 2^64 (Breakpad's {@code bits[0]} and {@code bits[1]}). */
    private long bits;

    /** {@code MD5Update}. */
    void update(byte[] bytes, int offset, int length) {
        int buffered = (int) (bits >>> 3) & 0x3f;
        bits += (long) length << 3;
        int at = offset;
        int left = length;
        if (buffered != 0) {
            int room = 64 - buffered;
            if (left < room) {
                System.arraycopy(bytes, at, block, buffered, left);
                return;
            }
            System.arraycopy(bytes, at, block, buffered, room);
            transform();
            at += room;
            left -= room;
        }
        while (left >= 64) {
            System.arraycopy(bytes, at, block, 0, 64);
            transform();
            at += 64;
            left -= 64;
        }
        System.arraycopy(bytes, at, block, 0, left);
    }

    /** {@code MD5Final}, with Breakpad's placement of the bit count. */
    byte[] digest() {
        int count = (int) (bits >>> 3) & 0x3f;
        block[count] = (byte) 0x80;
        int pad = 64 - 1 - count;
        if (pad < 8) {
            java.util.Arrays.fill(block, count + 1, 64, (byte) 0);
            transform();
            java.util.Arrays.fill(block, 0, 56, (byte) 0); // bytes 56 to 63 keep the last block's
        } else {
            java.util.Arrays.fill(block, count + 1, count + 1 + pad - 8, (byte) 0);
        }
        putLe32(block, 14, (int) bits);
        putLe32(block, 15, (int) (bits >>> 32)); // overlaps the low half: Breakpad's two memcpy calls
        transform();
        byte[] digest = new byte[16];
        for (int i = 0; i < 4; i++) {
            putLe32(digest, 4 * i, state[i]);
        }
        return digest;
    }

    private static void putLe32(byte[] to, int at, int v) {
        to[at] = (byte) v;
        to[at + 1] = (byte) (v >>> 8);
        to[at + 2] = (byte) (v >>> 16);
        to[at + 3] = (byte) (v >>> 24);
    }

    /** {@code MD5Transform}: RFC 1321's compression of one 64-byte block. */
    private void transform() {
        for (int i = 0; i < 16; i++) {
            words[i] = (block[4 * i] & 0xff) | (block[4 * i + 1] & 0xff) << 8 | (block[4 * i + 2] & 0xff) << 16
                    | (block[4 * i + 3] & 0xff) << 24;
        }
        int a = state[0];
        int b = state[1];
        int c = state[2];
        int d = state[3];
        for (int i = 0; i < 64; i++) {
            int f;
            int g;
            if (i < 16) {
                f = (b & c) | (~b & d);
                g = i;
            } else if (i < 32) {
                f = (d & b) | (~d & c);
                g = (5 * i + 1) & 15;
            } else if (i < 48) {
                f = b ^ c ^ d;
                g = (3 * i + 5) & 15;
            } else {
                f = c ^ (b | ~d);
                g = (7 * i) & 15;
            }
            int rotated = Integer.rotateLeft(a + f + SINES[i] + words[g], SHIFTS[(i >>> 4) * 4 + (i & 3)]);
            a = d;
            d = c;
            c = b;
            b = b + rotated;
        }
        state[0] += a;
        state[1] += b;
        state[2] += c;
        state[3] += d;
    }
}
