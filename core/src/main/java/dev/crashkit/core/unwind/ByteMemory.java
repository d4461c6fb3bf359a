package dev.crashkit.core.unwind;

/**
 * Bytes copied from an address space (a stack window, a section of a binary) placed at the
 * address they came from.
 */
public final class ByteMemory implements Memory {
    private final long base;
    private final byte[] bytes;

    /**
     * Wraps {@code bytes} (not copied: callers hand over a fresh buffer) as living at {@code base}.
     *
     * @param base  the address the first byte came from
     * @param bytes the copied bytes
     */
    public ByteMemory(long base, byte[] bytes) {
        this.base = base;
        this.bytes = bytes;
    }

    /**
     * The address of the first byte held.
     *
     * @return the base address
     */
    public long base() {
        return base;
    }

    /**
     * One past the last address held.
     *
     * @return the end address (exclusive)
     */
    public long end() {
        return base + bytes.length;
    }

    /**
     * The number of bytes held.
     *
     * @return the size in bytes
     */
    public int size() {
        return bytes.length;
    }

    /**
     * True when {@code address} lies inside the copied range.
     *
     * @param address the address to test
     * @return whether a byte at {@code address} is held
     */
    public boolean contains(long address) {
        return Long.compareUnsigned(address, base) >= 0 && Long.compareUnsigned(address - base, bytes.length) < 0;
    }

    @Override
    public int read(long address, byte[] dst, int off, int len) {
        if (!contains(address)) {
            return 0;
        }
        int start = (int) (address - base);
        int n = Math.min(len, bytes.length - start);
        System.arraycopy(bytes, start, dst, off, n);
        return n;
    }
}
