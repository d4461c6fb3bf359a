package dev.crashkit.symbolicate.dwarf;

/**
 * One abbreviation declaration: the shape of every DIE that uses its code.
 *
 * @param code abbreviation code
 * @param tag DW_TAG_*
 * @param hasChildren whether DIEs of this shape own a child list
 * @param attrs DW_AT_* in declaration order
 * @param forms DW_FORM_* for each attribute
 * @param implicitConsts values of DW_FORM_implicit_const attributes (0 elsewhere)
 */
record Abbrev(long code, int tag, boolean hasChildren, int[] attrs, int[] forms, long[] implicitConsts) {
    /** Index of an attribute in this declaration, or -1. */
    int indexOf(int attr) {
        for (int i = 0; i < attrs.length; i++) {
            if (attrs[i] == attr) {
                return i;
            }
        }
        return -1;
    }
}
