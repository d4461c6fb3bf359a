package dev.crashkit.symbolicate.symcache;

/**
 * The symbol cache file layout, version 4 (3 checksummed the whole body at once, 2 had no symbol
 * versions). Little-endian; every section 8-aligned.
 *
 * <pre>
 * header (64 bytes)
 *   0  "CKSC"                 magic
 *   4  u16 format version     (this layout; a reader refuses any other)
 *   6  u16 builder version    (bumped whenever the builder's output for the same input changes)
 *   8  u32 header size (64)
 *  12  u32 section count      (directory entries after the header)
 *  16  u64 file length
 *  24  u32 CRC32C of the PAGE_CRCS section
 *  28  u32 CRC32C of header + directory, computed with this field zero
 *  32  u32 page size ({@link #PAGE_SIZE})
 *  36  28 reserved bytes (zero)
 * directory: per section u32 kind, u32 item size, u64 offset, u64 length (unknown kinds are skipped)
 * pages: the bytes from the end of the directory (rounded up to 8) to the start of PAGE_CRCS, in
 *   pages of the page size (the last one shorter), each with its own CRC32C in PAGE_CRCS
 * </pre>
 *
 * <p>Why pages: a reader checks and reads only what it uses. Opening reads the header, the
 * directory and PAGE_CRCS (checked against the header) and the pages of the small tables it keeps
 * (key, module, strings, symbols); a lookup reads the pages of the blocks it decodes, each checked
 * the first time it is read, so a 14 MB cache costs a run what its lookups touch, not the whole
 * file (version 3 checksummed every byte on open, which made every page of a mapping resident).
 *
 * Sections (item size in brackets):
 * <ul>
 *   <li>KEY [1]: the identity the file was built for (UTF-8, see {@link SymCacheKey}).</li>
 *   <li>MODULE [64]: i32 file string, i32 arch label string, u32 arch flags, i32 ELF machine,
 *       u64 link base, u64 Mach-O cpu type, u64 subtype, i32 DWARF name string (what error
 *       messages start with), u32 range count, u32 location count, u32 function count, i32 string
 *       of the Mach-O binary naming stripped code and i32 string of its slice's UUID (-1 for none).</li>
 *   <li>SEGMENTS [16]: u64 start, u64 size.</li>
 *   <li>STRING_OFFSETS [4]: n + 1 ascending offsets into STRINGS; string i is [offset i,
 *       offset i+1 - 1), then a NUL. STRINGS [1].</li>
 *   <li>SYMBOLS [24]: u64 start, u64 end, u32 name offset into STRINGS, i32 offset of the ELF
 *       symbol version into STRINGS (-1 for none).</li>
 *   <li>RANGE_INDEX [16] per block of {@link #RANGE_BLOCK} ranges: u64 first start, u32 offset
 *       into RANGE_DATA, u32 zero. RANGE_DATA [1]: per range, in order, the start's distance from
 *       the previous start in the block (unsigned LEB128; not for the first) and the code's
 *       difference from the previous code (zig-zag LEB128; the first from 0). A code is a location,
 *       -1 (no frames) or -2 - k (error k).</li>
 *   <li>LOCATION_INDEX [4] per block of {@link #LOCATION_BLOCK} locations: u32 offset into
 *       LOCATION_DATA. LOCATION_DATA [1]: per location, zig-zag differences from the previous
 *       location in the block (from 0 for the first) of function, file string (-1 none, -2 - k:
 *       none because the unit's line program failed with error k), line and column,
 *       then the distance back to the parent location (unsigned; 0 for none; a parent always
 *       comes before its child).</li>
 *   <li>FUNCTION_INDEX [4] per block of {@link #FUNCTION_BLOCK} functions: u32 offset into
 *       FUNCTION_DATA. FUNCTION_DATA [1]: per function, the zig-zag difference of its names index
 *       from the previous one's, its flags (one LEB128), the zig-zag difference of its low pc.</li>
 *   <li>ERRORS [4]: i32 message string. NAMES [16]: i32 linkage name string, i32 name string,
 *       u64 decl line.</li>
 *   <li>RANGE_TOP [8]: the first start of every {@link #RANGE_TOP_GROUP}th RANGE_INDEX entry (a
 *       lookup searches it in memory, then one group of the index).</li>
 *   <li>PAGE_CRCS [4]: the CRC32C of each page; the last section, outside the pages.</li>
 * </ul>
 * String references are indexes, -1 for none. Deltas make the tables a fraction of fixed-size
 * records (lines, files, functions and parents change little from one entry to the next); a
 * lookup decodes at most one block of each table per frame.
 */
final class SymCacheFormat {
    static final int MAGIC = 'C' | 'K' << 8 | 'S' << 16 | 'C' << 24;
    static final int FORMAT_VERSION = 4;
    static final int BUILDER_VERSION = 4;
    /** Bytes a page checksum covers: one read of a lookup (small reads cost a system call each). */
    static final int PAGE_SIZE = 4096;
    /** Range index entries summarised by one RANGE_TOP entry. */
    static final int RANGE_TOP_GROUP = 256;
    static final int HEADER_SIZE = 64;
    static final int DIRECTORY_ENTRY = 24;
    static final int MAX_SECTIONS = 64;

    static final int RANGE_BLOCK = 32;
    static final int LOCATION_BLOCK = 16;
    static final int FUNCTION_BLOCK = 16;

    static final int KEY = 1;
    static final int MODULE = 2;
    static final int SEGMENTS = 3;
    static final int STRING_OFFSETS = 4;
    static final int STRINGS = 5;
    static final int SYMBOLS = 6;
    static final int RANGE_INDEX = 7;
    static final int RANGE_DATA = 8;
    static final int LOCATION_INDEX = 9;
    static final int LOCATION_DATA = 10;
    static final int FUNCTION_INDEX = 11;
    static final int FUNCTION_DATA = 12;
    static final int ERRORS = 13;
    static final int NAMES = 14;
    static final int RANGE_TOP = 15;
    static final int PAGE_CRCS = 16;
    static final int KINDS = 17;

    /** Item size of each known kind (index = kind). */
    static final int[] ITEM_SIZE = {0, 1, 64, 16, 4, 1, 24, 16, 1, 4, 1, 4, 1, 4, 16, 8, 4};

    /** Arch flags in MODULE. */
    static final int ARCH_KNOWN = 1;
    static final int ARCH_CPU_TYPE = 2;
    static final int ARCH_SUBTYPE = 4;
    static final int ARCH_ELF_MACHINE = 8;

    private SymCacheFormat() {
    }

    static int align8(int n) {
        return (n + 7) & ~7;
    }

    static long zigzag(long v) {
        return v << 1 ^ v >> 63;
    }

    static long unzigzag(long v) {
        return v >>> 1 ^ -(v & 1);
    }
}
