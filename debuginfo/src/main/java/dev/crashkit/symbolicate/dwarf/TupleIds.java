package dev.crashkit.symbolicate.dwarf;

import java.util.Arrays;

/**
 * Dense ids for distinct tuples of ints, in first-seen order: the deduplicating tables of the
 * flattener without a boxed key per lookup (an open-addressing table over the tuples' own array).
 */
final class TupleIds {
    private final int arity;
    private int[] tuples;
    private int size;
    private int[] table;

    TupleIds(int arity, int expected) {
        this.arity = arity;
        this.tuples = new int[Math.max(4, expected) * arity];
        this.table = new int[Integer.highestOneBit(Math.max(4, expected) * 2) * 2];
        Arrays.fill(table, -1);
    }

    /** Empties this table for reuse, keeping its arrays. */
    TupleIds reset() {
        if (size > 0) {
            Arrays.fill(table, -1);
            size = 0;
        }
        return this;
    }

    /** A frozen copy of the tuples so far (this table stays usable). */
    TupleIds frozenCopy() {
        TupleIds copy = new TupleIds(arity, Arrays.copyOf(tuples, size * arity), size);
        return copy;
    }

    private TupleIds(int arity, int[] tuples, int size) {
        this.arity = arity;
        this.tuples = tuples;
        this.size = size;
    }

    /** Drops the lookup table and spare room once no more tuples come: only {@link #get} is used after. */
    TupleIds freeze() {
        table = null;
        tuples = Arrays.copyOf(tuples, size * arity);
        return this;
    }

    int size() {
        return size;
    }

    /** Field {@code k} of tuple {@code id}. */
    int get(int id, int k) {
        return tuples[id * arity + k];
    }

    /** The id of the tuple in {@code t[0..arity)}, a new one when it was not seen before. */
    int id(int[] t) {
        int h = 0;
        for (int k = 0; k < arity; k++) {
            h = (h + t[k]) * 0x9E3779B1;
        }
        int mask = table.length - 1;
        for (int slot = (h ^ h >>> 16) & mask; ; slot = (slot + 1) & mask) {
            int id = table[slot];
            if (id < 0) {
                if ((size + 1) * arity > tuples.length) {
                    tuples = Arrays.copyOf(tuples, tuples.length * 2);
                }
                System.arraycopy(t, 0, tuples, size * arity, arity);
                int fresh = size++;
                table[slot] = fresh;
                if (size * 2 > table.length) {
                    rehash();
                }
                return fresh;
            }
            if (equal(id, t)) {
                return id;
            }
        }
    }

    private boolean equal(int id, int[] t) {
        int base = id * arity;
        for (int k = 0; k < arity; k++) {
            if (tuples[base + k] != t[k]) {
                return false;
            }
        }
        return true;
    }

    private void rehash() {
        table = new int[table.length * 2];
        Arrays.fill(table, -1);
        int mask = table.length - 1;
        for (int id = 0; id < size; id++) {
            int h = 0;
            for (int k = 0; k < arity; k++) {
                h = (h + tuples[id * arity + k]) * 0x9E3779B1;
            }
            int slot = (h ^ h >>> 16) & mask;
            while (table[slot] >= 0) {
                slot = (slot + 1) & mask;
            }
            table[slot] = id;
        }
    }
}
