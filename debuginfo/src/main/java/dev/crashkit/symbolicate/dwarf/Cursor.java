package dev.crashkit.symbolicate.dwarf;

import dev.crashkit.core.bytes.ByteReader;
import java.nio.ByteBuffer;

/**
 * A read position in one section: core's checked {@link ByteReader} in section offsets, plus the
 * DWARF-specific reads. Truncated or inconsistent data is a {@link DwarfException}. A cursor may read
 * a window of the section (a heap copy of one unit or line program, much faster to scan than a
 * mapped file): positions stay section offsets.
 */
final class Cursor extends ByteReader<DwarfException> {

    Cursor(ByteBuffer buf, int pos) {
        this(buf, 0, pos);
    }

    Cursor(ByteBuffer window, int base, int pos) {
        super(window, base, pos, DwarfException::new);
    }

    /** Windows larger than this are read in place: a giant (LTO) unit must not be duplicated. */
    static int maxWindow = 64 << 20; // not final: a test forces the in-place path

    /**
     * A cursor at {@code pos} over [start, end) of a section: a heap copy of that range, or the
     * section itself when the range is larger than {@link #maxWindow}. A section already on the heap
     * (inflated from a compressed ELF section) is not copied again: the window is a view of it, as
     * fast to scan and bounded the same way (libjvm.so's touched units are 210 MB).
     */
    static Cursor over(ByteBuffer section, int start, int end, int pos) throws DwarfException {
        if (start < 0 || end < start || end > section.limit()) {
            throw new DwarfException("range [0x" + Integer.toHexString(start) + ", 0x" + Integer.toHexString(end)
                    + ") lies outside its section (0x" + Integer.toHexString(section.limit()) + " bytes)");
        }
        if (end - start > maxWindow) {
            return new Cursor(section, 0, pos);
        }
        if (section.hasArray()) {
            return new Cursor(section.slice(start, end - start).order(section.order()), start, pos);
        }
        byte[] copy = new byte[end - start];
        section.get(start, copy);
        return new Cursor(ByteBuffer.wrap(copy).order(section.order()), start, pos);
    }

    /** The position as a section offset (sections are smaller than 2 GiB). */
    int pos() {
        return (int) position();
    }

    /** A new cursor over the same bytes at another position. */
    Cursor at(int position) {
        return new Cursor(buffer(), (int) origin(), position);
    }

    /** Reads a NUL-terminated UTF-8 string at an absolute offset of a section. */
    static String cstringAt(ByteBuffer buf, long offset) throws DwarfException {
        return ByteReader.cstringAt(buf, offset, DwarfException::new);
    }

    /** Reads an initial length; returns the length and sets {@code dwarf64[0]}. */
    long initialLength(boolean[] dwarf64) throws DwarfException {
        long len = u32();
        if (len == 0xffffffffL) {
            dwarf64[0] = true;
            return u64();
        }
        if (len >= 0xfffffff0L) {
            throw new DwarfException("reserved unit length 0x" + Long.toHexString(len));
        }
        dwarf64[0] = false;
        return len;
    }
}
