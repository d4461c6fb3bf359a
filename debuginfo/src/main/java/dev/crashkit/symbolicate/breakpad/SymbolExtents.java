package dev.crashkit.symbolicate.breakpad;

/**
 * Where each FUNC and PUBLIC answers, by Breakpad's rule ({@code LookupAddress}): a FUNC over its
 * own range; a PUBLIC from its address up to the next PUBLIC or FUNC start (the last one to the
 * end of the address space: Breakpad bounds it by the module only), except inside FUNCs. A PUBLIC
 * inside a FUNC answers only past that FUNC's end; those stretches are kept apart ({@code tail*}),
 * because a symbol table entry's start is also the function start offsets are counted from.
 */
final class SymbolExtents {
    long[] start;
    long[] end;
    int[] name;
    long[] tailStart;
    long[] tailEnd;
    int[] tailPublic;

    static SymbolExtents of(Functions functions, Publics publics) {
        Growable.Longs s = new Growable.Longs();
        Growable.Longs e = new Growable.Longs();
        Growable.Ints nm = new Growable.Ints();
        Growable.Longs ts = new Growable.Longs();
        Growable.Longs te = new Growable.Longs();
        Growable.Ints tp = new Growable.Ints();
        int nf = functions.size();
        int np = publics.size();
        int f = 0;
        int p = 0;
        while (f < nf || p < np) {
            boolean takeFunction = p == np
                    || f < nf && Long.compareUnsigned(functions.start[f], publics.address[p]) <= 0;
            if (takeFunction) {
                s.add(functions.start[f]);
                e.add(functions.end[f]);
                nm.add(functions.name[f]);
                f++;
                continue;
            }
            long a = publics.address[p];
            long bound = -1L; // 2^64 - 1: unbounded
            if (p + 1 < np) {
                bound = publics.address[p + 1];
            }
            if (f < nf && Long.compareUnsigned(functions.start[f], bound) < 0) {
                bound = functions.start[f];
            }
            int inside = f - 1; // the last FUNC starting at or below a
            if (inside >= 0 && Long.compareUnsigned(a, functions.end[inside]) < 0) {
                // Inside a FUNC (and not at its start: FUNCs sort first on a tie, and a PUBLIC at a FUNC's
                // start never answers, Breakpad wanting public_address > function_base).
                if (functions.start[inside] != a && Long.compareUnsigned(functions.end[inside], bound) < 0) {
                    ts.add(functions.end[inside]);
                    te.add(bound);
                    tp.add(p);
                }
            } else if (inside < 0 || functions.start[inside] != a) {
                s.add(a);
                e.add(bound);
                nm.add(publics.name[p]);
            }
            p++;
        }
        SymbolExtents x = new SymbolExtents();
        x.start = s.toArray();
        x.end = e.toArray();
        x.name = nm.toArray();
        x.tailStart = ts.toArray();
        x.tailEnd = te.toArray();
        x.tailPublic = tp.toArray();
        return x;
    }
}
