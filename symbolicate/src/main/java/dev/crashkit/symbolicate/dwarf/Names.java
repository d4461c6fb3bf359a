package dev.crashkit.symbolicate.dwarf;

import java.util.ArrayDeque;
import java.util.Deque;
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
        Found f = findRecursively(d, LINKAGE);
        return f == null ? Optional.empty() : f.die.unit().string(f.die, f.index);
    }

    static Optional<String> name(Die d) throws DwarfException {
        Found f = findRecursively(d, NAME);
        return f == null ? Optional.empty() : f.die.unit().string(f.die, f.index);
    }

    static long declLine(Die d) throws DwarfException {
        Found f = findRecursively(d, DECL_LINE);
        return f == null || !FormReader.isConstantForm(f.die.forms()[f.index]) ? 0 : f.die.values()[f.index];
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
        for (int[] attrs : new int[][] {LINKAGE, NAME, DECL_LINE}) {
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

    private record Found(Die die, int index) {
    }

    private static Found findRecursively(Die start, int[] attrs) throws DwarfException {
        Deque<Die> work = new ArrayDeque<>();
        Set<Integer> seen = new HashSet<>();
        work.push(start);
        seen.add(start.offset());
        while (!work.isEmpty()) {
            Die d = work.pop();
            for (int attr : attrs) {
                int i = d.find(attr);
                if (i >= 0) {
                    return new Found(d, i);
                }
            }
            for (int ref : new int[] {Dw.AT_ABSTRACT_ORIGIN, Dw.AT_SPECIFICATION}) {
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
                    work.push(next);
                }
            }
        }
        return null;
    }
}
