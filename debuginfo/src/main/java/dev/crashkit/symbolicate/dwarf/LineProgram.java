package dev.crashkit.symbolicate.dwarf;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** Decodes a .debug_line program (DWARF 2-5) into a {@link LineTable}. */
final class LineProgram {
    private final Unit unit;
    private final Cursor c;
    private int offsetSize;
    private int addressSize;

    private long[] addr;
    private int[] file;
    private int[] line;
    private int[] column;
    private int rows;

    private LineProgram(Unit unit, Cursor c, int programBytes) {
        this.unit = unit;
        this.c = c;
        // Most rows come from one-byte special opcodes: a quarter of the bytes rarely needs to grow.
        int cap = Math.max(64, programBytes / 4);
        addr = new long[cap];
        file = new int[cap];
        line = new int[cap];
        column = new int[cap];
    }

    static LineTable parse(Unit unit, long offset, String compDir) throws DwarfException {
        if (offset < 0 || offset >= unit.data().line.limit()) {
            throw new DwarfException("line table offset 0x" + Long.toHexString(offset) + " outside .debug_line");
        }
        // Scan a heap copy of just this program: far faster than reading the mapped section.
        Cursor head = new Cursor(unit.data().line, (int) offset);
        boolean[] dwarf64 = new boolean[1];
        long length = head.initialLength(dwarf64);
        // Unsigned: a DWARF64 length of 2^63 or more reads negative and would pass a signed check.
        if (Long.compareUnsigned(length, head.limit() - head.pos()) > 0) {
            throw new DwarfException("line table extends past the end of .debug_line");
        }
        int end = (int) (head.pos() + length);
        Cursor c = Cursor.over(unit.data().line, (int) offset, end, (int) offset);
        return new LineProgram(unit, c, end - (int) offset).run(compDir);
    }

    private LineTable run(String compDir) throws DwarfException {
        boolean[] dwarf64 = new boolean[1];
        long length = c.initialLength(dwarf64);
        offsetSize = dwarf64[0] ? 8 : 4;
        if (Long.compareUnsigned(length, c.limit() - c.pos()) > 0) {
            throw new DwarfException("line table extends past the end of .debug_line");
        }
        int end = (int) (c.pos() + length);
        int version = c.u16();
        if (version < 2 || version > 5) {
            throw new DwarfException("unsupported line table version " + version);
        }
        addressSize = unit.addressSize();
        if (version >= 5) {
            addressSize = c.u8();
            c.u8(); // segment selector size
        }
        long headerLength = c.unsigned(offsetSize);
        // Unsigned and against the program's end: a huge header length must not wrap the int position.
        if (Long.compareUnsigned(headerLength, end - c.pos()) > 0) {
            throw new DwarfException("line table header length 0x" + Long.toHexString(headerLength)
                    + " runs past the end of its program");
        }
        int programStart = (int) (c.pos() + headerLength);
        int minInst = c.u8();
        if (version >= 4) {
            c.u8(); // maximum operations per instruction: VLIW only, treated as 1
        }
        c.u8(); // default_is_stmt: statement flags do not change which row answers
        int lineBase = c.s8();
        int lineRange = c.u8();
        int opcodeBase = c.u8();
        if (lineRange == 0) {
            throw new DwarfException("line table has line_range 0");
        }
        int[] opcodeLengths = new int[Math.max(opcodeBase, 1)];
        for (int i = 1; i < opcodeBase; i++) {
            opcodeLengths[i] = c.u8();
        }
        FileTable files = version >= 5 ? v5Files(version, compDir) : legacyFiles(version, compDir);
        c.seek(programStart);
        return execute(files, end, minInst, lineBase, lineRange, opcodeBase, opcodeLengths);
    }

    private FileTable legacyFiles(int version, String compDir) throws DwarfException {
        List<String> dirs = new ArrayList<>();
        while (true) {
            String d = c.cstring();
            if (d.isEmpty()) {
                break;
            }
            dirs.add(d);
        }
        List<String> names = new ArrayList<>();
        List<Long> dirIndexes = new ArrayList<>();
        while (true) {
            String n = c.cstring();
            if (n.isEmpty()) {
                break;
            }
            names.add(n);
            dirIndexes.add(c.uleb());
            c.skipUleb();
            c.skipUleb();
        }
        return new FileTable(version, dirs.toArray(String[]::new), names.toArray(String[]::new),
                dirIndexes.stream().mapToLong(Long::longValue).toArray(), compDir);
    }

    private FileTable v5Files(int version, String compDir) throws DwarfException {
        String[][] dirEntries = v5Entries();
        String[] dirs = new String[dirEntries.length];
        for (int i = 0; i < dirs.length; i++) {
            dirs[i] = dirEntries[i][0] == null ? "" : dirEntries[i][0];
        }
        String[][] fileEntries = v5Entries();
        String[] names = new String[fileEntries.length];
        long[] dirIndexes = new long[fileEntries.length];
        for (int i = 0; i < names.length; i++) {
            names[i] = fileEntries[i][0] == null ? "" : fileEntries[i][0];
            dirIndexes[i] = fileEntries[i][1] == null ? 0 : Long.parseLong(fileEntries[i][1]);
        }
        return new FileTable(version, dirs, names, dirIndexes, compDir);
    }

    /** Reads one DWARF 5 entry list; each entry gives {path, directory index as text}. */
    private String[][] v5Entries() throws DwarfException {
        int formatCount = c.u8();
        long[] types = new long[formatCount];
        int[] forms = new int[formatCount];
        for (int i = 0; i < formatCount; i++) {
            types[i] = c.uleb();
            forms[i] = (int) c.uleb();
        }
        long count = c.uleb();
        // Every entry takes at least one byte per format, so the count cannot exceed the bytes left.
        // Unsigned: a count of 2^63 or more reads negative, and (int) of it is negative or huge.
        if (count != 0 && (formatCount == 0 || Long.compareUnsigned(count, c.remaining()) > 0)) {
            throw new DwarfException("line table header has an impossible entry count "
                    + Long.toUnsignedString(count) + " (" + Math.max(0, c.remaining()) + " bytes left)");
        }
        String[][] out = new String[(int) count][2];
        for (int e = 0; e < count; e++) {
            for (int i = 0; i < formatCount; i++) {
                if (types[i] == Dw.LNCT_PATH) {
                    out[e][0] = headerString(forms[i]);
                } else if (types[i] == Dw.LNCT_DIRECTORY_INDEX) {
                    out[e][1] = Long.toString(headerValue(forms[i]));
                } else {
                    headerValue(forms[i]);
                }
            }
        }
        return out;
    }

    private String headerString(int form) throws DwarfException {
        return switch (form) {
            case Dw.FORM_STRING -> c.cstring();
            case Dw.FORM_LINE_STRP -> Cursor.cstringAt(unit.data().lineStr, c.unsigned(offsetSize));
            case Dw.FORM_STRP -> Cursor.cstringAt(unit.data().str, c.unsigned(offsetSize));
            case Dw.FORM_STRX, Dw.FORM_GNU_STR_INDEX -> unit.stringAtIndex(c.uleb());
            case Dw.FORM_STRX1 -> unit.stringAtIndex(c.u8());
            case Dw.FORM_STRX2 -> unit.stringAtIndex(c.u16());
            case Dw.FORM_STRX3 -> unit.stringAtIndex(c.u24());
            case Dw.FORM_STRX4 -> unit.stringAtIndex(c.u32());
            default -> throw new DwarfException("unsupported form 0x" + Integer.toHexString(form) + " for a line table path");
        };
    }

    /** Reads (or skips) a non-path header value; numbers are returned, the rest skipped. */
    private long headerValue(int form) throws DwarfException {
        return switch (form) {
            case Dw.FORM_DATA1 -> c.u8();
            case Dw.FORM_DATA2 -> c.u16();
            case Dw.FORM_DATA4 -> c.u32();
            case Dw.FORM_DATA8 -> c.u64();
            case Dw.FORM_UDATA -> c.uleb();
            case Dw.FORM_SDATA -> c.sleb();
            case Dw.FORM_DATA16 -> {
                c.skip(16);
                yield 0;
            }
            case Dw.FORM_BLOCK -> {
                c.skip(c.uleb());
                yield 0;
            }
            case Dw.FORM_STRING, Dw.FORM_LINE_STRP, Dw.FORM_STRP, Dw.FORM_STRX, Dw.FORM_STRX1, Dw.FORM_STRX2,
                    Dw.FORM_STRX3, Dw.FORM_STRX4 -> {
                headerString(form);
                yield 0;
            }
            default -> throw new DwarfException("unsupported form 0x" + Integer.toHexString(form) + " in a line table header");
        };
    }

    /**
     * A file index as the row tables keep it (an int): one past int's range is no file at all,
     * Integer.MAX_VALUE, rather than {@code (int) index} (2^32 + k would name file k).
     */
    private static int fileNumber(long index) {
        return Long.compareUnsigned(index, Integer.MAX_VALUE) > 0 ? Integer.MAX_VALUE : (int) index;
    }

    private LineTable execute(FileTable files, int end, int minInst, int lineBase, int lineRange, int opcodeBase,
            int[] opcodeLengths) throws DwarfException {
        // What each special opcode adds to the address and the line, computed once (no division per row).
        long[] addressAdvance = new long[256];
        int[] lineAdvance = new int[256];
        for (int op = opcodeBase; op < 256; op++) {
            int adjusted = op - opcodeBase;
            addressAdvance[op] = (long) (adjusted / lineRange) * minInst;
            lineAdvance[op] = lineBase + adjusted % lineRange;
        }
        opcodes(end, opcodeBase, addressAdvance, lineAdvance, minInst, lineRange, opcodeLengths);
        return table(files);
    }

    // The state machine's registers between opcodes() and standard(); opcodes() keeps some in locals.
    private long address;
    private int fileIndex = 1;
    private int lineNo = 1;
    private int col;
    private int seqStart = -1;
    private final List<long[]> sequences = new ArrayList<>();

    /**
     * The opcode loop: special opcodes (most of any program) append their row here, read straight
     * from the program's heap bytes; the others go to {@link #standard}. Kept small, since the
     * compiler compiles it (and its on-stack replacement) on every cold run.
     */
    private void opcodes(int end, int opcodeBase, long[] addressAdvance, int[] lineAdvance, int minInst, int lineRange,
            int[] opcodeLengths) throws DwarfException {
        java.nio.ByteBuffer buffer = c.buffer();
        byte[] bytes = buffer.hasArray() ? buffer.array() : null;
        int base = bytes == null ? 0 : buffer.arrayOffset() - (int) c.origin();
        int windowStart = (int) c.origin();
        int pos = c.pos();
        long address = this.address;
        int lineNo = this.lineNo;
        long[] rowAddr = addr;
        int[] rowFile = file;
        int[] rowLine = line;
        int[] rowColumn = column;
        while (pos < end) {
            int op;
            if (bytes != null && pos >= windowStart) {
                op = bytes[base + pos++] & 0xff; // windowStart <= pos < end <= the window's limit
            } else {
                c.seek(pos);
                op = c.u8();
                pos++;
            }
            if (op >= opcodeBase) {
                address += addressAdvance[op];
                lineNo += lineAdvance[op];
                int row = rows;
                if (row == rowAddr.length) {
                    grow();
                    rowAddr = addr;
                    rowFile = file;
                    rowLine = line;
                    rowColumn = column;
                }
                rowAddr[row] = address;
                rowFile[row] = fileIndex;
                rowLine[row] = lineNo;
                rowColumn[row] = col;
                if (seqStart < 0) {
                    seqStart = row;
                }
                rows = row + 1;
                continue;
            }
            this.address = address;
            this.lineNo = lineNo;
            pos = standard(op, pos, end, minInst, opcodeBase, lineRange, opcodeLengths);
            address = this.address;
            lineNo = this.lineNo;
            rowAddr = addr; // emit() may have grown them
            rowFile = file;
            rowLine = line;
            rowColumn = column;
        }
    }

    /** Executes a standard or extended opcode whose operands start at {@code pos}; returns the next position. */
    private int standard(int op, int pos, int end, int minInst, int opcodeBase, int lineRange, int[] opcodeLengths)
            throws DwarfException {
        c.seek(pos);
        switch (op) {
            case 0 -> {
                long len = c.uleb();
                if (len == 0) {
                    return c.pos();
                }
                // An extended opcode must end inside the program: a length that runs past it (or wraps
                // around to a position behind this one) would loop forever re-reading the same rows.
                if (len < 0 || len > end - c.pos()) {
                    throw new DwarfException("line program: extended opcode of " + Long.toUnsignedString(len)
                            + " bytes at offset " + c.pos() + " runs past the program's end " + end);
                }
                int next = (int) (c.pos() + len);
                int sub = c.u8();
                switch (sub) {
                    case 1 -> {
                        seqStart = emit(seqStart, address, fileIndex, lineNo, col);
                        long low = addr[seqStart];
                        if (Long.compareUnsigned(low, address) < 0) {
                            sequences.add(new long[] {low, address, seqStart, rows});
                        }
                        seqStart = -1;
                        address = 0;
                        fileIndex = 1;
                        lineNo = 1;
                        col = 0;
                    }
                    case 2 -> address = c.unsigned((int) len - 1);
                    default -> { } // define_file, set_discriminator, vendor: nothing we use
                }
                c.seek(next);
            }
            case 1 -> seqStart = emit(seqStart, address, fileIndex, lineNo, col);
            case 2 -> address += c.uleb() * minInst;
            case 3 -> lineNo += (int) c.sleb();
            case 4 -> fileIndex = fileNumber(c.uleb());
            case 5 -> col = (int) c.uleb();
            case 6, 7, 10, 11 -> { } // is_stmt, basic_block, prologue_end, epilogue_begin
            case 8 -> address += (long) ((255 - opcodeBase) / lineRange) * minInst;
            case 9 -> address += c.u16();
            default -> {
                for (int i = 0; i < opcodeLengths[op]; i++) {
                    c.skipUleb();
                }
            }
        }
        return c.pos();
    }

    /** The rows decoded, grouped into their sequences. */
    private LineTable table(FileTable files) {
        sequences.sort((x, y) -> Long.compareUnsigned(x[1], y[1]));
        int n = sequences.size();
        long[] low = new long[n];
        long[] high = new long[n];
        int[] first = new int[n];
        int[] last = new int[n];
        for (int i = 0; i < n; i++) {
            long[] s = sequences.get(i);
            low[i] = s[0];
            high[i] = s[1];
            first[i] = (int) s[2];
            last[i] = (int) s[3];
        }
        // The buffers are kept as they are unless more than a quarter is slack: a copy to size would
        // allocate (and let the collector copy) the table a second time (BENCHMARKS.md, start-up).
        if ((long) rows * 4 < (long) addr.length * 3) {
            addr = Arrays.copyOf(addr, rows);
            file = Arrays.copyOf(file, rows);
            line = Arrays.copyOf(line, rows);
            column = Arrays.copyOf(column, rows);
        }
        return new LineTable(files, rows, addr, file, line, column, low, high, first, last);
    }

    private void grow() {
        int cap = rows * 2;
        addr = Arrays.copyOf(addr, cap);
        file = Arrays.copyOf(file, cap);
        line = Arrays.copyOf(line, cap);
        column = Arrays.copyOf(column, cap);
    }

    private int emit(int seqStart, long address, int fileIndex, int lineNo, int col) {
        if (rows == addr.length) {
            grow();
        }
        addr[rows] = address;
        file[rows] = fileIndex;
        line[rows] = lineNo;
        column[rows] = col;
        rows++;
        return seqStart < 0 ? rows - 1 : seqStart;
    }
}
