package dev.crashkit.core.unwind;

import java.util.OptionalLong;

/**
 * Read-only view of a (possibly foreign) address space. Implementations never fault: an address
 * they cannot read gives a short count. The unwinder reads stack slots, code bytes (to validate
 * return addresses) and CFI through this one interface, so that the same code runs in-process, on
 * a stopped process and offline on a recorded stack window plus the binaries' bytes.
 */
public interface Memory {

    /**
     * Copies up to {@code len} bytes at {@code address} into {@code dst[off..]}.
     *
     * @param address the first address to read
     * @param dst     the buffer to copy into
     * @param off     where in {@code dst} the first byte goes
     * @param len     how many bytes to read
     * @return how many bytes were copied from the start of the range (0 when unreadable)
     */
    int read(long address, byte[] dst, int off, int len);

    /**
     * The little-endian 64-bit word at {@code address}, empty when not fully readable.
     *
     * @param address the word's first byte
     * @return the word's value
     */
    default OptionalLong readU64(long address) {
        byte[] b = new byte[8];
        if (read(address, b, 0, 8) != 8) {
            return OptionalLong.empty();
        }
        long v = 0;
        for (int i = 7; i >= 0; i--) {
            v = (v << 8) | (b[i] & 0xff);
        }
        return OptionalLong.of(v);
    }

    /**
     * This memory where it can read, else {@code fallback}: a recorded stack over live code.
     *
     * @param fallback the memory that serves what this one cannot read
     * @return a view that reads from this memory first, then continues in {@code fallback}
     */
    default Memory over(Memory fallback) {
        Memory first = this;
        return (address, dst, off, len) -> {
            int n = first.read(address, dst, off, len);
            if (n == len) {
                return n;
            }
            return n + fallback.read(address + n, dst, off + n, len - n);
        };
    }
}
