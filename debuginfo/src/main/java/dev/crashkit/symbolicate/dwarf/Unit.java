package dev.crashkit.symbolicate.dwarf;

import java.util.Optional;

/**
 * One unit of .debug_info. The header is read when the file is opened; the unit DIE, the
 * subroutine index and the line table are decoded the first time an address needs them and then
 * kept, so a lookup only ever pays for the units it touches.
 */
final class Unit {
    private final DebugData data;
    private final int offset;
    private final int version;
    private final int unitType;
    private final int addressSize;
    private final int offsetSize;
    private final long abbrevOffset;
    private final int firstDieOffset;
    private final int end;

    private AbbrevTable abbrevs;
    private Cursor window;
    private Die unitDie;
    private long strOffsetsBase;
    private long addrBase;
    private long rnglistsBase;
    private boolean hasBaseAddress;
    private long baseAddress;
    private final Once<SubroutineIndex> subroutines = newSubroutines();
    private final Once<LineTable> lineTable = new Once<>(this::readLineTable);

    Unit(DebugData data, int offset, int version, int unitType, int addressSize, int offsetSize,
            long abbrevOffset, int firstDieOffset, int end) {
        this.data = data;
        this.offset = offset;
        this.version = version;
        this.unitType = unitType;
        this.addressSize = addressSize;
        this.offsetSize = offsetSize;
        this.abbrevOffset = abbrevOffset;
        this.firstDieOffset = firstDieOffset;
        this.end = end;
    }

    DebugData data() {
        return data;
    }

    int offset() {
        return offset;
    }

    int version() {
        return version;
    }

    int unitType() {
        return unitType;
    }

    int addressSize() {
        return addressSize;
    }

    int offsetSize() {
        return offsetSize;
    }

    int firstDieOffset() {
        return firstDieOffset;
    }

    int end() {
        return end;
    }

    /** A unit that is only a header (old dsymutil leaves such units behind). */
    boolean isEmpty() {
        return firstDieOffset >= end;
    }

    boolean isTypeUnit() {
        return unitType == Dw.UT_TYPE || unitType == Dw.UT_SPLIT_TYPE;
    }

    // abbrevs(), cursor() and unitDie() are synchronized: DwarfContext.prepare answers units on
    // several threads, and a name's abstract origin may lie in a unit another thread decodes.
    synchronized AbbrevTable abbrevs() throws DwarfException {
        if (abbrevs == null) {
            abbrevs = data.abbrevTable(abbrevOffset);
        }
        return abbrevs;
    }

    Die dieAt(int dieOffset) throws DwarfException {
        return FormReader.read(this, cursor(dieOffset));
    }

    /** A cursor over this unit's bytes (copied to the heap on first use) at a .debug_info offset. */
    synchronized Cursor cursor(int infoOffset) throws DwarfException {
        if (window == null) {
            window = Cursor.over(data.info, offset, end, offset);
        }
        return window.at(infoOffset);
    }

    /** The unit DIE; reading it also sets the string, address and range-list bases. */
    synchronized Die unitDie() throws DwarfException {
        if (unitDie == null) {
            if (isEmpty()) {
                throw new DwarfException("unit at 0x" + Integer.toHexString(offset) + " has no DIEs");
            }
            Die d = dieAt(firstDieOffset);
            if (d.isNull()) {
                throw new DwarfException("unit at 0x" + Integer.toHexString(offset) + " has no unit DIE");
            }
            int i = d.find(Dw.AT_STR_OFFSETS_BASE);
            // Without the attribute, DWARF 5 producers put the table right after its 8/16-byte header.
            strOffsetsBase = i >= 0 ? d.values()[i] : version >= 5 ? 2L * offsetSize : 0;
            i = d.find(Dw.AT_ADDR_BASE);
            if (i < 0) {
                i = d.find(Dw.AT_GNU_ADDR_BASE);
            }
            addrBase = i >= 0 ? d.values()[i] : 0;
            i = d.find(Dw.AT_RNGLISTS_BASE);
            rnglistsBase = i >= 0 ? d.values()[i] : 0;
            unitDie = d;
            i = d.find(Dw.AT_LOW_PC);
            if (i < 0) {
                i = d.find(Dw.AT_ENTRY_PC);
            }
            if (i >= 0 && FormReader.isAddressForm(d.forms()[i])) {
                baseAddress = address(d, i);
                hasBaseAddress = true;
            }
        }
        return unitDie;
    }

    /**
     * Drops what lookups decoded and cached (subroutine index, line table, the heap copy of the
     * bytes); they are decoded again if asked for. Used after a unit has been flattened once.
     */
    synchronized void release() {
        subroutines.forget(); // not replaced: see Once.forget
        lineTable.forget();
        window = null;
    }

    boolean hasBaseAddress() throws DwarfException {
        unitDie();
        return hasBaseAddress;
    }

    long baseAddress() throws DwarfException {
        unitDie();
        return baseAddress;
    }

    long rnglistsBase() throws DwarfException {
        unitDie();
        return rnglistsBase;
    }

    Optional<String> compDir() throws DwarfException {
        Die d = unitDie();
        int i = d.find(Dw.AT_COMP_DIR);
        return i < 0 ? Optional.empty() : string(d, i);
    }

    private Once<SubroutineIndex> newSubroutines() {
        return new Once<>(() -> {
            unitDie();
            return SubroutineIndex.build(this);
        });
    }

    /** The unit's subroutine tree, decoded once (a failure too). */
    SubroutineIndex subroutines() throws DwarfException {
        return subroutines.get();
    }

    /** The unit's line table, or null when it has none; decoded once (a failure too). */
    LineTable lineTable() throws DwarfException {
        return lineTable.get();
    }

    private LineTable readLineTable() throws DwarfException {
        Die d = unitDie();
        int i = d.find(Dw.AT_STMT_LIST);
        if (i >= 0 && data.line.limit() > 0) {
            return LineProgram.parse(this, d.values()[i], compDir().orElse(""));
        }
        return null;
    }

    /** Resolves a string-class attribute value. */
    Optional<String> string(Die d, int i) throws DwarfException {
        long v = d.values()[i];
        return switch (d.forms()[i]) {
            case Dw.FORM_STRING -> Optional.of(Cursor.cstringAt(data.info, v));
            case Dw.FORM_STRP -> Optional.of(Cursor.cstringAt(data.str, v));
            case Dw.FORM_LINE_STRP -> Optional.of(Cursor.cstringAt(data.lineStr, v));
            case Dw.FORM_STRX, Dw.FORM_STRX1, Dw.FORM_STRX2, Dw.FORM_STRX3, Dw.FORM_STRX4,
                    Dw.FORM_GNU_STR_INDEX -> Optional.of(stringAtIndex(v));
            default -> Optional.empty();
        };
    }

    String stringAtIndex(long index) throws DwarfException {
        unitDie();
        long at = slot(strOffsetsBase, index, offsetSize, data.strOffsets.limit());
        if (at < 0) {
            throw new DwarfException("string index " + Long.toUnsignedString(index) + " outside .debug_str_offsets");
        }
        long strOffset = new Cursor(data.strOffsets, (int) at).unsigned(offsetSize);
        return Cursor.cstringAt(data.str, strOffset);
    }

    /**
     * The offset of entry {@code index} (unsigned, from the file) of {@code size} bytes in a table at
     * {@code base} of a section of {@code limit} bytes, or -1 when it is not inside: compared as a
     * count, since {@code base + index * size} wraps around for a huge index (an index of 2^61 + k
     * read entry k).
     */
    static long slot(long base, long index, int size, int limit) {
        if (size <= 0 || base < 0 || base > limit || Long.compareUnsigned(index, (limit - base) / size) >= 0) {
            return -1;
        }
        return base + index * size;
    }

    /** Resolves an address-class attribute value (DW_FORM_addr or an index into .debug_addr). */
    long address(Die d, int i) throws DwarfException {
        int form = d.forms()[i];
        return form == Dw.FORM_ADDR ? d.values()[i] : addressAtIndex(d.values()[i]);
    }

    long addressAtIndex(long index) throws DwarfException {
        unitDie();
        long at = slot(addrBase, index, addressSize, data.addr.limit());
        if (at < 0) {
            throw new DwarfException("address index " + Long.toUnsignedString(index) + " outside .debug_addr");
        }
        return new Cursor(data.addr, (int) at).unsigned(addressSize);
    }

    /** Resolves a reference-class attribute to an absolute .debug_info offset, or -1. */
    long reference(Die d, int i) {
        long v = d.values()[i];
        return switch (d.forms()[i]) {
            case Dw.FORM_REF1, Dw.FORM_REF2, Dw.FORM_REF4, Dw.FORM_REF8, Dw.FORM_REF_UDATA -> offset + v;
            case Dw.FORM_REF_ADDR -> v;
            default -> -1;
        };
    }
}
