package dev.crashkit.core.bytes;

import dev.crashkit.core.ObjectFormatException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.function.Function;

/**
 * The one checked reader of untrusted bytes: fixed-size integers in the buffer's byte order,
 * LEB128, NUL-terminated strings. Every read is bounds-checked first; running past the end is a
 * checked exception of the caller's own type ({@code E}: a DWARF, CFI or Mach-O error), built by
 * the {@code errors} function from a message naming the position and what was missing, never an
 * {@code IndexOutOfBoundsException}. Sizes taken from the data are checked against what is left
 * before anything is skipped or allocated.
 *
 * <p>Positions are {@code origin + index}: the section offset (DWARF), the address (CFI) or the file
 * offset of the first byte, so that messages and callers speak the data's own coordinates. Reads use
 * absolute buffer indexing, so several readers may share one buffer.
 *
 * @param <E> the checked exception truncation is reported as
 */
public class ByteReader<E extends ObjectFormatException> {
    private final ByteBuffer buf;
    private final long origin;
    private final int limit;
    private final boolean little;
    private final Function<String, E> errors;
    /**
     * The heap array behind {@code buf}, or null (a mapped file): read directly, since a call through
     * {@link ByteBuffer} is virtual once heap and mapped buffers are both in use, and C1 (the CLI's
     * compiler) does not inline it (DWARF decoding of libjvm.so's inflated sections: see BENCHMARKS.md).
     */
    private final byte[] array;
    private final int arrayOffset;
    private int index;

    /**
     * @param buf    the bytes (read from index 0 to its limit; its position is ignored)
     * @param origin the position of the buffer's first byte
     * @param start  the first position to read
     * @param errors makes the exception for a problem message
     */
    public ByteReader(ByteBuffer buf, long origin, long start, Function<String, E> errors) {
        this.buf = buf;
        this.origin = origin;
        this.limit = buf.limit();
        this.little = buf.order() == ByteOrder.LITTLE_ENDIAN;
        this.errors = errors;
        this.index = (int) (start - origin);
        this.array = buf.hasArray() ? buf.array() : null;
        this.arrayOffset = array == null ? 0 : buf.arrayOffset();
    }

    /**
     * The position of the next byte.
     *
     * @return {@code origin} plus the index of the next byte
     */
    public final long position() {
        return origin + index;
    }

    /**
     * Moves to {@code position} (checked when something is read there).
     *
     * @param position the position of the next byte to read
     */
    public final void seek(long position) {
        index = (int) (position - origin);
    }

    /**
     * One past the last position.
     *
     * @return {@code origin} plus the buffer's limit
     */
    public final long limit() {
        return origin + limit;
    }

    /**
     * How many bytes are left.
     *
     * @return the bytes from the current position to the limit (negative after a seek past the limit)
     */
    public final int remaining() {
        return limit - index;
    }

    /**
     * Whether anything is left.
     *
     * @return true while the current position is before the limit
     */
    public final boolean hasRemaining() {
        return index < limit;
    }

    /**
     * The position of the buffer's first byte.
     *
     * @return the origin given to the constructor
     */
    public final long origin() {
        return origin;
    }

    /**
     * The underlying bytes (shared, not copied).
     *
     * @return the buffer given to the constructor
     */
    public final ByteBuffer buffer() {
        return buf;
    }

    /**
     * The caller's exception for a problem found in the data, for the caller to throw.
     *
     * @param problem the message, used as it is
     * @return the exception the {@code errors} function makes of it
     */
    public final E error(String problem) {
        return errors.apply(problem);
    }

    // Small enough for C1 to inline into every read (its size limit is 35 bytes of bytecode): the
    // message is built by truncated(), out of line.
    private void need(int n) throws E {
        if (index < 0 || n > limit - index) {
            throw truncated(n);
        }
    }

    private E truncated(int n) {
        return errors.apply(String.format("truncated at 0x%x (need %d bytes, %d left)", origin + index, n,
                Math.max(0, limit - index)));
    }

    /**
     * An unsigned byte.
     *
     * @return 0 to 255
     * @throws E if the bytes are not all inside the buffer
     */
    public final int u8() throws E {
        need(1);
        int i = index++;
        return (array != null ? array[arrayOffset + i] : buf.get(i)) & 0xff;
    }

    /**
     * A signed byte.
     *
     * @return -128 to 127
     * @throws E if the bytes are not all inside the buffer
     */
    public final int s8() throws E {
        need(1);
        return buf.get(index++);
    }

    /**
     * An unsigned 16-bit value in the buffer's byte order.
     *
     * @return 0 to 65535
     * @throws E if the bytes are not all inside the buffer
     */
    public final int u16() throws E {
        need(2);
        int v = buf.getShort(index) & 0xffff;
        index += 2;
        return v;
    }

    /**
     * An unsigned 24-bit value in the buffer's byte order.
     *
     * @return the value, non-negative
     * @throws E if the bytes are not all inside the buffer
     */
    public final int u24() throws E {
        need(3);
        int b0 = buf.get(index) & 0xff;
        int b1 = buf.get(index + 1) & 0xff;
        int b2 = buf.get(index + 2) & 0xff;
        index += 3;
        return little ? b0 | b1 << 8 | b2 << 16 : b2 | b1 << 8 | b0 << 16;
    }

    /**
     * An unsigned 32-bit value in the buffer's byte order.
     *
     * @return the value, non-negative
     * @throws E if the bytes are not all inside the buffer
     */
    public final long u32() throws E {
        need(4);
        long v;
        if (array != null) {
            int at = arrayOffset + index;
            int b0 = array[at] & 0xff;
            int b1 = array[at + 1] & 0xff;
            int b2 = array[at + 2] & 0xff;
            int b3 = array[at + 3] & 0xff;
            v = (little ? b0 | b1 << 8 | b2 << 16 | b3 << 24 : b3 | b2 << 8 | b1 << 16 | b0 << 24) & 0xffffffffL;
        } else {
            v = buf.getInt(index) & 0xffffffffL;
        }
        index += 4;
        return v;
    }

    /**
     * A 64-bit value in the buffer's byte order.
     *
     * @return the value; unsigned, compare with {@link Long#compareUnsigned}
     * @throws E if the bytes are not all inside the buffer
     */
    public final long u64() throws E {
        need(8);
        long v = buf.getLong(index);
        index += 8;
        return v;
    }

    /**
     * An unsigned value of 1, 2, 4 or 8 bytes (addresses, offsets).
     *
     * @param size the value's width in bytes
     * @return the value, zero-extended
     * @throws E if the bytes are not all inside the buffer or {@code size} is not 1, 2, 4 or 8
     */
    public final long unsigned(int size) throws E {
        return switch (size) {
            case 1 -> u8();
            case 2 -> u16();
            case 4 -> u32();
            case 8 -> u64();
            default -> throw errors.apply("unsupported value size " + size);
        };
    }

    /**
     * Unsigned LEB128; bits past 64 are dropped.
     *
     * @return the value
     * @throws E if the bytes are not all inside the buffer
     */
    public final long uleb() throws E {
        if (array != null && index >= 0 && index < limit) {
            int b = array[arrayOffset + index];
            if (b >= 0) { // one byte: most abbreviation codes, forms and line-program operands
                index++;
                return b;
            }
        }
        long result = 0;
        int shift = 0;
        while (true) {
            int b = u8();
            if (shift < 64) {
                result |= (long) (b & 0x7f) << shift;
            }
            shift += 7;
            if ((b & 0x80) == 0) {
                return result;
            }
        }
    }

    /**
     * Signed LEB128.
     *
     * @return the sign-extended value
     * @throws E if the bytes are not all inside the buffer
     */
    public final long sleb() throws E {
        long result = 0;
        int shift = 0;
        int b;
        do {
            b = u8();
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

    /**
     * Skips an unsigned LEB128 value without decoding it.
     *
     * @throws E if the bytes are not all inside the buffer
     */
    public final void skipUleb() throws E {
        if (array != null && index >= 0 && index < limit && array[arrayOffset + index] >= 0) {
            index++;
            return;
        }
        while ((u8() & 0x80) != 0) {
            // continuation bytes carry nothing we need
        }
    }

    /**
     * Skips {@code n} bytes; a negative or too large {@code n} (an untrusted length) is an error.
     *
     * @param n how many bytes to skip
     * @throws E if {@code n} is negative or more than is left
     */
    public final void skip(long n) throws E {
        if (n < 0 || n > limit - index) {
            throw errors.apply(String.format("length %d at 0x%x runs past the end (%d bytes left)", n,
                    origin + index, Math.max(0, limit - index)));
        }
        index += (int) n;
    }

    /**
     * Skips a NUL-terminated string.
     *
     * @throws E if no NUL comes before the end
     */
    public final void skipCString() throws E {
        if (array != null && index >= 0) {
            int at = arrayOffset + index;
            int end = arrayOffset + limit;
            while (at < end && array[at] != 0) {
                at++;
            }
            if (at < end) {
                index = at + 1 - arrayOffset;
                return;
            }
            index = limit; // unterminated: the read below reports it
        }
        while (u8() != 0) {
            // scan to the terminator
        }
    }

    /**
     * A NUL-terminated UTF-8 string.
     *
     * @return the string, without its NUL
     * @throws E if no NUL comes before the end
     */
    public final String cstring() throws E {
        int start = index;
        skipCString();
        return decode(buf, start, index - 1 - start);
    }

    /**
     * {@code n} bytes, copied; {@code n} is checked against what is left before allocating.
     *
     * @param n how many bytes to read
     * @return a new array of {@code n} bytes
     * @throws E if {@code n} is negative or more than is left
     */
    public final byte[] bytes(long n) throws E {
        int at = index;
        skip(n);
        byte[] out = new byte[(int) n];
        buf.get(at, out);
        return out;
    }

    /**
     * A NUL-terminated UTF-8 string at {@code offset} of a table; the string must end inside it.
     *
     * @param <E> the checked exception problems are reported as
     * @param table a string table (read from index 0 to its limit)
     * @param offset the string's offset in the table
     * @param errors makes the exception for a problem message
     * @return the string, without its NUL
     * @throws E if {@code offset} is outside the table or the string has no NUL before its end
     */
    public static <E extends ObjectFormatException> String cstringAt(ByteBuffer table, long offset,
                                                                     Function<String, E> errors) throws E {
        if (offset < 0 || offset >= table.limit()) {
            throw errors.apply("string offset 0x" + Long.toHexString(offset) + " outside its section");
        }
        int start = (int) offset;
        int end = start;
        while (end < table.limit() && table.get(end) != 0) {
            end++;
        }
        if (end == table.limit()) {
            throw errors.apply("string at 0x" + Long.toHexString(offset) + " runs past the end of its section");
        }
        return decode(table, start, end - start);
    }

    private static String decode(ByteBuffer buf, int start, int len) {
        byte[] bytes = new byte[len];
        buf.get(start, bytes);
        return new String(bytes, StandardCharsets.UTF_8);
    }
}
