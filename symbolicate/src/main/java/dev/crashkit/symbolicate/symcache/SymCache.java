package dev.crashkit.symbolicate.symcache;

import static dev.crashkit.symbolicate.symcache.SymCacheFormat.*;

import dev.crashkit.core.model.Arch;
import dev.crashkit.symbolicate.dwarf.DwarfException;
import dev.crashkit.symbolicate.dwarf.FlatDwarf;
import dev.crashkit.symbolicate.dwarf.SourceFrame;
import dev.crashkit.symbolicate.dwarf.SourceLookup;
import dev.crashkit.symbolicate.symtab.SymbolTable;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.zip.CRC32C;

/**
 * One symbol cache file, opened: answers {@link #lookup} exactly as the DWARF it was built from
 * (see {@link FlatDwarf}), with one binary search and one record per frame, and hands back the
 * module's layout and symbol table. Opening checks the header and body checksums, every
 * section's bounds, the strings, the module record and the symbols; the records a lookup follows
 * are checked as it follows them (indexes in range, each parent before its child, so a chain
 * ends), which costs a lookup a few compares instead of costing every run a pass over millions of
 * records it never reads. Only a file whose checksums were forged can fail those checks; such a
 * lookup fails as damaged DWARF does. Reads are absolute, so one instance serves many threads.
 */
public final class SymCache implements SourceLookup {
    private final ByteBuffer buf;
    private final String dwarfName;
    private final ModuleLayout layout;
    private final SymbolTable symbols;
    private final int stringOffsets;
    private final int strings;
    private final int stringCount;
    private final int rangeIndex;
    private final int rangeBlocks;
    private final int rangeData;
    private final int rangeDataEnd;
    private final int rangeCount;
    private final int locationIndex;
    private final int locationData;
    private final int locationDataEnd;
    private final int locationCount;
    private final int functionIndex;
    private final int functionData;
    private final int functionDataEnd;
    private final int functionCount;
    private final int names;
    private final int nameCount;
    private final int errors;
    private final int errorCount;
    private final String[] decoded;

    private SymCache(ByteBuffer buf, String dwarfName, Sections s, ModuleLayout layout, SymbolTable symbols) {
        this.buf = buf;
        this.dwarfName = dwarfName;
        this.layout = layout;
        this.symbols = symbols;
        int m = s.offset(MODULE);
        this.stringOffsets = s.offset(STRING_OFFSETS);
        this.strings = s.offset(STRINGS);
        this.stringCount = s.count(STRING_OFFSETS) - 1;
        this.rangeIndex = s.offset(RANGE_INDEX);
        this.rangeBlocks = s.count(RANGE_INDEX);
        this.rangeData = s.offset(RANGE_DATA);
        this.rangeDataEnd = rangeData + s.length(RANGE_DATA);
        this.rangeCount = buf.getInt(m + 44);
        this.locationIndex = s.offset(LOCATION_INDEX);
        this.locationData = s.offset(LOCATION_DATA);
        this.locationDataEnd = locationData + s.length(LOCATION_DATA);
        this.locationCount = buf.getInt(m + 48);
        this.functionIndex = s.offset(FUNCTION_INDEX);
        this.functionData = s.offset(FUNCTION_DATA);
        this.functionDataEnd = functionData + s.length(FUNCTION_DATA);
        this.functionCount = buf.getInt(m + 52);
        this.names = s.offset(NAMES);
        this.nameCount = s.count(NAMES);
        this.errors = s.offset(ERRORS);
        this.errorCount = s.count(ERRORS);
        this.decoded = new String[stringCount];
    }

    /**
     * Checks and opens a cache file's bytes.
     *
     * @param bytes     the whole file (a read-only mapping, say); not modified
     * @param expected  the key the caller wants answers for
     * @throws BadSymCacheException when anything is wrong with it: it must then be rebuilt
     */
    public static SymCache open(ByteBuffer bytes, SymCacheKey expected) throws BadSymCacheException {
        ByteBuffer b = bytes.duplicate().order(ByteOrder.LITTLE_ENDIAN);
        Sections s = Sections.read(b);
        byte[] key = new byte[s.length(KEY)];
        b.get(s.offset(KEY), key);
        if (!expected.matches(key)) {
            throw new BadSymCacheException("built for other inputs");
        }
        Validator.check(b, s);
        ModuleLayout layout = layout(b, s);
        String dwarfName = string(b, s, b.getInt(s.offset(MODULE) + 40));
        return new SymCache(b, dwarfName, s, layout, symbols(b, s));
    }

    private static ModuleLayout layout(ByteBuffer b, Sections s) throws BadSymCacheException {
        int m = s.offset(MODULE);
        String file = string(b, s, b.getInt(m));
        String label = string(b, s, b.getInt(m + 4));
        int flags = b.getInt(m + 8);
        Arch arch;
        if ((flags & ARCH_KNOWN) != 0) {
            arch = Arch.parse(label);
            if (!arch.isKnown()) {
                throw new BadSymCacheException("unknown architecture " + label);
            }
        } else {
            arch = new Arch.Other(label,
                    (flags & ARCH_CPU_TYPE) != 0 ? OptionalLong.of(b.getLong(m + 24)) : OptionalLong.empty(),
                    (flags & ARCH_SUBTYPE) != 0 ? OptionalLong.of(b.getLong(m + 32)) : OptionalLong.empty(),
                    (flags & ARCH_ELF_MACHINE) != 0 ? OptionalInt.of(b.getInt(m + 12)) : OptionalInt.empty());
        }
        List<ModuleLayout.Segment> segments = new ArrayList<>();
        for (int i = 0, p = s.offset(SEGMENTS); i < s.count(SEGMENTS); i++, p += 16) {
            segments.add(new ModuleLayout.Segment(b.getLong(p), b.getLong(p + 8)));
        }
        Optional<ModuleLayout.Binary> names = b.getInt(m + 56) < 0 ? Optional.empty()
                : Optional.of(new ModuleLayout.Binary(string(b, s, b.getInt(m + 56)), string(b, s, b.getInt(m + 60))));
        return new ModuleLayout(file, arch, b.getLong(m + 16), segments, names);
    }

    private static SymbolTable symbols(ByteBuffer b, Sections s) {
        int n = s.count(SYMBOLS);
        long[] starts = new long[n];
        long[] ends = new long[n];
        int[] names = new int[n];
        int[] versions = new int[n];
        boolean versioned = false;
        long[] records = Validator.longs(b, s.offset(SYMBOLS), 3 * n); // in bulk: see Validator
        for (int i = 0; i < n; i++) {
            starts[i] = records[3 * i];
            ends[i] = records[3 * i + 1];
            // Little-endian: the name index is the low half of the third word, the version the high half.
            names[i] = (int) records[3 * i + 2];
            versions[i] = (int) (records[3 * i + 2] >>> 32);
            versioned |= versions[i] >= 0;
        }
        ByteBuffer pool = b.slice(s.offset(STRINGS), s.length(STRINGS));
        return SymbolTable.of(starts, ends, pool, names, versioned ? versions : null);
    }

    /** A string read during open (validated section, checked index). */
    private static String string(ByteBuffer b, Sections s, int id) throws BadSymCacheException {
        int n = s.count(STRING_OFFSETS) - 1;
        if (id < 0 || id >= n) {
            throw new BadSymCacheException("string index out of range");
        }
        int from = b.getInt(s.offset(STRING_OFFSETS) + 4 * id);
        int to = b.getInt(s.offset(STRING_OFFSETS) + 4 * id + 4) - 1;
        byte[] utf8 = new byte[to - from];
        b.get(s.offset(STRINGS) + from, utf8);
        return new String(utf8, StandardCharsets.UTF_8);
    }

    public ModuleLayout layout() {
        return layout;
    }

    /** What error messages start with: the name the DWARF was opened under. */
    public String dwarfName() {
        return dwarfName;
    }

    public SymbolTable symbols() {
        return symbols;
    }

    /** Number of address ranges (for tests and tools that walk every answer). */
    int rangeCount() {
        return rangeCount;
    }

    /** Start of range {@code i}; a damaged block (forged checksums) fails as a lookup would. */
    long rangeStart(int i) throws DwarfException {
        return decodeRanges(i / RANGE_BLOCK, i % RANGE_BLOCK, 0, false)[0];
    }

    /** Bytes of the file. */
    public long size() {
        return buf.capacity();
    }

    @Override
    public List<SourceFrame> lookup(long address) throws DwarfException {
        // The last block whose first start is <= address, then the last range in it starting <= address.
        int lo = 0;
        int hi = rangeBlocks - 1;
        int block = -1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (Long.compareUnsigned(buf.getLong(rangeIndex + 16 * mid), address) <= 0) {
                block = mid;
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        if (block < 0) {
            return List.of();
        }
        int code = (int) decodeRanges(block, RANGE_BLOCK - 1, address, true)[1];
        if (code == FlatDwarf.EMPTY) {
            return List.of();
        }
        if (code < 0) {
            int error = -2 - code;
            check(error >= 0 && error < errorCount, "error index");
            throw new DwarfException(dwarfName + ": " + string(checkedString(buf.getInt(errors + 4 * error))));
        }
        List<SourceFrame> frames = new ArrayList<>(4);
        long[] loc = new long[5];
        long[] fn = new long[3];
        for (int at = code; at >= 0; ) {
            check(at < locationCount, "location index");
            decode(locationIndex, locationData, locationDataEnd, locationCount, LOCATION_BLOCK, at, loc, true);
            int function = (int) loc[0];
            check(loc[0] >= 0 && loc[0] < functionCount, "function index");
            decode(functionIndex, functionData, functionDataEnd, functionCount, FUNCTION_BLOCK, function, fn, false);
            check(fn[0] >= 0 && fn[0] < nameCount, "name index");
            int nm = names + 16 * (int) fn[0];
            int flags = (int) fn[1];
            check(loc[1] >= -1 - errorCount && loc[1] < stringCount, "string index");
            // A file code <= -2 names the error that left the unit without its line program.
            Optional<String> lineProblem = loc[1] <= -2
                    ? Optional.of(dwarfName + ": " + string(checkedString(buf.getInt(errors + 4 * (int) (-2 - loc[1])))))
                    : Optional.empty();
            frames.add(new SourceFrame(optional(buf.getInt(nm)), optional(buf.getInt(nm + 4)),
                    loc[1] <= -2 ? Optional.empty() : optional((int) loc[1]),
                    (int) loc[2], (int) loc[3], (flags & FlatDwarf.INLINED) != 0, buf.getLong(nm + 8),
                    (flags & FlatDwarf.HAS_LOW_PC) != 0 ? OptionalLong.of(fn[2]) : OptionalLong.empty(), lineProblem));
            long gap = loc[4];
            check(gap >= 0 && gap <= at, "parent");
            at = gap == 0 ? -1 : at - (int) gap;
        }
        return List.copyOf(frames);
    }

    /**
     * Decodes block {@code block} of the ranges: with {@code find}, up to the last range starting
     * at or below {@code address}; else up to range {@code upTo} of the block. Returns {start, code}.
     */
    private long[] decodeRanges(int block, int upTo, long address, boolean find) throws DwarfException {
        int p = rangeData + buf.getInt(rangeIndex + 16 * block + 8);
        int end = block + 1 < rangeBlocks ? rangeData + buf.getInt(rangeIndex + 16 * (block + 1) + 8) : rangeDataEnd;
        check(p >= rangeData && p <= end && end <= rangeDataEnd, "range block");
        int inBlock = Math.min(RANGE_BLOCK, rangeCount - block * RANGE_BLOCK);
        long start = buf.getLong(rangeIndex + 16 * block);
        Block b = block(p, end);
        long code = unzigzag(b.varint());
        for (int k = 1; k < inBlock && (find || k <= upTo); k++) {
            long next = start + b.varint();
            if (find && Long.compareUnsigned(next, address) > 0) {
                break;
            }
            start = next;
            code += unzigzag(b.varint());
        }
        check(code >= Integer.MIN_VALUE && code <= Integer.MAX_VALUE, "range code");
        return new long[] {start, code};
    }

    /**
     * Decodes entry {@code index} of a delta-coded table into {@code out}: locations (function,
     * file, line, column zig-zag deltas; parent distance) or functions (names delta, flags, low pc
     * delta). Every byte read is inside the table's data.
     */
    private void decode(int index, int data, int dataEnd, int count, int blockSize, int entry, long[] out,
                        boolean location) throws DwarfException {
        int block = entry / blockSize;
        int blocks = (count + blockSize - 1) / blockSize;
        int p = data + buf.getInt(index + 4 * block);
        int end = block + 1 < blocks ? data + buf.getInt(index + 4 * (block + 1)) : dataEnd;
        check(p >= data && p <= end && end <= dataEnd, "table block");
        Block b = block(p, end);
        java.util.Arrays.fill(out, 0);
        for (int k = 0; k <= entry % blockSize; k++) {
            if (location) {
                out[0] += unzigzag(b.varint());
                out[1] += unzigzag(b.varint());
                out[2] += unzigzag(b.varint());
                out[3] += unzigzag(b.varint());
                out[4] = b.varint();
            } else {
                out[0] += unzigzag(b.varint());
                out[1] = b.varint();
                out[2] += unzigzag(b.varint());
            }
        }
    }

    /** A block's bytes [p, end), copied out of the mapping in one go (byte-wise reads of a mapping are slow). */
    private Block block(int p, int end) throws DwarfException {
        check(end - p <= MAX_BLOCK_BYTES, "block size");
        byte[] bytes = new byte[end - p];
        buf.get(p, bytes);
        return new Block(bytes);
    }

    /** Longest block the writer can produce: every entry's numbers at their longest. */
    private static final int MAX_BLOCK_BYTES = 64 * 10 * 5;

    /** Unsigned LEB128 numbers read one after another from a block; reading past its end is damage. */
    private final class Block {
        private final byte[] bytes;
        private int pos;

        Block(byte[] bytes) {
            this.bytes = bytes;
        }

        long varint() throws DwarfException {
            long v = 0;
            for (int shift = 0; shift < 70; shift += 7) {
                check(pos < bytes.length, "table data");
                byte b = bytes[pos++];
                v |= (long) (b & 0x7f) << shift;
                if (b >= 0) {
                    return v;
                }
            }
            throw new DwarfException(dwarfName + ": damaged symbol cache (number too long)");
        }
    }

    private void check(boolean ok, String what) throws DwarfException {
        if (!ok) {
            throw new DwarfException(dwarfName + ": damaged symbol cache (" + what + " out of range)");
        }
    }

    private int checkedString(int id) throws DwarfException {
        check(id >= 0 && id < stringCount, "string index");
        return id;
    }

    private Optional<String> optional(int id) throws DwarfException {
        return id == FlatDwarf.NONE ? Optional.empty() : Optional.of(string(checkedString(id)));
    }

    /** String {@code id} (checked at open), decoded once; a racing second decode is harmless. */
    private String string(int id) {
        String s = decoded[id];
        if (s == null) {
            int from = buf.getInt(stringOffsets + 4 * id);
            int to = buf.getInt(stringOffsets + 4 * id + 4) - 1;
            byte[] utf8 = new byte[to - from];
            buf.get(strings + from, utf8);
            s = new String(utf8, StandardCharsets.UTF_8);
            decoded[id] = s;
        }
        return s;
    }

    /** The directory, checked: known sections present once, in bounds, aligned, whole items. */
    record Sections(int[] offsets, int[] lengths) {
        static Sections read(ByteBuffer b) throws BadSymCacheException {
            long size = b.capacity();
            if (size < HEADER_SIZE) {
                throw new BadSymCacheException("truncated header");
            }
            if (b.getInt(0) != MAGIC) {
                throw new BadSymCacheException("not a symbol cache (magic)");
            }
            if (b.getShort(4) != FORMAT_VERSION || b.getShort(6) != BUILDER_VERSION) {
                throw new BadSymCacheException("version " + b.getShort(4) + "/" + b.getShort(6) + ", want "
                        + FORMAT_VERSION + "/" + BUILDER_VERSION);
            }
            int count = b.getInt(12);
            if (b.getInt(8) != HEADER_SIZE || count < 0 || count > MAX_SECTIONS) {
                throw new BadSymCacheException("bad header size or section count");
            }
            if (b.getLong(16) != size) {
                throw new BadSymCacheException("file is " + size + " bytes, header says " + b.getLong(16));
            }
            int directoryEnd = HEADER_SIZE + DIRECTORY_ENTRY * count;
            if (directoryEnd > size) {
                throw new BadSymCacheException("truncated directory");
            }
            CRC32C header = new CRC32C();
            ByteBuffer h = b.slice(0, directoryEnd);
            byte[] copy = new byte[directoryEnd];
            h.get(0, copy);
            copy[28] = copy[29] = copy[30] = copy[31] = 0;
            header.update(copy);
            if ((int) header.getValue() != b.getInt(28)) {
                throw new BadSymCacheException("header checksum mismatch");
            }
            int[] offsets = new int[KINDS];
            int[] lengths = new int[KINDS];
            java.util.Arrays.fill(offsets, -1);
            for (int i = 0; i < count; i++) {
                int d = HEADER_SIZE + DIRECTORY_ENTRY * i;
                int kind = b.getInt(d);
                long at = b.getLong(d + 8);
                long length = b.getLong(d + 16);
                if (at < directoryEnd || length < 0 || at > size || length > size - at || (at & 7) != 0) {
                    throw new BadSymCacheException("section " + kind + " outside the file");
                }
                if (kind <= 0 || kind >= KINDS) {
                    continue; // a later version's section: not ours to read
                }
                if (offsets[kind] >= 0) {
                    throw new BadSymCacheException("section " + kind + " twice");
                }
                if (b.getInt(d + 4) != ITEM_SIZE[kind] || length % ITEM_SIZE[kind] != 0) {
                    throw new BadSymCacheException("section " + kind + " has a bad item size");
                }
                offsets[kind] = (int) at;
                lengths[kind] = (int) length;
            }
            for (int k = 1; k < KINDS; k++) {
                if (offsets[k] < 0) {
                    throw new BadSymCacheException("section " + k + " missing");
                }
            }
            CRC32C body = new CRC32C();
            body.update(b.slice(directoryEnd, (int) size - directoryEnd));
            if ((int) body.getValue() != b.getInt(24)) {
                throw new BadSymCacheException("body checksum mismatch");
            }
            return new Sections(offsets, lengths);
        }

        int offset(int kind) {
            return offsets[kind];
        }

        int length(int kind) {
            return lengths[kind];
        }

        int count(int kind) {
            return lengths[kind] / ITEM_SIZE[kind];
        }
    }
}
