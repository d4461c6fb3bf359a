package dev.crashkit.symbolicate.symcache;

import static dev.crashkit.symbolicate.symcache.SymCacheFormat.*;

import dev.crashkit.core.model.Arch;
import dev.crashkit.symbolicate.bytes.SortedAddresses;
import dev.crashkit.symbolicate.bytes.Utf8Strings;
import dev.crashkit.symbolicate.dwarf.DwarfException;
import dev.crashkit.symbolicate.dwarf.FlatDwarf;
import dev.crashkit.symbolicate.dwarf.SourceFrame;
import dev.crashkit.symbolicate.dwarf.SourceLookup;
import dev.crashkit.symbolicate.symtab.SymbolTable;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.zip.CRC32C;

/**
 * One symbol cache file, opened: answers {@link #lookup} exactly as the DWARF it was built from
 * (see {@link FlatDwarf}), with one binary search and one record per frame, and hands back the
 * module's layout and symbol table. Opening reads and checks the header, the directory, the page
 * checksums and the small tables it keeps on the heap (key, module record, strings, symbols, the
 * range summary); everything else is read a page at a time as lookups need it, each page checked
 * against its checksum when first used (see {@link Pages}: a mapping of the file, or slots of a
 * shared {@link PageCache}). The
 * records a lookup follows are checked as it follows them (indexes in range, each parent before
 * its child, so a chain ends). A page that fails its checksum, or a record out of range (only a
 * file whose checksums were forged has one), fails the lookup with
 * {@link DamagedSymCacheException}: never an answer from unchecked bytes. Reads are absolute, so
 * one instance serves many threads.
 */
public final class SymCache implements SourceLookup {
    private final Pages pages;
    private final String origin;
    private final String dwarfName;
    private final ModuleLayout layout;
    private final SymbolTable symbols;
    private final int[] stringOffsets;
    private final byte[] strings;
    private final int stringCount;
    private final long[] rangeTop;
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
    private final long heapBytes;
    /** Strings decoded so far, each as the {@code Optional} frames carry (one per string, not per frame). */
    private final Optional<String>[] decoded;
    private final long size;

    private SymCache(Pages pages, String origin, Tables t, Sections s, ModuleLayout layout, String dwarfName,
                     long size) {
        this.pages = pages;
        this.size = size;
        this.origin = origin;
        this.dwarfName = dwarfName;
        this.layout = layout;
        this.symbols = t.symbols();
        this.stringOffsets = t.stringOffsets();
        this.strings = t.strings();
        this.stringCount = stringOffsets.length - 1;
        this.rangeTop = t.rangeTop();
        this.rangeIndex = s.offset(RANGE_INDEX);
        this.rangeBlocks = s.count(RANGE_INDEX);
        this.rangeData = s.offset(RANGE_DATA);
        this.rangeDataEnd = rangeData + s.length(RANGE_DATA);
        this.rangeCount = t.counts()[0];
        this.locationIndex = s.offset(LOCATION_INDEX);
        this.locationData = s.offset(LOCATION_DATA);
        this.locationDataEnd = locationData + s.length(LOCATION_DATA);
        this.locationCount = t.counts()[1];
        this.functionIndex = s.offset(FUNCTION_INDEX);
        this.functionData = s.offset(FUNCTION_DATA);
        this.functionDataEnd = functionData + s.length(FUNCTION_DATA);
        this.functionCount = t.counts()[2];
        this.names = s.offset(NAMES);
        this.nameCount = s.count(NAMES);
        this.errors = s.offset(ERRORS);
        this.errorCount = s.count(ERRORS);
        @SuppressWarnings("unchecked")
        Optional<String>[] none = new Optional[stringCount];
        this.decoded = none;
        int n = symbols.size();
        // What this instance keeps on the heap (the page cache budgets its pages itself).
        // Strings decoded once: at most all of them (an Optional, a String and its bytes each).
        this.heapBytes = 1024L + 8L * s.count(PAGE_CRCS) + 8L * rangeTop.length + 4L * stringOffsets.length
                + 2L * strings.length + 60L * stringCount + (long) n * (8 + 8 + 4 + (symbols.hasVersions() ? 4 : 0)) + 8L * (n / 64 + 1);
    }

    /** The heap tables opening reads: strings, symbols, range summary, table counts. */
    private record Tables(int[] stringOffsets, byte[] strings, SymbolTable symbols, long[] rangeTop, int[] counts) {
    }

    /**
     * Checks and opens a cache file's bytes held in memory.
     *
     * @param bytes     the whole file; not modified
     * @param expected  the key the caller wants answers for
     * @throws BadSymCacheException when anything opening reads is wrong: it must then be rebuilt
     */
    public static SymCache open(ByteBuffer bytes, SymCacheKey expected) throws BadSymCacheException {
        return open(PageSource.of(bytes), bytes.capacity(), expected, IN_MEMORY);
    }

    /** Pages of caches opened from memory (tests, fuzzing: many small caches). */
    private static final PageCache IN_MEMORY = new PageCache(1L << 20);

    /** Opens {@code size} bytes of {@code source}, keeping the pages lookups read in {@code cache}. */
    static SymCache open(PageSource source, long size, SymCacheKey expected, PageCache cache)
            throws BadSymCacheException {
        Sections s = Sections.read(source, size);
        int[] crcs = pageChecksums(source, s);
        Pages p = Pages.open(source, size, s.pagesStart(), s.offset(PAGE_CRCS), crcs, cache);
        boolean opened = false;
        try {
            byte[] key = p.bulk(s.offset(KEY), s.length(KEY));
            if (!expected.matches(key)) {
                throw new BadSymCacheException("built for other inputs");
            }
            ByteBuffer module = table(p, s, MODULE);
            int[] stringOffsets = Validator.ints(table(p, s, STRING_OFFSETS), 0, s.count(STRING_OFFSETS));
            byte[] strings = p.bulk(s.offset(STRINGS), s.length(STRINGS));
            long[] symbols = Validator.longs(table(p, s, SYMBOLS), 0, 3 * s.count(SYMBOLS));
            long[] rangeTop = Validator.longs(table(p, s, RANGE_TOP), 0, s.count(RANGE_TOP));
            int[] counts = Validator.check(s, module, stringOffsets, strings, rangeTop);
            Tables t = new Tables(stringOffsets, strings, symbolTable(symbols, strings), rangeTop, counts);
            ModuleLayout layout = layout(module, table(p, s, SEGMENTS), s, t);
            SymCache c = new SymCache(p, source.origin(), t, s, layout, string(t, module.getInt(40)), size);
            opened = true;
            return c;
        } catch (DamagedSymCacheException e) {
            throw new BadSymCacheException(e.getMessage().substring(e.getMessage().indexOf("damaged")));
        } finally {
            if (!opened) {
                p.abandon();
            }
        }
    }

    /**
     * The key a cache file was built for (its KEY section, checked as opening checks it), without opening
     * the rest: what a cleanup reads to learn which debug files a cache came from.
     */
    static byte[] storedKey(PageSource source, long size) throws BadSymCacheException {
        Sections s = Sections.read(source, size);
        int[] crcs = pageChecksums(source, s);
        // No page budget: read into a slot, never mapped (the file may be deleted next).
        Pages p = Pages.open(source, size, s.pagesStart(), s.offset(PAGE_CRCS), crcs, new PageCache(0));
        try {
            return p.bulk(s.offset(KEY), s.length(KEY));
        } catch (DamagedSymCacheException e) {
            throw new BadSymCacheException(e.getMessage().substring(e.getMessage().indexOf("damaged")));
        } finally {
            p.abandon();
        }
    }

    /** PAGE_CRCS, checked against the header. */
    private static int[] pageChecksums(PageSource source, Sections s) throws BadSymCacheException {
        byte[] b = new byte[s.length(PAGE_CRCS)];
        try {
            source.read(s.offset(PAGE_CRCS), b);
        } catch (java.io.IOException e) {
            throw new BadSymCacheException("cannot read page checksums (" + e.getMessage() + ")");
        }
        CRC32C crc = new CRC32C();
        crc.update(b);
        if ((int) crc.getValue() != s.pageChecksumsCrc()) {
            throw new BadSymCacheException("page checksums do not match the header");
        }
        return Validator.ints(ByteBuffer.wrap(b), 0, b.length / 4);
    }

    /** A section's bytes, little-endian. */
    private static ByteBuffer table(Pages p, Sections s, int kind) throws DamagedSymCacheException {
        return ByteBuffer.wrap(p.bulk(s.offset(kind), s.length(kind))).order(ByteOrder.LITTLE_ENDIAN);
    }

    private static ModuleLayout layout(ByteBuffer m, ByteBuffer segs, Sections s, Tables t)
            throws BadSymCacheException {
        String file = string(t, m.getInt(0));
        String label = string(t, m.getInt(4));
        int flags = m.getInt(8);
        Arch arch;
        if ((flags & ARCH_KNOWN) != 0) {
            arch = Arch.parse(label);
            if (!arch.isKnown()) {
                throw new BadSymCacheException("unknown architecture " + label);
            }
        } else {
            arch = new Arch.Other(label,
                    (flags & ARCH_CPU_TYPE) != 0 ? OptionalLong.of(m.getLong(24)) : OptionalLong.empty(),
                    (flags & ARCH_SUBTYPE) != 0 ? OptionalLong.of(m.getLong(32)) : OptionalLong.empty(),
                    (flags & ARCH_ELF_MACHINE) != 0 ? OptionalInt.of(m.getInt(12)) : OptionalInt.empty());
        }
        List<ModuleLayout.Segment> segments = new ArrayList<>();
        for (int i = 0, p = 0; i < s.count(SEGMENTS); i++, p += 16) {
            segments.add(new ModuleLayout.Segment(segs.getLong(p), segs.getLong(p + 8)));
        }
        Optional<ModuleLayout.Binary> names = m.getInt(56) < 0 ? Optional.empty()
                : Optional.of(new ModuleLayout.Binary(string(t, m.getInt(56)), string(t, m.getInt(60))));
        return new ModuleLayout(file, arch, m.getLong(16), segments, names);
    }

    /** The symbol table of the records, checked as it is made ({@link Validator#symbols}). */
    private static SymbolTable symbolTable(long[] records, byte[] strings) throws BadSymCacheException {
        int n = records.length / 3;
        long[] starts = new long[n];
        long[] ends = new long[n];
        int[] names = new int[n];
        int[] versions = new int[n];
        boolean versioned = Validator.symbols(records, strings.length, starts, ends, names, versions);
        return SymbolTable.of(starts, ends, strings, names, versioned ? versions : null);
    }

    /** A string read during open (validated strings, checked index). */
    private static String string(Tables t, int id) throws BadSymCacheException {
        if (id < 0 || id >= t.stringOffsets().length - 1) {
            throw new BadSymCacheException("string index out of range");
        }
        return decode(t.strings(), t.stringOffsets(), id);
    }

    private static String decode(byte[] strings, int[] offsets, int id) {
        int from = offsets[id];
        return Utf8Strings.decode(strings, from, offsets[id + 1] - 1 - from);
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
        try {
            try {
                Scratch s = SCRATCH.get();
                decodeRanges(i / RANGE_BLOCK, i % RANGE_BLOCK, 0, false, s);
                return s.rangeStart;
            } finally {
                pages.settle();
            }
        } catch (InternalError e) {
            throw pages.faulted(e);
        }
    }

    /**
     * Heap this cache keeps while open (its tables; the pages lookups read are in the page cache):
     * what a module cache budgets for it.
     */
    public long heapBytes() {
        return heapBytes;
    }

    /** Bytes of the file. */
    public long size() {
        return size;
    }

    /** True when its pages are read from a mapping of the file (tests). */
    boolean pagesMapped() {
        return pages.mapped();
    }

    /** Reads and checks every page (tests and tools: is the whole file intact?). */
    void checkAllPages() throws DamagedSymCacheException {
        pages.checkAll();
    }

    @Override
    public List<SourceFrame> lookup(long address) throws DwarfException {
        if (!pages.mapped()) {
            return find(address);
        }
        try {
            try {
                return find(address);
            } finally {
                pages.settle(); // also when a read that faulted made the lookup fail otherwise
            }
        } catch (InternalError e) {
            throw pages.faulted(e);
        }
    }

    private List<SourceFrame> find(long address) throws DwarfException {
        // The last group of blocks whose first start is <= address (in memory), then the last block
        // of it whose first start is <= address, then the last range in it starting <= address.
        int group = floor(rangeTop, address);
        if (group < 0) {
            return List.of();
        }
        int lo = group * RANGE_TOP_GROUP;
        int hi = Math.min(rangeBlocks, lo + RANGE_TOP_GROUP) - 1;
        int block = -1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (Long.compareUnsigned(pages.getLong(rangeIndex + 16 * mid), address) <= 0) {
                block = mid;
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        if (block < 0) {
            return List.of();
        }
        Scratch s = SCRATCH.get();
        int code = (int) decodeRanges(block, RANGE_BLOCK - 1, address, true, s);
        if (code == FlatDwarf.EMPTY) {
            return List.of();
        }
        if (code < 0) {
            throw unitError(-2 - code);
        }
        // A parent comes before its child, mostly in the same block: decoding the child's block
        // passes it, so the block's entries decoded so far are kept for the rest of the chain.
        long[] seen = s.locations;
        int seenBlock = -1;
        int seenUpTo = -1;
        // Likewise the functions: in the batch bench 45% of a chain's functions are in the function
        // block decoded for the previous one, at or before the entry decoded up to.
        long[] seenFunctions = s.functions;
        int seenFunctionBlock = -1;
        int seenFunctionUpTo = -1;
        int count = 0;
        for (int at = code; at >= 0; ) {
            check(at < locationCount, "location index");
            int k = at % LOCATION_BLOCK;
            if (at / LOCATION_BLOCK != seenBlock || k > seenUpTo) {
                decode(locationIndex, locationData, locationDataEnd, locationCount, LOCATION_BLOCK, at, seen, true, s);
                seenBlock = at / LOCATION_BLOCK;
                seenUpTo = k;
            }
            int loc = 5 * k; // function, file, line, column, parent distance
            long functionIndex = seen[loc];
            check(functionIndex >= 0 && functionIndex < functionCount, "function index");
            int function = (int) functionIndex;
            int f = function % FUNCTION_BLOCK;
            if (function / FUNCTION_BLOCK != seenFunctionBlock || f > seenFunctionUpTo) {
                decode(this.functionIndex, functionData, functionDataEnd, functionCount, FUNCTION_BLOCK, function,
                        seenFunctions, false, s);
                seenFunctionBlock = function / FUNCTION_BLOCK;
                seenFunctionUpTo = f;
            }
            int fn = 3 * f; // name, flags, low pc
            long name = seenFunctions[fn];
            check(name >= 0 && name < nameCount, "name index");
            int nm = names + 16 * (int) name;
            int flags = (int) seenFunctions[fn + 1];
            long file = seen[loc + 1];
            check(file >= -1 - errorCount && file < stringCount, "string index");
            // A file code <= -2 names the error that left the unit without its line program.
            Optional<String> lineProblem = file <= -2 ? Optional.of(error((int) (-2 - file))) : Optional.empty();
            s.add(count++, new SourceFrame(optional(pages.getInt(nm)), optional(pages.getInt(nm + 4)),
                    file <= -2 ? Optional.empty() : optional((int) file),
                    (int) seen[loc + 2], (int) seen[loc + 3], (flags & FlatDwarf.INLINED) != 0, pages.getLong(nm + 8),
                    (flags & FlatDwarf.HAS_LOW_PC) != 0 ? OptionalLong.of(seenFunctions[fn + 2]) : OptionalLong.empty(),
                    lineProblem));
            long gap = seen[loc + 4];
            check(gap >= 0 && gap <= at, "parent");
            at = gap == 0 ? -1 : at - (int) gap;
        }
        return s.frames(count);
    }

    /**
     * The error that left a unit without answers, as a lookup in it throws it. This and {@link #error} are out
     * of {@link #find}'s way: C1 compiles them only if they are used, not into every lookup.
     */
    private DwarfException unitError(int error) throws DwarfException {
        check(error >= 0 && error < errorCount, "error index");
        return new DwarfException(error(error));
    }

    /** Error {@code error} (index checked by the caller), named after the DWARF. */
    private String error(int error) throws DwarfException {
        return dwarfName + ": " + string(checkedString(pages.getInt(errors + 4 * error)));
    }

    /**
     * Per thread, what a lookup decodes into, reused from one lookup to the next: the warm child runs
     * on C1, which has no escape analysis, and these arrays made per lookup were half of what a warm
     * one-report run allocated (BENCHMARKS.md, allocation of the warm run). A lookup calls out to
     * nothing that could look up again on the same thread, so one set per thread serves every cache.
     */
    private static final class Scratch {
        /** Entries of the location block decoded last, 5 per entry (see {@link #decode}). */
        final long[] locations = new long[5 * LOCATION_BLOCK];
        /** Entries of the function block decoded last, 3 per entry. */
        final long[] functions = new long[3 * FUNCTION_BLOCK];
        /** The block being decoded, copied out of the pages. */
        final Block block = new Block(new byte[MAX_BLOCK_BYTES]);
        /** The chain being answered. */
        private SourceFrame[] frames = new SourceFrame[8];
        /** The start of the range {@link #decodeRanges} stopped at. */
        long rangeStart;

        void add(int i, SourceFrame f) {
            if (i == frames.length) {
                frames = java.util.Arrays.copyOf(frames, 2 * i);
            }
            frames[i] = f;
        }

        /** The first {@code n} frames added, as an immutable list; the scratch forgets them. */
        List<SourceFrame> frames(int n) {
            SourceFrame[] f = frames;
            List<SourceFrame> out = n == 1 ? List.of(f[0]) : n == 2 ? List.of(f[0], f[1])
                    : List.of(java.util.Arrays.copyOf(f, n));
            for (int i = 0; i < n; i++) { // not Arrays.fill: its range check is one more method for C1
                f[i] = null;
            }
            return out;
        }
    }

    /** A class, not {@code withInitial} and a lambda: none is spun at run time. */
    private static final ThreadLocal<Scratch> SCRATCH = new ThreadLocal<>() {
        @Override
        protected Scratch initialValue() {
            return new Scratch();
        }
    };

    /**
     * Decodes block {@code block} of the ranges: with {@code find}, up to the last range starting
     * at or below {@code address}; else up to range {@code upTo} of the block. Returns its code; its
     * start is left in {@code s.rangeStart}.
     */
    private long decodeRanges(int block, int upTo, long address, boolean find, Scratch s) throws DwarfException {
        int p = rangeData + pages.getInt(rangeIndex + 16 * block + 8);
        int end = block + 1 < rangeBlocks ? rangeData + pages.getInt(rangeIndex + 16 * (block + 1) + 8) : rangeDataEnd;
        check(p >= rangeData && p <= end && end <= rangeDataEnd, "range block");
        int inBlock = Math.min(RANGE_BLOCK, rangeCount - block * RANGE_BLOCK);
        long start = pages.getLong(rangeIndex + 16 * block);
        Block b = block(p, end, s);
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
        s.rangeStart = start;
        return code;
    }

    /**
     * Decodes entry {@code index} of a delta-coded table into {@code out}, with every entry of its block
     * up to it: locations (function, file, line, column zig-zag deltas; parent distance: entry k at
     * {@code out[5k..5k+4]}) or functions (names delta, flags, low pc delta: entry k at {@code out[3k..3k+2]}).
     * Entries after it are left as they were. Every byte read is inside the table's data.
     */
    private void decode(int index, int data, int dataEnd, int count, int blockSize, int entry, long[] out,
                        boolean location, Scratch s) throws DwarfException {
        int block = entry / blockSize;
        int blocks = (count + blockSize - 1) / blockSize;
        int p = data + pages.getInt(index + 4 * block);
        int end = block + 1 < blocks ? data + pages.getInt(index + 4 * (block + 1)) : dataEnd;
        check(p >= data && p <= end && end <= dataEnd, "table block");
        Block b = block(p, end, s);
        long function = 0;
        long file = 0;
        long line = 0;
        long column = 0;
        long name = 0;
        long lowPc = 0;
        for (int k = 0; k <= entry % blockSize; k++) {
            if (location) {
                out[5 * k] = function += unzigzag(b.varint());
                out[5 * k + 1] = file += unzigzag(b.varint());
                out[5 * k + 2] = line += unzigzag(b.varint());
                out[5 * k + 3] = column += unzigzag(b.varint());
                out[5 * k + 4] = b.varint();
            } else {
                out[3 * k] = name += unzigzag(b.varint());
                out[3 * k + 1] = b.varint();
                out[3 * k + 2] = lowPc += unzigzag(b.varint());
            }
        }
    }

    /** A block's bytes [p, end), through the checked pages, copied into {@code s}'s block and read from its start. */
    private Block block(int p, int end, Scratch s) throws DwarfException {
        check(end - p <= MAX_BLOCK_BYTES, "block size");
        Block b = s.block;
        pages.copy(p, end - p, b.bytes);
        b.start(dwarfName, end - p);
        return b;
    }

    /** Longest block the writer can produce: every entry's numbers at their longest. */
    private static final int MAX_BLOCK_BYTES = 64 * 10 * 5;

    /**
     * Unsigned LEB128 numbers read one after another from the first {@code limit} bytes of a reused
     * array; reading past them is damage (of the cache named {@code dwarfName}: only its name is kept,
     * so a thread's scratch never keeps a closed cache and its mapping reachable).
     */
    private static final class Block {
        private final byte[] bytes;
        private int pos;
        private int limit;
        private String dwarfName;

        Block(byte[] bytes) {
            this.bytes = bytes;
        }

        void start(String name, int length) {
            dwarfName = name;
            pos = 0;
            limit = length;
        }

        /** A one-byte number (most deltas) read here, small enough for C1 to inline; longer ones in {@link #longVarint}. */
        long varint() throws DwarfException {
            int p = pos;
            if (p < limit && bytes[p] >= 0) {
                pos = p + 1;
                return bytes[p];
            }
            return longVarint();
        }

        private long longVarint() throws DwarfException {
            long v = 0;
            for (int shift = 0; shift < 70; shift += 7) {
                if (pos >= limit) {
                    throw damaged("table data out of range");
                }
                byte b = bytes[pos++];
                v |= (long) (b & 0x7f) << shift;
                if (b >= 0) {
                    return v;
                }
            }
            throw damaged("number too long");
        }

        /** Out of line: no string concatenation compiled into {@link #longVarint}. */
        private DamagedSymCacheException damaged(String what) {
            return new DamagedSymCacheException(dwarfName + ": damaged symbol cache (" + what + ")");
        }
    }

    /** Out of line, as {@code Pages.inside}: small enough for C1 to inline at each of a lookup's checks. */
    private void check(boolean ok, String what) throws DwarfException {
        if (!ok) {
            throw outOfRange(what);
        }
    }

    private DamagedSymCacheException outOfRange(String what) {
        return new DamagedSymCacheException(dwarfName + ": damaged symbol cache (" + what + " out of range)");
    }

    private int checkedString(int id) throws DwarfException {
        check(id >= 0 && id < stringCount, "string index");
        return id;
    }

    private Optional<String> optional(int id) throws DwarfException {
        return id == FlatDwarf.NONE ? Optional.empty() : decoded(checkedString(id));
    }

    /** String {@code id} (index checked by the caller; strings checked at open), decoded once; a racing second decode is harmless. */
    private String string(int id) {
        return decoded(id).get();
    }

    /** String {@code id} as an {@code Optional}, made once (as {@link #string}). */
    private Optional<String> decoded(int id) {
        Optional<String> s = decoded[id];
        if (s == null) {
            s = Optional.of(decode(strings, stringOffsets, id));
            decoded[id] = s;
        }
        return s;
    }

    /** Index of the last of {@code starts} (ascending, unsigned) at or below {@code address}, or -1. */
    private static int floor(long[] starts, long address) {
        return SortedAddresses.floor(starts, address);
    }

    /**
     * The directory, checked: known sections present once, aligned, whole items, PAGE_CRCS the
     * last and every other known section inside the pages before it.
     */
    record Sections(int[] offsets, int[] lengths, int pagesStart, int pageChecksumsCrc) {
        static Sections read(PageSource source, long size) throws BadSymCacheException {
            if (size < HEADER_SIZE) {
                throw new BadSymCacheException("truncated header");
            }
            ByteBuffer b = read(source, 0, HEADER_SIZE);
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
            if (b.getInt(32) != PAGE_SIZE) {
                throw new BadSymCacheException("page size " + b.getInt(32) + ", want " + PAGE_SIZE);
            }
            int directoryEnd = HEADER_SIZE + DIRECTORY_ENTRY * count;
            if (directoryEnd > size) {
                throw new BadSymCacheException("truncated directory");
            }
            b = read(source, 0, directoryEnd);
            byte[] copy = b.array().clone();
            copy[28] = copy[29] = copy[30] = copy[31] = 0;
            CRC32C header = new CRC32C();
            header.update(copy);
            if ((int) header.getValue() != b.getInt(28)) {
                throw new BadSymCacheException("header checksum mismatch");
            }
            if (source instanceof PageSource.FileSource f) {
                f.header(b.array());
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
            int pagesStart = align8(directoryEnd);
            int pagesEnd = offsets[PAGE_CRCS];
            if (pagesEnd < pagesStart
                    || lengths[PAGE_CRCS] / 4 != ((long) pagesEnd - pagesStart + PAGE_SIZE - 1) / PAGE_SIZE) {
                throw new BadSymCacheException("page checksums do not cover the pages");
            }
            for (int k = 1; k < KINDS; k++) {
                if (k != PAGE_CRCS && (long) offsets[k] + lengths[k] > pagesEnd) {
                    throw new BadSymCacheException("section " + k + " outside the pages");
                }
            }
            return new Sections(offsets, lengths, pagesStart, b.getInt(24));
        }

        private static ByteBuffer read(PageSource source, long at, int length) throws BadSymCacheException {
            byte[] bytes = new byte[length];
            try {
                source.read(at, bytes);
            } catch (java.io.IOException e) {
                throw new BadSymCacheException("cannot read (" + e.getMessage() + ")");
            }
            return ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
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
