package dev.crashkit.symbolicate.symcache;

import static dev.crashkit.symbolicate.symcache.SymCacheFormat.PAGE_SIZE;

import java.io.IOException;
import java.lang.ref.Cleaner;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.IntBuffer;
import java.nio.LongBuffer;
import java.util.zip.CRC32C;

/**
 * The paged part of one symbol cache file: bytes {@code [start, end)} in pages of
 * {@link SymCacheFormat#PAGE_SIZE}, page i checked against {@code crcs[i]} when it is first used. A
 * page that fails its checksum, or a read outside the pages, throws {@link DamagedSymCacheException}:
 * nothing unchecked is ever answered from.
 *
 * <p>Pages are read one of two ways. When the shared {@link PageCache}'s budget has room for the
 * whole file, the file is mapped read-only and its size held against that budget (mapped bytes
 * count where slots would) until the mapping is collected: a lookup then reads the mapping, with
 * no copy into slots and no slot stamps to check (BENCHMARKS.md, mapped symbol caches). The
 * reservation is given back by a {@link Cleaner} once this object is unreachable, never by
 * unmapping it explicitly (a lookup racing an unmap would crash the JVM). A mapped file truncated
 * under us makes a read fault; the JVM turns that into an {@link InternalError}, which
 * {@link #faulted} turns into damage. Otherwise checked pages are copied into the page cache's
 * slots (see there how reads and refills of a slot meet).
 */
final class Pages {
    private final PageSource source;
    private final int start;
    private final int end;
    private final int[] crcs;
    private final PageCache cache;
    /**
     * Per page, the slot last known to hold it, or null. Written under the page cache's lock, read
     * without: a reader trusts a slot only after checking its stamp, owner and page.
     */
    private final PageCache.Slot[] slots;
    /** The whole file, mapped (little-endian), or null when pages go through slots. */
    private final ByteBuffer mapped;
    /** The mapping as ints and longs, for aligned reads (as slots, see {@link PageCache.Slot#ints}). */
    private final IntBuffer mappedInts;
    private final LongBuffer mappedLongs;
    /** Per page of a mapping, whether it was checked (plain: a racing second check is harmless). */
    private final boolean[] checked;
    /** Gives the mapping's reservation back (when this is collected, or an open fails). */
    private final Cleaner.Cleanable reservation;

    Pages(PageSource source, int start, int end, int[] crcs, PageCache cache) {
        this(source, start, end, crcs, cache, null, 0);
    }

    private Pages(PageSource source, int start, int end, int[] crcs, PageCache cache, ByteBuffer mapped,
                  long reservedBytes) {
        this.source = source;
        this.start = start;
        this.end = end;
        this.crcs = crcs;
        this.cache = cache;
        if (mapped == null) {
            this.slots = new PageCache.Slot[crcs.length];
            this.mapped = null;
            this.mappedInts = null;
            this.mappedLongs = null;
            this.checked = null;
            this.reservation = null;
        } else {
            this.slots = null;
            this.mapped = mapped.order(ByteOrder.LITTLE_ENDIAN);
            this.mappedInts = this.mapped.asIntBuffer();
            this.mappedLongs = this.mapped.asLongBuffer();
            this.checked = new boolean[crcs.length];
            this.reservation = Mappings.CLEANER.register(this, new Release(cache, reservedBytes));
        }
    }

    /**
     * The pages of a cache file of {@code size} bytes: mapped when {@code source} can be mapped
     * (a file, or bytes in memory) and {@code cache}'s budget has room for all of it, else read
     * into {@code cache}'s slots.
     */
    static Pages open(PageSource source, long size, int start, int end, int[] crcs, PageCache cache) {
        if (cache.reserve(size)) {
            ByteBuffer whole = null;
            try {
                whole = source.map(size);
            } catch (IOException | UnsupportedOperationException e) {
                // not mappable here: read into slots
            }
            if (whole != null) {
                return new Pages(source, start, end, crcs, cache, whole, size);
            }
            cache.release(size);
        }
        return new Pages(source, start, end, crcs, cache);
    }

    /** The cleaner of mappings' reservations, started with the first mapping. */
    private static final class Mappings {
        static final Cleaner CLEANER = Cleaner.create();
    }

    /**
     * Gives a mapping's reservation back (a class, not a lambda: the first lambda linked on the
     * index thread would set up the JDK's method-handle machinery while a run waits for it).
     */
    private static final class Release implements Runnable {
        private final PageCache cache;
        private final long bytes;

        Release(PageCache cache, long bytes) {
            this.cache = cache;
            this.bytes = bytes;
        }

        @Override
        public void run() {
            cache.release(bytes);
        }
    }

    /** True when pages are read from a mapping of the file. */
    boolean mapped() {
        return mapped != null;
    }

    /** Gives back the mapping's reservation now: nothing will read these pages (an open that failed). */
    void abandon() {
        if (reservation != null) {
            reservation.clean();
        }
    }

    /**
     * Raises here the {@link InternalError} of a mapped read by this thread that faulted, if any.
     * The JVM skips a faulting read (it returns garbage) and raises the error only when the thread
     * next enters the VM from Java code, which may be after the lookup returned an answer built
     * from it. Neither returning from a native method ({@code Thread.holdsLock}, {@code Thread.yield})
     * nor a safepoint check is such an entry; allocating a two-level array of a size the compilers
     * cannot see is one in the interpreter, C1 and C2 (a runtime call, ~0.1 µs).
     */
    void settle() {
        settled = new byte[one][0];
    }

    /** Always 1, but not a constant: a {@code new byte[1][0]} would be expanded inline by C2. */
    private static int one = 1;
    /** Where {@link #settle} puts its array, so that no compiler drops the allocation. */
    private Object settled;

    /**
     * The damage an {@link InternalError} from a mapped read stands for: the JVM raises one when a
     * read of a mapping faults (the file truncated under us).
     */
    DamagedSymCacheException faulted(InternalError e) {
        return new DamagedSymCacheException(source.origin() + ": damaged symbol cache (cannot read its mapping: "
                + e.getMessage() + ")");
    }

    /**
     * Checks the pages of bytes {@code [at, at + length)} ({@code length > 0}) of a mapping not checked yet. Each is
     * copied out and checked there: a checksum computed over the mapping itself runs in a stub
     * where the JVM does not turn a fault into an error, a copy does.
     */
    private void checkMapped(int at, int length) throws DamagedSymCacheException {
        int first = (at - start) / PAGE_SIZE;
        int last = (at + length - 1 - start) / PAGE_SIZE;
        for (int page = first; page <= last; page++) {
            if (!checked[page]) {
                checkGroup(page, SCRATCH.get());
            }
        }
    }

    /**
     * Pages of a mapping checked together when one of them is first used: one copy out of the
     * mapping (sequential, so the memory prefetches) and one checksum per page. A batch uses nearly
     * every page of its caches, so checking a page's neighbours early costs little that would not
     * be spent anyway.
     */
    static final int CHECK_PAGES = 16;

    /**
     * Copies the group of {@link #CHECK_PAGES} pages holding page {@code page} into {@code scratch}
     * and checks each page there; returns the file offset of the group's first byte (its bytes are
     * at the start of {@code scratch}). Throws if {@code page} fails its checksum; another page of the
     * group that fails is left unchecked (it fails when a read needs it).
     */
    private int checkGroup(int page, byte[] scratch) throws DamagedSymCacheException {
        int first = page - page % CHECK_PAGES;
        int last = Math.min(crcs.length, first + CHECK_PAGES) - 1;
        int from = offsetOf(first);
        int n = Math.min(CHECK_PAGES * PAGE_SIZE, end - from);
        try {
            mapped.get(from, scratch, 0, n);
        } catch (InternalError e) {
            throw faulted(e);
        }
        CRC32C crc = new CRC32C();
        for (int p = first; p <= last; p++) {
            int o = (p - first) * PAGE_SIZE;
            crc.reset();
            crc.update(scratch, o, Math.min(PAGE_SIZE, n - o));
            if (p == page) {
                verify(p, crc);
                checked[p] = true;
            } else if ((int) crc.getValue() == crcs[p]) {
                checked[p] = true;
            }
        }
        return from;
    }

    /**
     * Per thread, a group of pages' worth of bytes that mapped pages are copied into to be checked:
     * the first use of a page allocates (and zeroes) nothing.
     */
    private static final ThreadLocal<byte[]> SCRATCH = new ThreadLocal<>() {
        @Override
        protected byte[] initialValue() {
            return new byte[CHECK_PAGES * PAGE_SIZE]; // a class, not withInitial and a lambda (as Release)
        }
    };

    /** Number of pages. */
    int count() {
        return crcs.length;
    }

    /** File offset of page {@code page}. */
    int offsetOf(int page) {
        return start + page * PAGE_SIZE;
    }

    /** End of the pages (the last one may be shorter than a page). */
    int end() {
        return end;
    }

    int checksum(int page) {
        return crcs[page];
    }

    PageCache.Slot slot(int page) {
        return slots[page];
    }

    void remember(int page, PageCache.Slot slot) {
        slots[page] = slot;
    }

    void forget(int page, PageCache.Slot slot) {
        if (slots[page] == slot) {
            slots[page] = null;
        }
    }

    int getInt(int at) throws DamagedSymCacheException {
        inside(at, 4);
        if (mapped != null) {
            if (!checked[(at - start) / PAGE_SIZE] || !checked[(at + 3 - start) / PAGE_SIZE]) {
                checkMapped(at, 4);
            }
            // Sections are 8-aligned in the file, and the mapping starts at its first byte.
            return (at & 3) == 0 ? mappedInts.get(at >> 2) : mapped.getInt(at);
        }
        int rel = at - start;
        int page = rel / PAGE_SIZE;
        int o = rel % PAGE_SIZE;
        if (o + 4 > PAGE_SIZE) {
            return (int) littleEndian(bytes(at, 4), 4);
        }
        while (true) {
            PageCache.Slot s = slots[page];
            if (s != null) {
                int stamp = s.stamp;
                // Pages start 8-aligned in the file and in their slots: an aligned value stays aligned.
                int v = (o & 3) == 0 ? s.ints.get((s.offset + o) >> 2) : s.bytes.getInt(s.offset + o);
                if (s.held(stamp, this, page)) {
                    return v;
                }
            }
            load(page);
        }
    }

    long getLong(int at) throws DamagedSymCacheException {
        inside(at, 8);
        if (mapped != null) {
            if (!checked[(at - start) / PAGE_SIZE] || !checked[(at + 7 - start) / PAGE_SIZE]) {
                checkMapped(at, 8);
            }
            return (at & 7) == 0 ? mappedLongs.get(at >> 3) : mapped.getLong(at);
        }
        int rel = at - start;
        int page = rel / PAGE_SIZE;
        int o = rel % PAGE_SIZE;
        if (o + 8 > PAGE_SIZE) {
            return littleEndian(bytes(at, 8), 8);
        }
        while (true) {
            PageCache.Slot s = slots[page];
            if (s != null) {
                int stamp = s.stamp;
                long v = (o & 7) == 0 ? s.longs.get((s.offset + o) >> 3) : s.bytes.getLong(s.offset + o);
                if (s.held(stamp, this, page)) {
                    return v;
                }
            }
            load(page);
        }
    }

    /** The little-endian number of {@code b}'s first {@code n} bytes (a value across a page boundary). */
    private static long littleEndian(byte[] b, int n) {
        long v = 0;
        for (int k = n - 1; k >= 0; k--) {
            v = v << 8 | (b[k] & 0xffL);
        }
        return v;
    }

    /** Bytes {@code [at, at + length)} through the page cache. */
    byte[] bytes(int at, int length) throws DamagedSymCacheException {
        inside(at, length);
        byte[] out = new byte[length];
        copy(at, length, out);
        return out;
    }

    /**
     * Copies bytes {@code [at, at + length)} through the page cache into the start of {@code out}
     * (a lookup's reused scratch: no array per block read).
     */
    void copy(int at, int length, byte[] out) throws DamagedSymCacheException {
        inside(at, length);
        if (mapped != null) {
            if (length > 0) {
                int first = (at - start) / PAGE_SIZE;
                int last = (at + length - 1 - start) / PAGE_SIZE;
                if (checked[first] && checked[last]) {
                    mapped.get(at, out, 0, length);
                } else {
                    mappedChecking(at, length, out, first, last);
                }
            }
            return;
        }
        for (int done = 0; done < length; ) {
            int rel = at + done - start;
            int page = rel / PAGE_SIZE;
            int o = rel % PAGE_SIZE;
            int n = Math.min(length - done, PAGE_SIZE - o);
            while (true) {
                PageCache.Slot s = slots[page];
                if (s != null) {
                    int stamp = s.stamp;
                    s.bytes.get(s.offset + o, out, done, n);
                    if (s.held(stamp, this, page)) {
                        break;
                    }
                }
                load(page);
            }
            done += n;
        }
    }

    /**
     * Copies bytes {@code [at, at + length)} of pages {@code first..last} of the mapping into
     * {@code out}, checking each page not checked yet on the way: such a page is copied out whole to
     * be checked, and its part of {@code out} then comes from that copy (one copy out of the mapping
     * instead of two).
     */
    private void mappedChecking(int at, int length, byte[] out, int first, int last) throws DamagedSymCacheException {
        int to = at + length;
        byte[] scratch = null;
        for (int page = first; page <= last; page++) {
            int from = offsetOf(page);
            int lo = Math.max(at, from);
            int hi = Math.min(to, from + PAGE_SIZE);
            if (checked[page]) {
                mapped.get(lo, out, lo - at, hi - lo);
            } else {
                if (scratch == null) {
                    scratch = SCRATCH.get();
                }
                int group = checkGroup(page, scratch);
                System.arraycopy(scratch, lo - group, out, lo - at, hi - lo);
            }
        }
    }

    private void load(int page) throws DamagedSymCacheException {
        cache.load(this, page, source);
    }

    /**
     * Bytes {@code [at, at + length)} read in one go and checked page by page, not kept in the page
     * cache: what opening copies into its own tables.
     */
    byte[] bulk(int at, int length) throws DamagedSymCacheException {
        inside(at, length);
        if (length == 0) {
            return new byte[0];
        }
        int first = (at - start) / PAGE_SIZE;
        int last = (at + length - 1 - start) / PAGE_SIZE;
        int from = start + first * PAGE_SIZE;
        int to = Math.min(end, start + (last + 1) * PAGE_SIZE);
        byte[] span = read(from, to - from);
        CRC32C crc = new CRC32C();
        for (int page = first; page <= last; page++) {
            int o = (page - first) * PAGE_SIZE;
            crc.reset();
            crc.update(span, o, Math.min(PAGE_SIZE, span.length - o));
            verify(page, crc);
        }
        byte[] out = new byte[length];
        System.arraycopy(span, at - from, out, 0, length);
        return out;
    }

    /** Reads every page once (tests and tools: is the whole file intact?). */
    void checkAll() throws DamagedSymCacheException {
        bulk(start, end - start);
    }

    /** Throws unless {@code crc} is page {@code page}'s; the exception out of line, as {@link #inside}. */
    private void verify(int page, CRC32C crc) throws DamagedSymCacheException {
        if ((int) crc.getValue() != crcs[page]) {
            throw failed(page);
        }
    }

    private DamagedSymCacheException failed(int page) {
        return new DamagedSymCacheException(source.origin() + ": damaged symbol cache (page " + page
                + " fails its checksum)");
    }

    private byte[] read(int at, int length) throws DamagedSymCacheException {
        byte[] b = new byte[length];
        try {
            source.read(at, b);
        } catch (IOException e) {
            throw new DamagedSymCacheException(source.origin() + ": damaged symbol cache (cannot read: "
                    + e.getMessage() + ")");
        }
        return b;
    }

    /**
     * Checks that bytes {@code [at, at + length)} are inside the pages. The exception is made out of
     * line: this method stays under C1's inlining limit (35 bytes), so every read inlines it rather
     * than calling it, and C1 compiles no string concatenation into each reader.
     */
    private void inside(int at, int length) throws DamagedSymCacheException {
        if (at < start || length < 0 || at > end - length) {
            throw outside();
        }
    }

    private DamagedSymCacheException outside() {
        return new DamagedSymCacheException(source.origin() + ": damaged symbol cache (read outside its pages)");
    }
}
