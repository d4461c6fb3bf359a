package dev.crashkit.symbolicate.symcache;

import static dev.crashkit.symbolicate.symcache.SymCacheFormat.PAGE_SIZE;

import java.io.IOException;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.zip.CRC32C;

/**
 * The checked pages of symbol caches that lookups read, in a fixed number of page slots outside
 * the Java heap, shared by every cache opened with it (a module cache's): the memory they take is
 * the budget, whatever the number of caches, and pages coming and going make no garbage (pages
 * kept on the heap lived long enough to be promoted, and the old generation, hence the process,
 * grew with them). Slots are allocated 1 MB at a time as they are first needed; past the budget a
 * slot not read since the clock hand last passed it is reused.
 *
 * <p>Readers take no lock: each slot has a stamp, odd while the slot is being refilled, bumped on
 * every refill; a read of a slot's bytes counts only when the stamp was even before it and is the
 * same after it, and the slot still holds the page asked for (else the page is read again).
 * Refills are serialised. Thread-safe.
 */
public final class PageCache {
    private static final int SLOTS_PER_CHUNK = (1 << 20) / PAGE_SIZE;

    private final int slots;
    private final ByteBuffer[] chunks;
    private final AtomicIntegerArray stamps;
    private final Pages[] owners;
    private final int[] ownerPages;
    private final byte[] referenced;
    private int used;
    private int hand;
    private long reads;

    /** A cache of at most {@code capacityBytes} of pages (at least one chunk of slots). */
    public PageCache(long capacityBytes) {
        long n = Math.max(SLOTS_PER_CHUNK, capacityBytes / PAGE_SIZE);
        this.slots = (int) Math.min(n, 1 << 20);
        this.chunks = new ByteBuffer[(slots + SLOTS_PER_CHUNK - 1) / SLOTS_PER_CHUNK];
        this.stamps = new AtomicIntegerArray(slots);
        this.owners = new Pages[slots];
        this.ownerPages = new int[slots];
        this.referenced = new byte[slots];
    }

    /** Bytes of page slots it may use. */
    public long capacity() {
        return (long) slots * PAGE_SIZE;
    }

    /** Bytes of page slots allocated so far. */
    public synchronized long bytes() {
        return (long) used * PAGE_SIZE;
    }

    /** Pages read from files (or memory) and checked so far. */
    public synchronized long reads() {
        return reads;
    }

    /** What a read of a slot saw: the slot and its stamp then (-1 when the page is not held). */
    int stamp(int slot) {
        return stamps.get(slot);
    }

    /** True when {@code slot} held {@code page} of {@code owner} throughout since {@code stamp} was read. */
    boolean stillHolds(int slot, int stamp, Pages owner, int page) {
        VarHandle.acquireFence();
        return stamps.get(slot) == stamp && (stamp & 1) == 0 && owners[slot] == owner && ownerPages[slot] == page;
    }

    void touch(int slot) {
        referenced[slot] = 1;
    }

    ByteBuffer chunk(int slot) {
        return chunks[slot / SLOTS_PER_CHUNK];
    }

    static int offset(int slot) {
        return (slot % SLOTS_PER_CHUNK) * PAGE_SIZE;
    }

    /**
     * Reads {@code length} bytes of {@code source} at {@code at} into a slot, checks them against
     * {@code crc}, and records the slot as holding {@code page} of {@code owner}. Only choosing and
     * publishing the slot hold the lock: the read and the checksum run outside it, so workers
     * missing pages at once read in parallel (a page two of them miss together is read twice).
     */
    void load(Pages owner, int page, PageSource source, long at, int length, int crc)
            throws DamagedSymCacheException {
        int slot;
        synchronized (this) {
            int held = owner.slotOf(page);
            if (held >= 0 && owners[held] == owner && ownerPages[held] == page && (stamps.get(held) & 1) == 0) {
                return; // another reader loaded it meanwhile
            }
            slot = victim();
            stamps.incrementAndGet(slot); // odd: being refilled, no reader trusts it, no loader picks it
            Pages previous = owners[slot];
            if (previous != null) {
                previous.forget(ownerPages[slot], slot);
            }
            owners[slot] = null;
            reads++;
        }
        ByteBuffer into = chunk(slot).duplicate().position(offset(slot)).limit(offset(slot) + length);
        String problem = null;
        try {
            source.read(at, into.slice());
            CRC32C check = new CRC32C();
            check.update(into);
            if ((int) check.getValue() != crc) {
                problem = "page " + page + " fails its checksum";
            }
        } catch (IOException e) {
            problem = "cannot read: " + e.getMessage();
        }
        synchronized (this) {
            if (problem == null) {
                owners[slot] = owner;
                ownerPages[slot] = page;
                referenced[slot] = 1;
            }
            stamps.incrementAndGet(slot); // even again: readable (or free)
        }
        if (problem != null) {
            throw new DamagedSymCacheException(source.origin() + ": damaged symbol cache (" + problem + ")");
        }
        owner.remember(page, slot);
    }

    /** A free slot while the budget allows, else the first one the clock hand finds unreferenced. */
    private int victim() {
        if (used < slots) {
            int slot = used++;
            if (chunks[slot / SLOTS_PER_CHUNK] == null) {
                chunks[slot / SLOTS_PER_CHUNK] = ByteBuffer.allocateDirect(SLOTS_PER_CHUNK * PAGE_SIZE)
                        .order(ByteOrder.LITTLE_ENDIAN);
            }
            return slot;
        }
        while (true) {
            int slot = hand;
            hand = (hand + 1) % slots;
            if ((stamps.get(slot) & 1) != 0) {
                continue; // being refilled by another reader
            }
            if (referenced[slot] == 0 || owners[slot] == null) {
                return slot;
            }
            referenced[slot] = 0;
        }
    }
}
