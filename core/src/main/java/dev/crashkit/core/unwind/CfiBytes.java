package dev.crashkit.core.unwind;

/**
 * A cursor over bytes copied from {@code address}: fixed-size little-endian integers, LEB128 and
 * the {@code DW_EH_PE_*} pointer encodings of {@code .eh_frame}. Every read is bounds-checked and
 * fails with a {@link CfiException} naming the address.
 */
final class CfiBytes {
    static final int PE_OMIT = 0xff;
    private static final int PE_ABSPTR = 0x00;
    private static final int PE_ULEB128 = 0x01;
    private static final int PE_UDATA2 = 0x02;
    private static final int PE_UDATA4 = 0x03;
    private static final int PE_UDATA8 = 0x04;
    private static final int PE_SLEB128 = 0x09;
    private static final int PE_SDATA2 = 0x0a;
    private static final int PE_SDATA4 = 0x0b;
    private static final int PE_SDATA8 = 0x0c;
    private static final int PE_PCREL = 0x10;
    private static final int PE_DATAREL = 0x30;
    private static final int PE_FUNCREL = 0x40;
    private static final int PE_INDIRECT = 0x80;

    private final byte[] bytes;
    private final long address;
    private int pos;
    private final int limit;

    CfiBytes(byte[] bytes, long address) {
        this(bytes, address, 0, bytes.length);
    }

    CfiBytes(byte[] bytes, long address, int pos, int limit) {
        this.bytes = bytes;
        this.address = address;
        this.pos = pos;
        this.limit = limit;
    }

    int position() {
        return pos;
    }

    void position(int p) {
        pos = p;
    }

    int limit() {
        return limit;
    }

    boolean hasMore() {
        return pos < limit;
    }

    /** Runtime address of the next byte. */
    long here() {
        return address + pos;
    }

    private void need(int n) throws CfiException {
        if (n > limit - pos) {
            throw new CfiException(String.format("CFI truncated at 0x%x (need %d bytes, %d left)", here(), n,
                    limit - pos));
        }
    }

    int u8() throws CfiException {
        need(1);
        return bytes[pos++] & 0xff;
    }

    int u16() throws CfiException {
        need(2);
        int v = (bytes[pos] & 0xff) | (bytes[pos + 1] & 0xff) << 8;
        pos += 2;
        return v;
    }

    long u32() throws CfiException {
        need(4);
        long v = (bytes[pos] & 0xffL) | (bytes[pos + 1] & 0xffL) << 8 | (bytes[pos + 2] & 0xffL) << 16
                | (bytes[pos + 3] & 0xffL) << 24;
        pos += 4;
        return v;
    }

    long u64() throws CfiException {
        long lo = u32();
        return lo | u32() << 32;
    }

    long uleb() throws CfiException {
        long v = 0;
        int shift = 0;
        while (true) {
            int b = u8();
            if (shift < 64) {
                v |= (long) (b & 0x7f) << shift;
            }
            shift += 7;
            if ((b & 0x80) == 0) {
                return v;
            }
        }
    }

    long sleb() throws CfiException {
        long v = 0;
        int shift = 0;
        int b;
        do {
            b = u8();
            if (shift < 64) {
                v |= (long) (b & 0x7f) << shift;
            }
            shift += 7;
        } while ((b & 0x80) != 0);
        if (shift < 64 && (b & 0x40) != 0) {
            v |= -1L << shift;
        }
        return v;
    }

    /** A NUL-terminated string (CIE augmentation). */
    String cstring() throws CfiException {
        StringBuilder sb = new StringBuilder();
        for (int c = u8(); c != 0; c = u8()) {
            sb.append((char) c);
        }
        return sb.toString();
    }

    void skip(long n) throws CfiException {
        if (n < 0 || n > limit - pos) {
            throw new CfiException(String.format("CFI skip of %d bytes at 0x%x leaves the entry", n, here()));
        }
        pos += (int) n;
    }

    /**
     * A pointer in encoding {@code enc}. {@code dataBase} serves {@code DW_EH_PE_datarel} (the
     * start of {@code .eh_frame_hdr}); indirect pointers are not followed (nothing we read needs them).
     */
    long encoded(int enc, long dataBase) throws CfiException {
        if (enc == PE_OMIT) {
            throw new CfiException(String.format("omitted pointer read at 0x%x", here()));
        }
        long at = here();
        long v = switch (enc & 0x0f) {
            case PE_ABSPTR, PE_UDATA8, PE_SDATA8 -> u64();
            case PE_ULEB128 -> uleb();
            case PE_UDATA2 -> u16();
            case PE_UDATA4 -> u32();
            case PE_SLEB128 -> sleb();
            case PE_SDATA2 -> (short) u16();
            case PE_SDATA4 -> (int) u32();
            default -> throw new CfiException(String.format("unknown pointer encoding 0x%02x at 0x%x", enc, at));
        };
        switch (enc & 0x70) {
            case 0 -> { }
            case PE_PCREL -> v += at;
            case PE_DATAREL -> v += dataBase;
            case PE_FUNCREL -> { } // only used for LSDA pointers, which we skip
            default -> throw new CfiException(String.format("unsupported pointer application 0x%02x at 0x%x",
                    enc & 0x70, at));
        }
        if ((enc & PE_INDIRECT) != 0) {
            throw new CfiException(String.format("indirect pointer at 0x%x", at));
        }
        return v;
    }

    /** Size in bytes of a pointer's value part, for skipping; -1 for LEB128 forms. */
    static int encodedSize(int enc) {
        return switch (enc & 0x0f) {
            case PE_ABSPTR, PE_UDATA8, PE_SDATA8 -> 8;
            case PE_UDATA2, PE_SDATA2 -> 2;
            case PE_UDATA4, PE_SDATA4 -> 4;
            default -> -1;
        };
    }

    byte[] array() {
        return bytes;
    }
}
