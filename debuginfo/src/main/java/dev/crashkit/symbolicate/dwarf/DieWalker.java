package dev.crashkit.symbolicate.dwarf;

import java.nio.ByteBuffer;

/**
 * A forward walk over a unit's DIEs (the subroutine index, inline trees): abbreviation codes and
 * the attributes it does not decode are read straight from the unit's heap bytes, one call per
 * entry instead of one per byte and attribute ({@link SkipPlan}). Anything the fast path cannot
 * take (a mapped window, a multi-byte code, data running past the unit) is handed to the
 * {@link Cursor} path at the same position, which reads it, or fails with its own message.
 * Positions are .debug_info offsets.
 */
final class DieWalker {
    private final Unit unit;
    private final Cursor c;
    private final AbbrevTable abbrevs;
    /** The window's heap bytes, or null (read through the cursor). */
    private final byte[] bytes;
    /** Index in {@link #bytes} of .debug_info offset 0 (may be negative). */
    private final int base;
    /** The first and one past the last readable offset. */
    private final int first;
    private final int limit;
    private int pos;

    DieWalker(Unit unit, int start) throws DwarfException {
        this.unit = unit;
        this.c = unit.cursor(start);
        this.abbrevs = unit.abbrevs();
        ByteBuffer b = c.buffer();
        this.bytes = b.hasArray() ? b.array() : null;
        this.base = bytes == null ? 0 : b.arrayOffset() - (int) c.origin();
        this.first = (int) c.origin();
        this.limit = (int) c.limit();
        this.pos = start;
    }

    int pos() {
        return pos;
    }

    /** The abbreviation code at the position (0: a null entry), moving past it. */
    long code() throws DwarfException {
        if (bytes != null && pos >= first && pos < limit) {
            int b = bytes[base + pos];
            if (b >= 0) {
                pos++;
                return b;
            }
        }
        c.seek(pos);
        long code = c.uleb();
        pos = c.pos();
        return code;
    }

    Abbrev abbrev(long code) throws DwarfException {
        return abbrevs.get(code);
    }

    /** Skips the attributes of an entry of shape {@code a} whose code was just read. */
    void skipAttributes(Abbrev a) throws DwarfException {
        if (bytes != null && pos >= first) {
            int[] plan = a.skipPlan(unit);
            if (plan != null) {
                int next = SkipPlan.skip(bytes, base, pos, limit, plan);
                if (next >= 0) {
                    pos = next;
                    return;
                }
            }
        }
        c.seek(pos);
        FormReader.skipAttributes(unit, a, c);
        pos = c.pos();
    }

    /** Decodes the entry at {@code dieOffset} (see {@link FormReader#read(Unit, Cursor, int[], long[])}). */
    Die read(int dieOffset, int[] scratchForms, long[] scratchValues) throws DwarfException {
        c.seek(dieOffset);
        Die d = FormReader.read(unit, c, scratchForms, scratchValues);
        pos = c.pos();
        return d;
    }
}
