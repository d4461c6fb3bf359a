package dev.crashkit.symbolicate.dwarf;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * A read position in one section. Uses absolute ByteBuffer reads, so several cursors can share a
 * buffer; reading past the end throws IndexOutOfBoundsException, which the public API reports
 * as a {@link DwarfException}.
 */
final class Cursor {
    private final ByteBuffer buf;
    private final boolean little;
    int pos;

    Cursor(ByteBuffer buf, int pos) {
        this.buf = buf;
        this.little = buf.order() == ByteOrder.LITTLE_ENDIAN;
        this.pos = pos;
    }

    int limit() {
        return buf.limit();
    }

    boolean atEnd() {
        return pos >= buf.limit();
    }

    int u8() {
        return buf.get(pos++) & 0xff;
    }

    int s8() {
        return buf.get(pos++);
    }

    int u16() {
        int v = buf.getShort(pos) & 0xffff;
        pos += 2;
        return v;
    }

    int u24() {
        int b0 = u8();
        int b1 = u8();
        int b2 = u8();
        return little ? b0 | b1 << 8 | b2 << 16 : b2 | b1 << 8 | b0 << 16;
    }

    long u32() {
        long v = buf.getInt(pos) & 0xffffffffL;
        pos += 4;
        return v;
    }

    long u64() {
        long v = buf.getLong(pos);
        pos += 8;
        return v;
    }

    /** An unsigned value of 1, 2, 4 or 8 bytes (addresses, offsets). */
    long unsigned(int size) {
        return switch (size) {
            case 1 -> u8();
            case 2 -> u16();
            case 4 -> u32();
            case 8 -> u64();
            default -> throw new DwarfFormatError("unsupported value size " + size);
        };
    }

    long uleb() {
        long result = 0;
        int shift = 0;
        while (true) {
            int b = buf.get(pos++);
            if (shift < 64) {
                result |= (long) (b & 0x7f) << shift;
            }
            shift += 7;
            if ((b & 0x80) == 0) {
                return result;
            }
        }
    }

    long sleb() {
        long result = 0;
        int shift = 0;
        int b;
        do {
            b = buf.get(pos++);
            if (shift < 64) {
                result |= (long) (b & 0x7f) << shift;
            }
            shift += 7;
        } while ((b & 0x80) != 0);
        if (shift < 64 && (b & 0x40) != 0) {
            result |= -1L << shift;
        }
        return result;
    }

    void skipUleb() {
        while ((buf.get(pos++) & 0x80) != 0) {
            // continuation bytes carry no information we need here
        }
    }

    void skip(long n) {
        if (n < 0 || pos + n > buf.limit()) {
            throw new IndexOutOfBoundsException("skip past end of section");
        }
        pos += (int) n;
    }

    void skipCString() {
        while (buf.get(pos++) != 0) {
            // scan to the terminator
        }
    }

    String cstring() {
        int start = pos;
        skipCString();
        return decode(buf, start, pos - 1 - start);
    }

    /** Reads a NUL-terminated UTF-8 string at an absolute offset of a buffer. */
    static String cstringAt(ByteBuffer buf, long offset) {
        if (offset < 0 || offset >= buf.limit()) {
            throw new DwarfFormatError("string offset 0x" + Long.toHexString(offset) + " outside its section");
        }
        int start = (int) offset;
        int end = start;
        while (buf.get(end) != 0) {
            end++;
        }
        return decode(buf, start, end - start);
    }

    private static String decode(ByteBuffer buf, int start, int len) {
        byte[] bytes = new byte[len];
        buf.get(start, bytes);
        return new String(bytes, StandardCharsets.UTF_8);
    }

    /** Reads an initial length; returns the length and sets {@code dwarf64[0]}. */
    long initialLength(boolean[] dwarf64) {
        long len = u32();
        if (len == 0xffffffffL) {
            dwarf64[0] = true;
            return u64();
        }
        if (len >= 0xfffffff0L) {
            throw new DwarfFormatError("reserved unit length 0x" + Long.toHexString(len));
        }
        dwarf64[0] = false;
        return len;
    }
}
