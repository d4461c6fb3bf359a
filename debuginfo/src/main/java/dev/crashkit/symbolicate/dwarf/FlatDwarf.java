package dev.crashkit.symbolicate.dwarf;

/**
 * Every answer {@link DwarfContext#lookup} can give, as flat tables: address ranges, each pointing
 * at the innermost location of its inline chain; locations pointing at their function and at the
 * location of the call site one level out. Built by {@link DwarfFlattener}; a symbol cache writes
 * it to disk. Not changed once built; read by one thread at a time (the accessors remember
 * which unit's tables the last read fell in).
 *
 * <p>The answer at address {@code a}: the last range start {@code <= a} (unsigned); its code is a
 * location index ({@code >= 0}), {@link #EMPTY} (no frames), or an error ({@code <= -2}, message
 * {@code errorMessage(-2 - code)}, thrown as {@code fileName + ": " + message}). No range start
 * {@code <= a}: no frames. Following {@link #locationParent} from a location gives the chain,
 * innermost first; a parent index is always smaller than its child's.
 */
public final class FlatDwarf {
    /** Code of a range that has no frames. */
    public static final int EMPTY = -1;
    /** String index meaning "absent". */
    public static final int NONE = -1;
    /** Function flag: the function has a {@code DW_AT_low_pc}. */
    public static final int HAS_LOW_PC = 1;
    /** Function flag: an inlined subroutine (not the concrete function). */
    public static final int INLINED = 2;

    /**
     * The tables of one unit, indexes local; the flat tables are the parts one after another, so
     * a big image's tables are not copied once more to be joined.
     */
    record Part(int[] stringMap, int[] errorMap, TupleIds names, PackedRows functions, PackedRows locations) {
    }

    /** (start, code) per range; packed, as the parts' functions and locations (read in order by the writer). */
    private final PackedRows ranges;
    private final String[] strings;
    private final int[] errors;
    private final Part[] parts;
    private final int[] nameBase;
    private final int[] fnBase;
    private final int[] locBase;
    /** The part the previous access fell in: tables are mostly read in order. */
    private int cursor;
    /**
     * The location read last, whole (the writer asks for each of its fields, twice): its index,
     * then function, file, line, column and parent, resolved to the flat tables' indexes.
     */
    private int location = -1;
    private final int[] locationFields = new int[5];
    /** The function read last, as {@link #location}: names (flat index), low pc, flags. */
    private int function = -1;
    private final long[] functionFields = new long[3];

    /** @param parts tables in order; the base arrays hold each part's first index and, last, the totals */
    FlatDwarf(PackedRows ranges, String[] strings, int[] errors, Part[] parts, int[] nameBase, int[] fnBase,
              int[] locBase) {
        this.ranges = ranges;
        this.strings = strings;
        this.errors = errors;
        this.parts = parts;
        this.nameBase = nameBase;
        this.fnBase = fnBase;
        this.locBase = locBase;
    }

    public int rangeCount() {
        return ranges.size();
    }

    public long rangeStart(int i) {
        return ranges.get(i, 0);
    }

    public int rangeCode(int i) {
        return (int) ranges.get(i, 1);
    }

    /** Distinct strings (names, paths, messages), each once. */
    public int stringCount() {
        return strings.length;
    }

    public String string(int i) {
        return strings[i];
    }

    /** Distinct (linkage name, name, declaration line) triples that functions share (per unit). */
    public int nameCount() {
        return nameBase[parts.length];
    }

    /** String index of the linkage name, or {@link #NONE}. */
    public int nameLinkage(int i) {
        int p = part(i, nameBase);
        return string(parts[p], parts[p].names().get(i - nameBase[p], 0));
    }

    /** String index of the plain name, or {@link #NONE}. */
    public int nameName(int i) {
        int p = part(i, nameBase);
        return string(parts[p], parts[p].names().get(i - nameBase[p], 1));
    }

    public long nameDeclLine(int i) {
        int p = part(i, nameBase);
        int j = i - nameBase[p];
        return parts[p].names().get(j, 2) & 0xffffffffL | (long) parts[p].names().get(j, 3) << 32;
    }

    /** One per subprogram or inlined-subroutine entry (and one for frames without a function). */
    public int functionCount() {
        return fnBase[parts.length];
    }

    /** The function's name triple (index into the name tables). */
    public int functionNames(int i) {
        return (int) function(i)[0];
    }

    public long functionLowPc(int i) {
        return function(i)[1];
    }

    /** {@link #HAS_LOW_PC} and {@link #INLINED} bits. */
    public int functionFlags(int i) {
        return (int) function(i)[2];
    }

    private long[] function(int i) {
        if (i != function) {
            int p = part(i, fnBase);
            PackedRows rows = parts[p].functions();
            int at = rows.at(i - fnBase[p]);
            long[] b = rows.block();
            functionFields[0] = (int) b[at] + nameBase[p];
            functionFields[1] = b[at + 1];
            functionFields[2] = b[at + 2];
            function = i;
        }
        return functionFields;
    }

    public int locationCount() {
        return locBase[parts.length];
    }

    public int locationFunction(int i) {
        return location(i)[0];
    }

    /**
     * String index of the file path, {@link #NONE}, or ({@code <= -2}) error {@code -2 - code}:
     * the unit's line program is damaged, so the function is known but file and line are not.
     */
    public int locationFile(int i) {
        return location(i)[1];
    }

    public int locationLine(int i) {
        return location(i)[2];
    }

    public int locationColumn(int i) {
        return location(i)[3];
    }

    /** The call-site location one level out, or -1. */
    public int locationParent(int i) {
        return location(i)[4];
    }

    private int[] location(int i) {
        return i == location ? locationFields : readLocation(i);
    }

    private int[] readLocation(int i) {
        int p = part(i, locBase);
        Part part = parts[p];
        PackedRows rows = part.locations();
        int at = rows.at(i - locBase[p]);
        long[] b = rows.block();
        int[] f = locationFields;
        f[0] = (int) b[at] + fnBase[p];
        int file = (int) b[at + 1];
        f[1] = file <= -2 ? -2 - part.errorMap()[-2 - file] : string(part, file);
        f[2] = (int) b[at + 2];
        f[3] = (int) b[at + 3];
        int parent = (int) b[at + 4];
        f[4] = parent < 0 ? -1 : parent + locBase[p];
        location = i;
        return f;
    }

    public int errorCount() {
        return errors.length;
    }

    /** String index of error message {@code i}. */
    public int errorMessage(int i) {
        return errors[i];
    }

    private static int string(Part p, int local) {
        return local < 0 ? local : p.stringMap()[local];
    }

    /** The part holding index {@code i} of a table whose parts start at {@code base}. Not for concurrent readers. */
    private int part(int i, int[] base) {
        int c = cursor;
        if (c < parts.length && base[c] <= i && i < base[c + 1]) {
            return c;
        }
        if (i < 0 || i >= base[parts.length]) {
            throw new IndexOutOfBoundsException(i);
        }
        int lo = 0;
        int hi = parts.length - 1;
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (base[mid] <= i) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        // Parts with no rows of this table share their base with the next one: take the last.
        cursor = lo;
        return lo;
    }
}
