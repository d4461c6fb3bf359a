package dev.crashkit.symbolicate.dwarf;

/**
 * One abbreviation declaration: the shape of every DIE that uses its code. Attribute lookup is
 * by a small table for the standard attribute codes (below 0x80), since it runs for every DIE the
 * subroutine index decodes.
 */
final class Abbrev {
    private final long code;
    private final int tag;
    private final boolean hasChildren;
    private final int[] attrs;
    private final int[] forms;
    private final long[] implicitConsts;
    private final byte[] fastIndex = new byte[0x80];
    private final boolean hasCodeRanges;
    private int sizeKey = -1;
    private int fixedSize;
    /** The skip plan for one unit shape, published whole (tables may be shared by units on several threads). */
    private volatile PlanForShape plan;

    private record PlanForShape(int key, int[] steps) {
    }

    /**
     * @param attrs DW_AT_* in declaration order
     * @param forms DW_FORM_* for each attribute
     * @param implicitConsts values of DW_FORM_implicit_const attributes (0 elsewhere)
     */
    Abbrev(long code, int tag, boolean hasChildren, int[] attrs, int[] forms, long[] implicitConsts) {
        this.code = code;
        this.tag = tag;
        this.hasChildren = hasChildren;
        this.attrs = attrs;
        this.forms = forms;
        this.implicitConsts = implicitConsts;
        for (int i = attrs.length - 1; i >= 0; i--) {
            if (attrs[i] > 0 && attrs[i] < fastIndex.length && i < 127) {
                fastIndex[attrs[i]] = (byte) (i + 1);
            }
        }
        hasCodeRanges = indexOf(Dw.AT_LOW_PC) >= 0 || indexOf(Dw.AT_RANGES) >= 0;
    }

    /** False when entries of this shape cannot have addresses ({@link RangeLists#of} gives none). */
    boolean hasCodeRanges() {
        return hasCodeRanges;
    }

    long code() {
        return code;
    }

    int tag() {
        return tag;
    }

    boolean hasChildren() {
        return hasChildren;
    }

    int[] attrs() {
        return attrs;
    }

    int[] forms() {
        return forms;
    }

    long[] implicitConsts() {
        return implicitConsts;
    }

    /**
     * Byte size of all attribute values when every form has a fixed size for this unit's address
     * and offset sizes and version, else -1; lets the DIE walk skip such entries in one step.
     */
    int fixedSize(int version, int addressSize, int offsetSize) {
        int key = version << 16 | addressSize << 8 | offsetSize;
        if (key != sizeKey) {
            int total = 0;
            for (int form : forms) {
                int size = FormReader.fixedSize(form, version, addressSize, offsetSize);
                if (size < 0) {
                    total = -1;
                    break;
                }
                total += size;
            }
            fixedSize = total;
            sizeKey = key;
        }
        return fixedSize;
    }

    /** {@link SkipPlan} steps for entries of this shape in {@code u}, or null when it has none. */
    int[] skipPlan(Unit u) {
        int key = u.version() << 16 | u.addressSize() << 8 | u.offsetSize();
        PlanForShape p = plan;
        if (p == null || p.key() != key) {
            p = new PlanForShape(key, SkipPlan.of(forms, u.version(), u.addressSize(), u.offsetSize()));
            plan = p;
        }
        return p.steps();
    }

    /** Index of an attribute in this declaration (the first one if repeated), or -1. */
    int indexOf(int attr) {
        if (attr > 0 && attr < fastIndex.length && attrs.length < 127) {
            return fastIndex[attr] - 1;
        }
        for (int i = 0; i < attrs.length; i++) {
            if (attrs[i] == attr) {
                return i;
            }
        }
        return -1;
    }
}
