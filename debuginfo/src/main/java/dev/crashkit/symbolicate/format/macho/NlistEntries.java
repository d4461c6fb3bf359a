package dev.crashkit.symbolicate.format.macho;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * The raw entries of LC_SYMTAB (index = symbol number), read in place from the image's bytes:
 * nothing is copied or decoded up front, because for a million-symbol image the copies and a
 * million name strings would cost far more than the index built from them. Names are
 * NUL-terminated UTF-8 in {@link #strings()}; an entry with string index 0 or an out-of-range
 * one has an empty name. Only absolute reads are used, so one instance may be shared between
 * threads.
 */
public final class NlistEntries {
    public static final int N_STAB = 0xe0;
    public static final int N_TYPE = 0x0e;
    public static final int N_SECT = 0x0e;
    public static final int N_EXT = 0x01;
    /** Stab for a function: a pair, the first with the start address, the second with the size. */
    public static final int N_FUN = 0x24;

    private final ByteBuffer entries;
    private final ByteBuffer strings;
    private final int count;
    private final boolean wide;
    private final int entrySize;

    /**
     * @param entries the nlist array (bounds already checked), in the image's byte order
     * @param strings the string table
     * @param wide    true for 16-byte nlist_64 entries, false for 12-byte nlist
     */
    NlistEntries(ByteBuffer entries, ByteBuffer strings, int count, boolean wide) {
        this.entries = entries;
        this.strings = strings.asReadOnlyBuffer();
        this.count = count;
        this.wide = wide;
        this.entrySize = wide ? 16 : 12;
    }

    /** No entries (an image without LC_SYMTAB). */
    public static NlistEntries empty() {
        ByteBuffer none = ByteBuffer.allocate(0);
        return new NlistEntries(none.order(ByteOrder.LITTLE_ENDIAN), none, 0, true);
    }

    public int size() {
        return count;
    }

    /** The string table (read-only; position 0 is string index 0). */
    public ByteBuffer strings() {
        return strings.duplicate();
    }

    /** Where entry i's name starts in {@link #strings()}, or -1 when it has none. */
    public int nameOffset(int i) {
        long strx = entries.getInt(i * entrySize) & 0xffffffffL;
        return strx <= 0 || strx >= strings.capacity() ? -1 : (int) strx;
    }

    /** Entry i's raw {@code n_strx} (unsigned, not checked against the string table). */
    public long stringIndex(int i) {
        return entries.getInt(i * entrySize) & 0xffffffffL;
    }

    /** The NUL-terminated UTF-8 string at {@code offset} of the string table ({@code ""} when outside it). */
    public String stringAt(long offset) {
        return offset < 0 || offset >= strings.capacity() ? "" : decode(strings, (int) offset);
    }

    /** Entry i's name decoded as UTF-8 ({@code ""} when it has none). */
    public String name(int i) {
        return decode(strings, nameOffset(i));
    }

    /** True when entry i's name is empty, without decoding it. */
    public boolean nameIsEmpty(int i) {
        int at = nameOffset(i);
        return at < 0 || strings.get(at) == 0;
    }

    public byte type(int i) {
        return entries.get(i * entrySize + 4);
    }

    /** Section ordinal (1-based; 0 = NO_SECT). */
    public int section(int i) {
        return entries.get(i * entrySize + 5) & 0xff;
    }

    public short desc(int i) {
        return entries.getShort(i * entrySize + 6);
    }

    public long value(int i) {
        int at = i * entrySize + 8;
        return wide ? entries.getLong(at) : entries.getInt(at) & 0xffffffffL;
    }

    public boolean isStab(int i) {
        return (type(i) & N_STAB) != 0;
    }

    /** Defined in a section, not a debugging entry, not undefined/absolute/indirect. */
    public boolean isDefinedInSection(int i) {
        int type = type(i);
        return (type & N_STAB) == 0 && (type & N_TYPE) == N_SECT && section(i) != 0;
    }

    public boolean isExternal(int i) {
        return (type(i) & N_EXT) != 0;
    }

    /** The NUL-terminated UTF-8 string at {@code at} in {@code table} (to the table's end if unterminated). */
    static String decode(ByteBuffer table, int at) {
        int limit = table.capacity();
        if (at < 0 || at >= limit) {
            return "";
        }
        int end = at;
        while (end < limit && table.get(end) != 0) {
            end++;
        }
        byte[] utf8 = new byte[end - at];
        table.get(at, utf8);
        return new String(utf8, StandardCharsets.UTF_8);
    }
}
