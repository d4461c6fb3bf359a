package dev.crashkit.symbolicate.report.minidump;

import dev.crashkit.core.ReportException;
import java.nio.charset.StandardCharsets;

/**
 * The dump's bytes, read little-endian at absolute offsets (minidumps address everything by RVA,
 * an offset from the file's start). Every read and every RVA/size pair is checked, unsigned, against
 * the bytes there are; a failed check is a {@link ReportException} naming the source and what was
 * read, so no lying count or size can index past the end or allocate more than the file holds.
 */
final class MinidumpBytes {
    private final String source;
    private final byte[] data;

    MinidumpBytes(String source, byte[] data) {
        this.source = source;
        this.data = data;
    }

    String source() {
        return source;
    }

    int length() {
        return data.length;
    }

    byte[] array() {
        return data;
    }

    /** Fails unless {@code [rva, rva + size)} lies in the file; sizes and RVAs are unsigned 32/64-bit. */
    void check(long rva, long size, String what) throws ReportException {
        if (!fits(rva, size)) {
            throw new ReportException(source + ": " + what + " at offset " + Long.toUnsignedString(rva)
                    + " (" + Long.toUnsignedString(size) + " bytes) runs past the end of the file ("
                    + data.length + " bytes)");
        }
    }

    /** Whether {@code [rva, rva + size)} lies in the file. */
    boolean fits(long rva, long size) {
        return rva >= 0 && size >= 0 && rva <= data.length && size <= data.length - rva;
    }

    int u8(long at) {
        return data[(int) at] & 0xff;
    }

    int u16(long at) {
        return (data[(int) at] & 0xff) | (data[(int) at + 1] & 0xff) << 8;
    }

    /** An unsigned 32-bit value, as a long. */
    long u32(long at) {
        int i = (int) at;
        return ((data[i] & 0xffL) | (data[i + 1] & 0xffL) << 8 | (data[i + 2] & 0xffL) << 16
                | (data[i + 3] & 0xffL) << 24);
    }

    long u64(long at) {
        return u32(at) | u32(at + 4) << 32;
    }

    /** A checked u32: for fields read before their record's bounds were checked. */
    long u32Checked(long at, String what) throws ReportException {
        check(at, 4, what);
        return u32(at);
    }

    /** The bytes of {@code [rva, rva + size)}, copied; the range must have been checked. */
    byte[] copy(long rva, int size) {
        byte[] out = new byte[size];
        System.arraycopy(data, (int) rva, out, 0, size);
        return out;
    }

    /**
     * A {@code MINIDUMP_STRING}: a 32-bit byte length, then UTF-16LE. A length that is odd or runs
     * past the file fails.
     */
    String utf16(long rva, String what) throws ReportException {
        long len = u32Checked(rva, what + " length");
        if (len % 2 != 0) {
            throw new ReportException(source + ": " + what + " has an odd UTF-16 byte length " + len);
        }
        check(rva + 4, len, what);
        return new String(data, (int) rva + 4, (int) len, StandardCharsets.UTF_16LE);
    }

    /** Crashpad's {@code MinidumpUTF8String}: a 32-bit byte length, then UTF-8. */
    String utf8(long rva, String what) throws ReportException {
        long len = u32Checked(rva, what + " length");
        check(rva + 4, len, what);
        return new String(data, (int) rva + 4, (int) len, StandardCharsets.UTF_8);
    }

    /** The stream's bytes as text (Linux {@code /proc} files), NULs shown as spaces (cmdline, environ). */
    String text(long rva, long size, String what) throws ReportException {
        check(rva, size, what);
        return new String(data, (int) rva, (int) size, StandardCharsets.UTF_8).replace('\0', ' ');
    }
}
