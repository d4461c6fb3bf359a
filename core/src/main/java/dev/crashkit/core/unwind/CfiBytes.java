package dev.crashkit.core.unwind;

import dev.crashkit.core.bytes.ByteReader;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * A cursor over bytes copied from {@code address}: core's checked {@link ByteReader} (positions are
 * runtime addresses, so a truncation names the address) plus the {@code DW_EH_PE_*} pointer
 * encodings of {@code .eh_frame}. Every read fails with a {@link CfiException}.
 */
final class CfiBytes extends ByteReader<CfiException> {
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

    /** Reads {@code bytes} copied from {@code address}. */
    CfiBytes(byte[] bytes, long address) {
        this(bytes, address, bytes.length);
    }

    /** Reads the first {@code limit} of {@code bytes}. */
    CfiBytes(byte[] bytes, long address, int limit) {
        super(ByteBuffer.wrap(bytes, 0, limit).order(ByteOrder.LITTLE_ENDIAN), address, address,
                problem -> new CfiException("CFI " + problem));
        this.bytes = bytes;
    }

    /** Index of the next byte in the copied bytes. */
    int offset() {
        return (int) (position() - origin());
    }

    void offset(int index) {
        seek(origin() + index);
    }

    /** How many bytes may be read (from index 0). */
    int size() {
        return (int) (limit() - origin());
    }

    /** Runtime address of the next byte. */
    long here() {
        return origin() + offset();
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
