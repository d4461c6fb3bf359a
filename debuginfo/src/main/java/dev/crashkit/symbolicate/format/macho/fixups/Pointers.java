package dev.crashkit.symbolicate.format.macho.fixups;

import dev.crashkit.symbolicate.format.macho.layout.MalformedImageException;
import dev.crashkit.symbolicate.format.macho.layout.VmMemory;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * What each pointer slot of an image holds once dyld has run: a link-time address (rebases), a
 * symbol of another image (binds), or the raw word for slots without a fixup. Slots are kept in
 * sorted primitive arrays: an image can have hundreds of thousands of fixups.
 */
public final class Pointers {
    private static final int NOT_BOUND = -1;

    private final VmMemory memory;
    private final long[] slots;
    private final long[] targets;
    private final int[] bindImport;
    private final List<String> importNames;
    private final boolean chained;

    /**
     * @param slots       ascending slot addresses that carry a fixup
     * @param targets     link-time target per slot (ignored for binds)
     * @param bindImport  import index per slot, or -1 for a rebase
     * @param importNames symbol names by import index
     * @param chained     true when the raw words are chained-fixup encodings (so a slot without a
     *                    fixup holds no pointer), false when rebased slots already hold addresses
     */
    Pointers(VmMemory memory, long[] slots, long[] targets, int[] bindImport, List<String> importNames, boolean chained) {
        this.memory = memory;
        this.slots = slots;
        this.targets = targets;
        this.bindImport = bindImport;
        this.importNames = List.copyOf(importNames);
        this.chained = chained;
    }

    /** Slots read as they are (an image without fixup information, or a test). */
    public static Pointers raw(VmMemory memory) {
        return new Pointers(memory, new long[0], new long[0], new int[0], List.of(), false);
    }

    /**
     * The link-time address the pointer in {@code slot} points at; 0 for a null pointer and for
     * a slot bound to another image (see {@link #boundSymbol}).
     *
     * @throws MalformedImageException when the slot is not in the file
     */
    public long read(long slot) throws MalformedImageException {
        return resolve(slot, memory.u64(slot));
    }

    /**
     * Like {@link #read} for a slot whose raw word {@code raw} was already read (as part of a
     * structure parsed in one go).
     */
    public long resolve(long slot, long raw) {
        int i = Arrays.binarySearch(slots, slot);
        if (i >= 0) {
            return bindImport[i] == NOT_BOUND ? targets[i] : 0;
        }
        // In a chained image every pointer dyld fixes up is in a chain: any other non-zero word is
        // not an address of this image (and must not be followed as one).
        return chained ? 0 : raw;
    }

    /** The symbol {@code slot} is bound to (e.g. {@code _OBJC_CLASS_$_NSObject}), if it is a bind. */
    public Optional<String> boundSymbol(long slot) {
        int i = Arrays.binarySearch(slots, slot);
        if (i < 0 || bindImport[i] == NOT_BOUND || bindImport[i] >= importNames.size()) {
            return Optional.empty();
        }
        return Optional.of(importNames.get(bindImport[i]));
    }

    /** Number of slots with a fixup. */
    public int size() {
        return slots.length;
    }

    /** Slot {@code i} in ascending order (for tests and tools). */
    public long slot(int i) {
        return slots[i];
    }

    /** Whether slot {@code i} is a bind. */
    public boolean isBind(int i) {
        return bindImport[i] != NOT_BOUND;
    }

    /** Target of slot {@code i} (a rebase). */
    public long target(int i) {
        return targets[i];
    }

    /** Collects fixups in any order and sorts them once. */
    static final class Builder {
        /** Far above real images (a large app has a few hundred thousand); bounds hostile overlapping chains. */
        static final int MAX_FIXUPS = 16_000_000;
        private long[] slots = new long[64];
        private long[] targets = new long[64];
        private int[] binds = new int[64];
        private final java.nio.file.Path file;
        private int n;

        Builder(java.nio.file.Path file) {
            this.file = file;
        }

        void rebase(long slot, long target) throws MalformedImageException {
            add(slot, target, NOT_BOUND);
        }

        void bind(long slot, int importIndex) throws MalformedImageException {
            add(slot, 0, importIndex);
        }

        int size() {
            return n;
        }

        private void add(long slot, long target, int bind) throws MalformedImageException {
            if (n >= MAX_FIXUPS) {
                throw new MalformedImageException(file + ": more than " + MAX_FIXUPS + " fixups; the rest are not read");
            }
            if (n == slots.length) {
                slots = Arrays.copyOf(slots, n * 2);
                targets = Arrays.copyOf(targets, n * 2);
                binds = Arrays.copyOf(binds, n * 2);
            }
            slots[n] = slot;
            targets[n] = target;
            binds[n] = bind;
            n++;
        }

        Pointers build(VmMemory memory, List<String> importNames, boolean chained) {
            boolean sorted = true;
            for (int i = 1; i < n && sorted; i++) {
                sorted = slots[i - 1] < slots[i];
            }
            long[] s = Arrays.copyOf(slots, n);
            long[] t = Arrays.copyOf(targets, n);
            int[] b = Arrays.copyOf(binds, n);
            if (!sorted) {
                // Chains come out sorted per segment; a file whose segments are out of order (or a
                // hostile one with overlapping chains) is sorted here, keeping the first of duplicates.
                Integer[] order = new Integer[n];
                for (int i = 0; i < n; i++) {
                    order[i] = i;
                }
                Arrays.sort(order, (x, y) -> Long.compare(slots[x], slots[y]));
                int m = 0;
                for (int k = 0; k < n; k++) {
                    int i = order[k];
                    if (m > 0 && s[m - 1] == slots[i]) {
                        continue;
                    }
                    s[m] = slots[i];
                    t[m] = targets[i];
                    b[m] = binds[i];
                    m++;
                }
                s = Arrays.copyOf(s, m);
                t = Arrays.copyOf(t, m);
                b = Arrays.copyOf(b, m);
            }
            return new Pointers(memory, s, t, b, importNames, chained);
        }
    }
}
