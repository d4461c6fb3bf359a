package dev.crashkit.symbolicate.symtab;

import dev.crashkit.core.ObjectFormatException;
import dev.crashkit.symbolicate.format.macho.MachOImage;
import dev.crashkit.symbolicate.format.macho.NlistEntries;
import dev.crashkit.symbolicate.format.macho.Section;
import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Builds the symbol index of a Mach-O image with Apple's rules: only symbols defined in a
 * section that holds code (no stabs, undefined, absolute or indirect entries, no data symbols: a
 * frame is never "in" a variable); a symbol covers addresses of its own section only, up to the
 * next symbol or the next function start; the one leading underscore of C-level names is removed.
 */
public final class MachOSymbolTables {
    private static final int RANK_EXTERNAL = 2;
    private static final int RANK_LOCAL = 1;

    private MachOSymbolTables() {
    }

    /**
     * @param functionStarts ascending link-time function starts to bound functions with; pass the
     *                       image's own LC_FUNCTION_STARTS or those of the matching binary when
     *                       {@code image} is a dSYM companion. Empty when unknown.
     */
    public static SymbolTable build(MachOImage image, long[] functionStarts) throws ObjectFormatException {
        NlistEntries nl = image.readSymbols();
        long[] bounds = functionStarts;
        if (bounds.length == 0) {
            bounds = stabFunctionEnds(nl);
        }
        // Section facts by ordinal (1-based) in flat arrays: this loop runs once per nlist entry.
        List<Section> sections = image.sections();
        int sectionCount = sections.size();
        long[] sectionAddr = new long[sectionCount + 1];
        long[] sectionSize = new long[sectionCount + 1];
        boolean[] sectionCode = new boolean[sectionCount + 1];
        for (Section s : sections) {
            sectionAddr[s.ordinal()] = s.addr();
            sectionSize[s.ordinal()] = s.size();
            sectionCode[s.ordinal()] = s.hasInstructions();
        }
        ByteBuffer strings = nl.strings();
        SymbolTableBuilder b = new SymbolTableBuilder(strings, nl.size());
        for (int i = 0; i < nl.size(); i++) {
            if (!nl.isDefinedInSection(i)) {
                continue;
            }
            int ordinal = nl.section(i);
            if (ordinal > sectionCount || !sectionCode[ordinal]) {
                continue;
            }
            long value = nl.value(i);
            long addr = sectionAddr[ordinal];
            // A symbol outside its own section (e.g. __mh_execute_header, which points at the
            // header but claims __text) must not cover anything.
            if (Long.compareUnsigned(value, addr) < 0
                    || Long.compareUnsigned(value - addr, sectionSize[ordinal]) >= 0) {
                continue;
            }
            int at = nl.nameOffset(i);
            if (at < 0 || strings.get(at) == 0 || isAssemblerTemporary(strings, at)) {
                continue;
            }
            // The leading underscore is dropped by starting the name one byte later.
            b.addAt(strings.get(at) == '_' ? at + 1 : at, value, addr + sectionSize[ordinal],
                    nl.isExternal(i) ? RANK_EXTERNAL : RANK_LOCAL);
        }
        return b.build(bounds);
    }

    /**
     * Function ends from N_FUN stab pairs (start entry with the name, end entry with the size),
     * present in unstripped binaries linked with a debug map. Returned as boundaries.
     */
    static long[] stabFunctionEnds(NlistEntries nl) {
        Map<Long, Long> ends = new HashMap<>();
        long pendingStart = -1;
        boolean pending = false;
        for (int i = 0; i < nl.size(); i++) {
            if ((nl.type(i) & 0xff) != NlistEntries.N_FUN) {
                continue;
            }
            if (!nl.nameIsEmpty(i)) {
                pendingStart = nl.value(i);
                pending = true;
            } else if (pending) {
                ends.put(pendingStart, pendingStart + nl.value(i));
                pending = false;
            }
        }
        return ends.values().stream().mapToLong(Long::longValue).sorted().toArray();
    }

    /** True when the name at {@code at} starts with {@code ltmp} (see {@link #isAssemblerTemporary(String)}). */
    private static boolean isAssemblerTemporary(ByteBuffer strings, int at) {
        return at + 4 <= strings.capacity() && strings.get(at) == 'l' && strings.get(at + 1) == 't'
                && strings.get(at + 2) == 'm' && strings.get(at + 3) == 'p';
    }

    /** {@code ltmp0}-style labels lld leaves for section starts; they name no function. */
    static boolean isAssemblerTemporary(String name) {
        return name.startsWith("ltmp");
    }

    /** Removes the one leading underscore Mach-O adds to C-level names. */
    public static String stripUnderscore(String name) {
        return name.startsWith("_") ? name.substring(1) : name;
    }
}
