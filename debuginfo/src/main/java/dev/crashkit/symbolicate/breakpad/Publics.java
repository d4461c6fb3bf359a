package dev.crashkit.symbolicate.breakpad;

import dev.crashkit.symbolicate.bytes.SortedAddresses;

/**
 * The PUBLIC records of a symbol file in address order, one per address (Breakpad's
 * {@code AddressMap::Store} refuses a second; the first in the file is kept). Address 0 is never
 * stored: Breakpad accepts and ignores such records (seen in ntdll's PDB).
 */
final class Publics {
    final long[] address;
    final int[] name;

    private Publics(long[] address, int[] name) {
        this.address = address;
        this.name = name;
    }

    int size() {
        return address.length;
    }

    /** The last public at or below {@code a}, or -1. */
    int floor(long a) {
        return SortedAddresses.floor(address, a);
    }

    /** Collects PUBLIC records in file order. */
    static final class Builder {
        private final Growable.Longs address = new Growable.Longs();
        private final Growable.Ints name = new Growable.Ints();
        /** Records refused for repeating an address. */
        long repeated;

        void add(long a, int nameAt) {
            if (a == 0) {
                return;
            }
            address.add(a);
            name.add(nameAt);
        }

        Publics build() {
            int n = address.size;
            int[] order = null;
            for (int i = 1; i < n; i++) {
                if (Long.compareUnsigned(address.a[i], address.a[i - 1]) <= 0) {
                    order = Sorting.order(0, n, (x, y) -> Long.compareUnsigned(address.a[x], address.a[y]));
                    break;
                }
            }
            Growable.Longs a = new Growable.Longs();
            Growable.Ints nm = new Growable.Ints();
            for (int k = 0; k < n; k++) {
                int i = order == null ? k : order[k];
                if (a.size > 0 && a.a[a.size - 1] == address.a[i]) {
                    repeated++;
                    continue;
                }
                a.add(address.a[i]);
                nm.add(name.a[i]);
            }
            return new Publics(a.toArray(), nm.toArray());
        }
    }
}
