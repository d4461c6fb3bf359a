package dev.crashkit.symbolicate.symcache;

import static dev.crashkit.symbolicate.symcache.SymCacheFormat.PAGE_SIZE;

import java.io.IOException;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.IntBuffer;
import java.nio.LongBuffer;
import java.util.function.LongSupplier;
import java.util.zip.CRC32C;

/**
 * The checked pages of symbol caches that lookups read, in a fixed number of page slots outside
 * the Java heap, shared by every cache opened with it (a module cache's): the memory they take is
 * the budget, whatever the number of caches, and pages coming and going make no garbage (pages
 * kept on the heap lived long enough to be promoted, and the old generation, hence the process,
 * grew with them; 1 MB heap arrays kept for good still cost the collector copying them and 90 MB
 * more peak RSS on a 20-image batch: BENCHMARKS.md, batch throughput). Slots are allocated 1 MB at
 * a time as they are first needed; past the budget a slot not read since the clock hand last
 * passed it is reused. A cache file mapped whole holds its size of the budget instead of slots
 * ({@link #reserve}; see {@link Pages}).
 *
 * <p>A miss reads its page and, while free slots remain, the pages after it that are not held
 * (up to {@link #READ_AHEAD}), in one positional read: a batch over many caches reads most of their
 * pages, and one system call per 4 KB page cost it ~4% of its CPU (BENCHMARKS.md, batch throughput). Each page is checked against
 * its own checksum; a page read ahead that fails is left out (the lookup that needs it reads it
 * again and fails then). Once the budget is used, a miss reads one page, so read-ahead never
 * evicts anything.
 *
 * <p>Readers take no lock: each slot has a stamp, odd while the slot is being refilled, bumped on
 * every refill; a read of a slot's bytes counts only when the stamp was even before it and is the
 * same after it, and the slot held the page asked for (else the page is read again). Refills are
 * serialised. Thread-safe.
 */
public final class PageCache {
    private static final int SLOTS_PER_CHUNK = (1 << 20) / PAGE_SIZE;
    /** Most pages one miss reads while free slots remain (64 KB). */
    static final int READ_AHEAD = 16;

    private static final int MAX_SLOTS = 1 << 20;

    /** Slots it may use (grows once, when {@link #capacity} is asked for). */
    private int slots;
    /** The full capacity in bytes, asked for once the first {@code slots} are used; null once known. */
    private LongSupplier fullCapacity;
    /** Slots, a chunk of them allocated when first needed (a large budget costs nothing until used). */
    private final Slot[][] chunks = new Slot[MAX_SLOTS / SLOTS_PER_CHUNK][];
    private int used;
    /** Pages' worth of the budget held by mapped cache files ({@link #reserve}): slots may not use them. */
    private long reserved;
    private int hand;
    private long reads;

    /** A cache of at most {@code capacityBytes} of pages (at least one chunk of slots). */
    public PageCache(long capacityBytes) {
        this.slots = slotsFor(capacityBytes);
    }

    /**
     * A cache of at least {@code atLeastBytes} of pages whose full capacity, {@code capacityBytes}
     * (not less), is asked for only when those are all used or {@link #capacity} is asked for: the
     * default module-cache budget asks the operating system for the machine's memory, which costs
     * a one-report run ~25 ms of CPU that it has no use for (BENCHMARKS.md, smaller symbol-cache blocks).
     */
    public PageCache(long atLeastBytes, LongSupplier capacityBytes) {
        this.slots = slotsFor(atLeastBytes);
        this.fullCapacity = capacityBytes;
    }

    private static int slotsFor(long bytes) {
        return (int) Math.min(Math.max(SLOTS_PER_CHUNK, bytes / PAGE_SIZE), MAX_SLOTS);
    }

    /** Grows {@link #slots} to the full capacity if that is not known yet (under the lock). */
    private void knowFullCapacity() {
        if (fullCapacity != null) {
            slots = Math.max(slots, slotsFor(fullCapacity.getAsLong()));
            fullCapacity = null;
        }
    }

    /**
     * One page slot: its bytes are {@code [offset, offset + PAGE_SIZE)} of {@code bytes} (the
     * megabyte shared with the other slots of its chunk; absolute reads only). {@code owner} and
     * {@code page} change only while the stamp is odd, under the cache's lock. A plain object with
     * a volatile stamp, not atomic arrays: on C1 an {@code AtomicIntegerArray.get} is a chain of
     * {@code VarHandle} calls, a volatile field a load.
     */
    static final class Slot {
        final ByteBuffer bytes;
        /**
         * The chunk as little-endian ints and longs, for aligned reads: on a little-endian machine
         * these views read without the byte order conversion that {@code ByteBuffer.getInt} calls
         * on C1 (it led a batch's profile).
         */
        final IntBuffer ints;
        final LongBuffer longs;
        final int offset;
        final int index;
        volatile int stamp;
        Pages owner;
        int page;
        boolean referenced;

        Slot(ByteBuffer bytes, IntBuffer ints, LongBuffer longs, int offset, int index) {
            this.bytes = bytes;
            this.ints = ints;
            this.longs = longs;
            this.offset = offset;
            this.index = index;
        }

        /**
         * True when this slot held {@code page} of {@code pages} throughout since {@code stamp}
         * was read (the bytes read meanwhile are that page's); marks it recently used.
         */
        boolean held(int stamp, Pages pages, int page) {
            boolean same = owner == pages && this.page == page;
            VarHandle.acquireFence();
            if (same && (stamp & 1) == 0 && this.stamp == stamp) {
                if (!referenced) {
                    referenced = true;
                }
                return true;
            }
            return false;
        }
    }

    private Slot slot(int index) {
        return chunks[index / SLOTS_PER_CHUNK][index % SLOTS_PER_CHUNK];
    }

    /** Bytes of page slots it may use. */
    public synchronized long capacity() {
        knowFullCapacity();
        return (long) slots * PAGE_SIZE;
    }

    /** Bytes of page slots allocated so far. */
    public synchronized long bytes() {
        return (long) used * PAGE_SIZE;
    }

    /** Bytes of the budget held by mapped cache files now. */
    public synchronized long reservedBytes() {
        return reserved * PAGE_SIZE;
    }

    /**
     * Holds {@code bytes} of the budget for a cache file mapped whole (see {@link Pages}) when they
     * fit beside the slots in use (and at least one chunk of slots, so caches that do not fit still
     * have slots to read into) and mappings then hold at most a quarter of the budget; false when
     * not. Given back by {@link #release}. The quarter: a mapping holds its whole file, slots only
     * the pages lookups use, the most used (the tables' index pages) kept longest; when the budget is
     * smaller than what lookups use, slots serve it better. Mapping the first caches of a 20-image
     * batch under {@code --module-cache-mb 256} until the budget was full left the others 8 MB of
     * slots and cost 15% more CPU, up to half of it still 7% (BENCHMARKS.md, mapped symbol caches);
     * the default budget maps them all.
     */
    synchronized boolean reserve(long bytes) {
        long pages = (bytes + PAGE_SIZE - 1) / PAGE_SIZE;
        // Slots are allocated a chunk at a time: the chunks in use (at least one) stay theirs.
        long slotsKept = Math.max(1, (used + SLOTS_PER_CHUNK - 1) / SLOTS_PER_CHUNK) * (long) SLOTS_PER_CHUNK;
        if (reserved + pages + slotsKept > slots || 4 * (reserved + pages) > slots) {
            knowFullCapacity();
            if (reserved + pages + slotsKept > slots || 4 * (reserved + pages) > slots) {
                return false;
            }
        }
        reserved += pages;
        return true;
    }

    /** Gives back bytes {@link #reserve} held (once the mapping that held them is collected). */
    synchronized void release(long bytes) {
        reserved -= (bytes + PAGE_SIZE - 1) / PAGE_SIZE;
    }

    /** Positional reads of pages made so far (one may bring several pages, see the class comment). */
    public synchronized long reads() {
        return reads;
    }

    /**
     * Reads page {@code page} of {@code owner} (bytes {@code [at, at + length)} of {@code source}),
     * checks it against {@code crcs[page]} and records the slot holding it, with the pages after it
     * while free slots remain (see the class comment). Only choosing and publishing slots hold the
     * lock: the read and the checksums run outside it, so workers missing pages at once read in
     * parallel (a page two of them miss together is read twice).
     */
    void load(Pages owner, int page, PageSource source) throws DamagedSymCacheException {
        Slot[] run;
        synchronized (this) {
            Slot held = owner.slot(page);
            if (held != null && held.owner == owner && held.page == page && (held.stamp & 1) == 0) {
                return; // another reader loaded it meanwhile
            }
            run = reserve(owner, page);
            reads++;
        }
        VarHandle.fullFence(); // the odd stamps are seen before any byte of a slot changes
        int from = owner.offsetOf(page);
        int length = Math.min(run.length * PAGE_SIZE, owner.end() - from);
        String problem = null;
        try {
            source.read(from, run[0].bytes.slice(run[0].offset, length));
        } catch (IOException e) {
            problem = "cannot read: " + e.getMessage();
        }
        boolean[] good = new boolean[run.length];
        if (problem == null) {
            CRC32C crc = new CRC32C();
            for (int i = 0; i < run.length; i++) {
                crc.reset();
                crc.update(run[i].bytes.slice(run[i].offset, Math.min(PAGE_SIZE, length - i * PAGE_SIZE)));
                good[i] = (int) crc.getValue() == owner.checksum(page + i);
            }
            if (!good[0]) {
                problem = "page " + page + " fails its checksum";
            }
        }
        synchronized (this) {
            for (int i = 0; i < run.length; i++) {
                Slot s = run[i];
                if (good[i]) {
                    s.owner = owner;
                    s.page = page + i;
                    s.referenced = i == 0;
                }
                s.stamp = s.stamp + 1; // even again: readable (or free)
                if (good[i]) {
                    owner.remember(page + i, s);
                }
            }
        }
        if (problem != null) {
            throw new DamagedSymCacheException(source.origin() + ": damaged symbol cache (" + problem + ")");
        }
    }

    /**
     * Slots for {@code page} and, while never used slots remain, the following pages of
     * {@code owner} not held, in consecutive slots of one chunk (one read fills them); each is
     * made odd and forgotten by its previous owner.
     */
    private Slot[] reserve(Pages owner, int page) {
        Slot first = victim();
        int n = 1;
        // Only never used slots (the next ones, while in the same chunk as the first): read-ahead
        // takes no page from anyone.
        while (n < READ_AHEAD && page + n < owner.count() && used + reserved < slots && used == first.index + n
                && used % SLOTS_PER_CHUNK != 0 && owner.slot(page + n) == null) {
            victim();
            n++;
        }
        Slot[] run = new Slot[n];
        for (int i = 0; i < n; i++) {
            Slot s = slot(first.index + i);
            s.stamp = s.stamp + 1; // odd: being refilled, no reader trusts it, no loader picks it
            if (s.owner != null) {
                s.owner.forget(s.page, s);
            }
            s.owner = null;
            run[i] = s;
        }
        return run;
    }

    /**
     * A free slot while the budget (less what mappings hold) allows, else the first one the clock
     * hand finds unreferenced among those allocated ({@link #reserve} leaves at least one chunk).
     */
    private Slot victim() {
        if (used + reserved >= slots) {
            knowFullCapacity();
        }
        if (used + reserved < slots) {
            int index = used++;
            int chunk = index / SLOTS_PER_CHUNK;
            if (chunks[chunk] == null) {
                ByteBuffer bytes = ByteBuffer.allocateDirect(SLOTS_PER_CHUNK * PAGE_SIZE).order(ByteOrder.LITTLE_ENDIAN);
                IntBuffer ints = bytes.asIntBuffer();
                LongBuffer longs = bytes.asLongBuffer();
                Slot[] c = new Slot[SLOTS_PER_CHUNK];
                for (int i = 0; i < SLOTS_PER_CHUNK; i++) {
                    c[i] = new Slot(bytes, ints, longs, i * PAGE_SIZE, chunk * SLOTS_PER_CHUNK + i);
                }
                chunks[chunk] = c;
            }
            return slot(index);
        }
        while (true) {
            Slot s = slot(hand);
            hand = (hand + 1) % used; // slots past used (mappings hold their budget) never come
            if ((s.stamp & 1) != 0) {
                continue; // being refilled by another reader
            }
            if (!s.referenced || s.owner == null) {
                return s;
            }
            s.referenced = false;
        }
    }
}
