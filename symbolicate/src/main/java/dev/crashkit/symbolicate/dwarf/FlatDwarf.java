package dev.crashkit.symbolicate.dwarf;

/**
 * Every answer {@link DwarfContext#lookup} can give, as flat tables: address ranges, each pointing
 * at the innermost location of its inline chain; locations pointing at their function and at the
 * location of the call site one level out. Built by {@link DwarfFlattener}; a symbol cache writes
 * it to disk. Read-only once built.
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

    private final long[] starts;
    private final int[] codes;
    private final String[] strings;
    private final int[] nameLinkage;
    private final int[] nameName;
    private final long[] nameDeclLine;
    private final int[] fnNames;
    private final long[] fnLowPc;
    private final byte[] fnFlags;
    private final int[] locFunction;
    private final int[] locFile;
    private final int[] locLine;
    private final int[] locColumn;
    private final int[] locParent;
    private final int[] errors;

    FlatDwarf(long[] starts, int[] codes, String[] strings, int[] nameLinkage, int[] nameName, long[] nameDeclLine,
              int[] fnNames, long[] fnLowPc, byte[] fnFlags, int[] locFunction, int[] locFile, int[] locLine,
              int[] locColumn, int[] locParent, int[] errors) {
        this.starts = starts;
        this.codes = codes;
        this.strings = strings;
        this.nameLinkage = nameLinkage;
        this.nameName = nameName;
        this.nameDeclLine = nameDeclLine;
        this.fnNames = fnNames;
        this.fnLowPc = fnLowPc;
        this.fnFlags = fnFlags;
        this.locFunction = locFunction;
        this.locFile = locFile;
        this.locLine = locLine;
        this.locColumn = locColumn;
        this.locParent = locParent;
        this.errors = errors;
    }

    public int rangeCount() {
        return starts.length;
    }

    public long rangeStart(int i) {
        return starts[i];
    }

    public int rangeCode(int i) {
        return codes[i];
    }

    /** Distinct strings (names, paths, messages), each once. */
    public int stringCount() {
        return strings.length;
    }

    public String string(int i) {
        return strings[i];
    }

    /** Distinct (linkage name, name, declaration line) triples that functions share. */
    public int nameCount() {
        return nameLinkage.length;
    }

    /** String index of the linkage name, or {@link #NONE}. */
    public int nameLinkage(int i) {
        return nameLinkage[i];
    }

    /** String index of the plain name, or {@link #NONE}. */
    public int nameName(int i) {
        return nameName[i];
    }

    public long nameDeclLine(int i) {
        return nameDeclLine[i];
    }

    /** One per subprogram or inlined-subroutine entry (and one for frames without a function). */
    public int functionCount() {
        return fnNames.length;
    }

    /** The function's name triple (index into the name tables). */
    public int functionNames(int i) {
        return fnNames[i];
    }

    public long functionLowPc(int i) {
        return fnLowPc[i];
    }

    /** {@link #HAS_LOW_PC} and {@link #INLINED} bits. */
    public int functionFlags(int i) {
        return fnFlags[i];
    }

    public int locationCount() {
        return locFunction.length;
    }

    public int locationFunction(int i) {
        return locFunction[i];
    }

    /** String index of the file path, or {@link #NONE}. */
    public int locationFile(int i) {
        return locFile[i];
    }

    public int locationLine(int i) {
        return locLine[i];
    }

    public int locationColumn(int i) {
        return locColumn[i];
    }

    /** The call-site location one level out, or -1. */
    public int locationParent(int i) {
        return locParent[i];
    }

    public int errorCount() {
        return errors.length;
    }

    /** String index of error message {@code i}. */
    public int errorMessage(int i) {
        return errors[i];
    }
}
