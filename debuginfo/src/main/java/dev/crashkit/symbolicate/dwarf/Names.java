package dev.crashkit.symbolicate.dwarf;

import java.util.HashSet;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

/**
 * Attribute lookup that follows DW_AT_abstract_origin and DW_AT_specification (also across units
 * through DW_FORM_ref_addr), in the order llvm's DWARFDie::findRecursively uses: depth first,
 * the specification before the abstract origin, each entry visited once.
 */
final class Names {
    private Names() {
    }

    private static final int[] LINKAGE = {Dw.AT_MIPS_LINKAGE_NAME, Dw.AT_LINKAGE_NAME};
    private static final int[] NAME = {Dw.AT_NAME};
    private static final int[] DECL_LINE = {Dw.AT_DECL_LINE};

    static Optional<String> linkageName(Die d) throws DwarfException {
        return of(d).linkageName();
    }

    static Optional<String> name(Die d) throws DwarfException {
        return of(d).name();
    }

    static long declLine(Die d) throws DwarfException {
        return of(d).declLine();
    }

    /** The linkage name, name and declaration line of an entry, as the three calls above give them. */
    record Identity(Optional<String> linkageName, Optional<String> name, long declLine) {
    }

    /**
     * {@link #linkageName}, {@link #name} and {@link #declLine} in one walk: the entries the walk
     * visits do not depend on what it looks for, only where it stops, so walking until all three
     * are found (or nothing is left) gives each the entry its own walk would stop at, and decodes
     * a chain of origins once instead of three times.
     */
    static Identity of(Die start) throws DwarfException {
        Die[] found = new Die[3];
        int[] index = new int[3];
        int missing = 3;
        Die[] work = new Die[4];
        int top = 0;
        Visited seen = new Visited();
        work[top++] = start;
        seen.add(start.offset());
        DwarfException failure = null;
        try {
            while (top > 0 && missing > 0) {
                Die d = work[--top];
                for (int k = 0; k < 3; k++) {
                    if (found[k] == null) {
                        for (int attr : WANTED[k]) {
                            int i = d.find(attr);
                            if (i >= 0) {
                                found[k] = d;
                                index[k] = i;
                                missing--;
                                break;
                            }
                        }
                    }
                }
                for (int ref : REFERENCES) {
                    int i = d.find(ref);
                    if (i < 0) {
                        continue;
                    }
                    long target = d.unit().reference(d, i);
                    if (target < 0 || !seen.add((int) target)) {
                        continue;
                    }
                    Die next = d.unit().data().dieAt(target);
                    if (next != null && !next.isNull()) {
                        if (top == work.length) {
                            work = java.util.Arrays.copyOf(work, top * 2);
                        }
                        work[top++] = next;
                    }
                }
            }
        } catch (DwarfException e) {
            failure = e; // met by each of the three its own walk would not have stopped before
        }
        // In the order of three separate calls: each fails where its own walk would have.
        Optional<String> linkage = found[0] != null ? found[0].unit().string(found[0], index[0]) : none(failure);
        Optional<String> name = found[1] != null ? found[1].unit().string(found[1], index[1]) : none(failure);
        if (found[2] == null && failure != null) {
            throw failure;
        }
        long decl = found[2] == null || !FormReader.isConstantForm(found[2].forms()[index[2]]) ? 0
                : found[2].values()[index[2]];
        return new Identity(linkage, name, decl);
    }

    private static Optional<String> none(DwarfException failure) throws DwarfException {
        if (failure != null) {
            throw failure;
        }
        return Optional.empty();
    }

    private static final int[][] WANTED = {LINKAGE, NAME, DECL_LINE};
    private static final int[] REFERENCES = {Dw.AT_ABSTRACT_ORIGIN, Dw.AT_SPECIFICATION};

    /**
     * Offsets a walk has visited: a few in an array (chains of origins are short), a hash set past
     * that so a forged chain through many entries stays linear.
     */
    private static final class Visited {
        private final int[] few = new int[8];
        private int count;
        private Set<Integer> many;

        boolean add(int offset) {
            for (int i = 0; i < count; i++) {
                if (few[i] == offset) {
                    return false;
                }
            }
            if (many != null) {
                return many.add(offset);
            }
            if (count < few.length) {
                few[count++] = offset;
                return true;
            }
            many = new HashSet<>();
            return many.add(offset);
        }
    }

    static OptionalLong lowPc(Die d) throws DwarfException {
        int i = d.find(Dw.AT_LOW_PC);
        return i >= 0 && FormReader.isAddressForm(d.forms()[i]) ? OptionalLong.of(d.unit().address(d, i))
                : OptionalLong.empty();
    }

    /**
     * The entry {@link #linkageName}, {@link #name} and {@link #declLine} of {@code d} are taken
     * from when {@code d} has none of those attributes and refers to exactly one other entry (as
     * every inlined subroutine does): its .debug_info offset, else -1. For such a {@code d} each of
     * the three equals the same call on {@code dieAt(origin)} (empty/0 when there is no entry
     * there): {@code d} itself holds nothing to find and leads nowhere else, so callers may share
     * one answer per origin.
     */
    static long soleOrigin(Die d) {
        for (int[] attrs : WANTED) {
            for (int a : attrs) {
                if (d.find(a) >= 0) {
                    return -1;
                }
            }
        }
        int origin = d.find(Dw.AT_ABSTRACT_ORIGIN);
        int spec = d.find(Dw.AT_SPECIFICATION);
        if ((origin >= 0) == (spec >= 0)) {
            return -1;
        }
        long target = d.unit().reference(d, origin >= 0 ? origin : spec);
        return target < 0 || (int) target == d.offset() ? -1 : target;
    }
}
