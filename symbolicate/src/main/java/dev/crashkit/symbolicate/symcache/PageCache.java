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
    /** Slots and what they hold, a chunk allocated when first needed (a large budget costs nothing until used). */
    private final Chunk[] chunks;
    private int used;
    private int hand;
    private long reads;

    /** A cache of at most {@code capacityBytes} of pages (at least one chunk of slots). */
    public PageCache(long capacityBytes) {
        long n = Math.max(SLOTS_PER_CHUNK, capacityBytes / PAGE_SIZE);
        this.slots = (int) Math.min(n, 1 << 20);
        this.chunks = new Chunk[(slots + SLOTS_PER_CHUNK - 1) / SLOTS_PER_CHUNK];
    }

    /** One megabyte of slots with their stamps and owners. */
    private static final class Chunk {
        final ByteBuffer bytes = ByteBuffer.allocateDirect(SLOTS_PER_CHUNK * PAGE_SIZE).order(ByteOrder.LITTLE_ENDIAN);
        final AtomicIntegerArray stamps = new AtomicIntegerArray(SLOTS_PER_CHUNK);
        final Pages[] owners = new Pages[SLOTS_PER_CHUNK];
        final int[] ownerPages = new int[SLOTS_PER_CHUNK];
        final byte[] referenced = new byte[SLOTS_PER_CHUNK];
    }

    private Chunk at(int slot) {
        return chunks[slot / SLOTS_PER_CHUNK];
    }

    private static int index(int slot) {
        return slot % SLOTS_PER_CHUNK;
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
        return at(slot).stamps.get(index(slot));
    }

    /** True when {@code slot} held {@code page} of {@code owner} throughout since {@code stamp} was read. */
    boolean stillHolds(int slot, int stamp, Pages owner, int page) {
        VarHandle.acquireFence();
        Chunk c = at(slot);
        int i = index(slot);
        return c.stamps.get(i) == stamp && (stamp & 1) == 0 && c.owners[i] == owner && c.ownerPages[i] == page;
    }

    void touch(int slot) {
        at(slot).referenced[index(slot)] = 1;
    }

    ByteBuffer chunk(int slot) {
        return at(slot).bytes;
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
            if (held >= 0) {
                Chunk h = at(held);
                int i = index(held);
                if (h.owners[i] == owner && h.ownerPages[i] == page && (h.stamps.get(i) & 1) == 0) {
                    return; // another reader loaded it meanwhile
                }
            }
            slot = victim();
            Chunk c = at(slot);
            int i = index(slot);
            c.stamps.incrementAndGet(i); // odd: being refilled, no reader trusts it, no loader picks it
            Pages previous = c.owners[i];
            if (previous != null) {
                previous.forget(c.ownerPages[i], slot);
            }
            c.owners[i] = null;
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
            Chunk c = at(slot);
            int i = index(slot);
            if (problem == null) {
                c.owners[i] = owner;
                c.ownerPages[i] = page;
                c.referenced[i] = 1;
            }
            c.stamps.incrementAndGet(i); // even again: readable (or free)
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
                chunks[slot / SLOTS_PER_CHUNK] = new Chunk();
            }
            return slot;
        }
        while (true) {
            int slot = hand;
            hand = (hand + 1) % slots;
            Chunk c = at(slot);
            int i = index(slot);
            if ((c.stamps.get(i) & 1) != 0) {
                continue; // being refilled by another reader
            }
            if (c.referenced[i] == 0 || c.owners[i] == null) {
                return slot;
            }
            c.referenced[i] = 0;
        }
    }
}
