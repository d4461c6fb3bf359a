package dev.crashkit.symbolicate.format.macho.unwind;

import dev.crashkit.core.ObjectFormatException;
import dev.crashkit.symbolicate.format.KaitaiGuard;
import dev.crashkit.symbolicate.format.kaitai.MachoUnwindInfo;
import dev.crashkit.symbolicate.format.macho.layout.BoundedStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A {@code __TEXT,__unwind_info} section (ksy/macho_unwind_info.ksy): which compact unwind encoding
 * covers a function. The header and first-level index are checked when the section is opened; a
 * second-level page when it is read. Every offset and count read from the section is checked,
 * unsigned, against the bytes that remain, so a lookup costs one binary search per level and a full
 * listing one read per entry.
 */
public final class CompactUnwindInfo {
    /** UNWIND_SECTION_VERSION. */
    private static final long VERSION = 1;
    private static final int INDEX_ENTRY_BYTES = 12;
    private static final int REGULAR_PAGE_HEADER_BYTES = 8;
    private static final int COMPRESSED_PAGE_HEADER_BYTES = 12;

    /**
     * The encoding that covers {@code [functionOffset, end)}.
     *
     * @param functionOffset the function's start, from the image's Mach-O header
     * @param end            the next entry's start (or the index's end)
     * @param encoding       the compact unwind encoding (0: none, e.g. padding)
     */
    public record Entry(long functionOffset, long end, int encoding) {
    }

    /** A first-level index entry: where its functions start and where their page is. */
    private record IndexEntry(long functionOffset, long pageOffset) {
    }

    private final Path file;
    private final ByteBuffer section;
    private final int[] commonEncodings;
    private final List<IndexEntry> index;

    private CompactUnwindInfo(Path file, ByteBuffer section, int[] commonEncodings, List<IndexEntry> index) {
        this.file = file;
        this.section = section;
        this.commonEncodings = commonEncodings;
        this.index = index;
    }

    /**
     * Opens the section: its header, common encodings and first-level index, all checked.
     *
     * @param file    named in errors
     * @param section the section's bytes
     * @return the section
     * @throws ObjectFormatException when the header, the common encodings or the index do not fit, or
     *                               the index is not sorted
     */
    public static CompactUnwindInfo parse(Path file, ByteBuffer section) throws ObjectFormatException {
        ByteBuffer bytes = section.slice().order(ByteOrder.LITTLE_ENDIAN);
        MachoUnwindInfo h = KaitaiGuard.parse(file, "__unwind_info header",
                () -> new MachoUnwindInfo(new BoundedStream(bytes.duplicate())));
        if (h.version() != VERSION) {
            throw bad(file, "version " + h.version() + ", expected 1");
        }
        int[] common = new int[(int) fit(file, bytes, h.commonEncodingsArraySectionOffset(),
                h.commonEncodingsArrayCount(), 4, "common encodings")];
        for (int i = 0; i < common.length; i++) {
            common[i] = bytes.getInt((int) h.commonEncodingsArraySectionOffset() + 4 * i);
        }
        long count = fit(file, bytes, h.indexSectionOffset(), h.indexCount(), INDEX_ENTRY_BYTES, "index");
        List<IndexEntry> index = new ArrayList<>((int) count);
        for (int i = 0; i < count; i++) {
            int at = (int) h.indexSectionOffset() + INDEX_ENTRY_BYTES * i;
            IndexEntry e = new IndexEntry(Integer.toUnsignedLong(bytes.getInt(at)), Integer.toUnsignedLong(bytes.getInt(at + 4)));
            if (!index.isEmpty() && e.functionOffset() < index.get(index.size() - 1).functionOffset()) {
                throw bad(file, "index entry " + i + " (function offset 0x" + Long.toHexString(e.functionOffset())
                        + ") is out of order");
            }
            index.add(e);
        }
        return new CompactUnwindInfo(file, bytes, common, List.copyOf(index));
    }

    /** {@code count} items of {@code size} bytes at {@code offset}: the count, when they fit. */
    private static long fit(Path file, ByteBuffer bytes, long offset, long count, int size, String what)
            throws ObjectFormatException {
        long limit = bytes.capacity();
        if (offset > limit || count > (limit - offset) / size) {
            throw bad(file, what + ": " + count + " entries of " + size + " bytes at offset " + offset
                    + " do not fit in the section's " + limit + " bytes");
        }
        return count;
    }

    private static ObjectFormatException bad(Path file, String what) {
        return new ObjectFormatException(file + ": __unwind_info: " + what);
    }

    /** The common encodings, indexed by a compressed entry's encoding index. */
    public int commonEncodingCount() {
        return commonEncodings.length;
    }

    /**
     * The entry covering {@code functionOffset} (an address minus the image's header address), empty
     * when it lies before the first function, at or past the index's end, or in a first-level range
     * without a page.
     *
     * @param offset an offset from the image's Mach-O header
     * @return the entry whose range holds {@code offset}
     * @throws ObjectFormatException when the page that should hold it is malformed
     */
    public Optional<Entry> find(long offset) throws ObjectFormatException {
        // The last first-level entry is the sentinel: it only ends the previous one's range.
        int lo = 0;
        int hi = index.size() - 2;
        int found = -1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (index.get(mid).functionOffset() <= offset) {
                found = mid;
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        if (found < 0 || offset >= index.get(found + 1).functionOffset() || index.get(found).pageOffset() == 0) {
            return Optional.empty();
        }
        Page page = page(found);
        int l = 0;
        int h = page.count() - 1;
        int best = -1;
        while (l <= h) {
            int mid = (l + h) >>> 1;
            if (page.start(mid) <= offset) {
                best = mid;
                l = mid + 1;
            } else {
                h = mid - 1;
            }
        }
        if (best < 0) {
            return Optional.empty();
        }
        Entry e = page.entry(best);
        return offset >= e.end() ? Optional.empty() : Optional.of(e);
    }

    /**
     * Every entry of every page, in index order: what {@code llvm-objdump --unwind-info} lists.
     *
     * @return the entries
     * @throws ObjectFormatException when a page is malformed
     */
    public List<Entry> entries() throws ObjectFormatException {
        List<Entry> out = new ArrayList<>();
        // Every entry takes at least 4 bytes: more than that many means pages listed again (or
        // overlapping), which would make a listing cost index entries times page entries.
        long budget = section.capacity() / 4;
        for (int i = 0; i + 1 < index.size(); i++) {
            if (index.get(i).pageOffset() == 0) {
                continue;
            }
            Page page = page(i);
            budget -= page.count();
            if (budget < 0) {
                throw bad(file, "the second-level pages hold more entries than the section has room for");
            }
            for (int k = 0; k < page.count(); k++) {
                if (k > 0 && page.start(k) < page.start(k - 1)) {
                    throw bad(file, page.where() + " entry " + k + " is out of order");
                }
                if (page.start(k) < page.base() || page.start(k) >= page.pageEnd()) {
                    throw bad(file, page.where() + " entry " + k + " (function offset 0x"
                            + Long.toHexString(page.start(k)) + ") lies outside its first-level range");
                }
                out.add(page.entry(k));
            }
        }
        return out;
    }

    /**
     * One second-level page, its header checked: entries are read from the section when asked for.
     *
     * @param base      the first-level entry's function offset (compressed entries add theirs to it)
     * @param pageEnd   the next first-level entry's function offset: where the last entry ends
     * @param localAt   the page's own encodings' offset in {@code page} (compressed)
     * @param localCount their count
     */
    private record Page(String where, ByteBuffer page, boolean compressed, int entriesAt, int count, long base,
                        long pageEnd, int[] common, int localAt, int localCount, Path file) {
        long start(int k) {
            return compressed ? base + (page.getInt(entriesAt + 4 * k) & 0xffffff)
                    : Integer.toUnsignedLong(page.getInt(entriesAt + 8 * k));
        }

        int encoding(int k) throws ObjectFormatException {
            if (!compressed) {
                return page.getInt(entriesAt + 8 * k + 4);
            }
            int e = page.getInt(entriesAt + 4 * k) >>> 24;
            if (e < common.length) {
                return common[e];
            }
            if (e - common.length < localCount) {
                return page.getInt(localAt + 4 * (e - common.length));
            }
            throw bad(file, where + " entry " + k + ": encoding index " + e + " past the " + common.length
                    + " common and " + localCount + " page encodings");
        }

        /** Entry {@code k}, ending where the next one starts (the last where the page's range does). */
        Entry entry(int k) throws ObjectFormatException {
            long startK = start(k);
            long end = k + 1 < count ? Math.max(start(k + 1), startK) : Math.max(pageEnd, startK);
            return new Entry(startK, end, encoding(k));
        }
    }

    /** First-level entry {@code i}'s page, its header and arrays checked against the section. */
    private Page page(int i) throws ObjectFormatException {
        IndexEntry first = index.get(i);
        long pageEnd = index.get(i + 1).functionOffset();
        long at = first.pageOffset();
        String where = "second-level page " + i + " at offset " + at;
        if (at > section.capacity() || section.capacity() - at < REGULAR_PAGE_HEADER_BYTES) {
            throw bad(file, where + " is past the section's end (" + section.capacity() + " bytes)");
        }
        ByteBuffer page = section.slice((int) at, section.capacity() - (int) at).order(ByteOrder.LITTLE_ENDIAN);
        MachoUnwindInfo.SecondLevelPageHeader header = KaitaiGuard.parse(file, "__unwind_info " + where,
                () -> new MachoUnwindInfo.SecondLevelPageHeader(new BoundedStream(page.duplicate())));
        if (header.kind() == null) {
            throw bad(file, where + ": kind " + Integer.toUnsignedLong(page.getInt(0)) + ", expected 2 or 3");
        }
        int count = header.entryCount();
        if (header.kind() == MachoUnwindInfo.PageKind.REGULAR) {
            fit(file, page, header.entryPageOffset(), count, 8, where + " entries");
            return new Page(where, page, false, header.entryPageOffset(), count, first.functionOffset(), pageEnd,
                    commonEncodings, 0, 0, file);
        }
        if (page.capacity() < COMPRESSED_PAGE_HEADER_BYTES) {
            throw bad(file, where + " is cut off");
        }
        fit(file, page, header.entryPageOffset(), count, 4, where + " entries");
        int local = (int) fit(file, page, header.encodingsPageOffset(), header.encodingsCount(), 4,
                where + " encodings");
        return new Page(where, page, true, header.entryPageOffset(), count, first.functionOffset(), pageEnd,
                commonEncodings, header.encodingsPageOffset(), local, file);
    }
}
