package dev.crashkit.symbolicate.dwarf;

/**
 * One decoded debugging information entry. Attribute values are kept raw (string offsets,
 * address indexes, unit-relative references) because resolving some of them needs bases that
 * are themselves attributes of the unit DIE; {@link Unit} resolves them on demand.
 *
 * @param unit the unit the entry belongs to
 * @param offset offset of the entry in .debug_info
 * @param abbrev its shape, or null for a null entry (end of a sibling list)
 * @param forms the form of each attribute after resolving DW_FORM_indirect (a walk's scratch arrays
 *     may be longer than the attributes: see {@link FormReader#read(Unit, Cursor, int[], long[])})
 * @param values the raw value of each attribute (for in-place strings and blocks: their offset)
 * @param end offset just past the entry's attributes
 */
record Die(Unit unit, int offset, Abbrev abbrev, int[] forms, long[] values, int end) {
    boolean isNull() {
        return abbrev == null;
    }

    int tag() {
        return abbrev.tag();
    }

    /** Index of an attribute of this entry (not following origins), or -1. */
    int find(int attr) {
        return abbrev == null ? -1 : abbrev.indexOf(attr);
    }
}
