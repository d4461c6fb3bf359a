package dev.crashkit.symbolicate.format.macho;

import dev.crashkit.symbolicate.format.FunctionSymbols;
import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Apple's rules for which nlist entries name functions: only symbols defined in a section that
 * holds code (no stabs, undefined, absolute or indirect entries, no data symbols: a frame is never
 * "in" a variable); a symbol covers addresses of its own section only; the one leading underscore
 * of C-level names is removed; external symbols win over local ones at the same address.
 */
final class MachOFunctionSymbols implements FunctionSymbols {
    private static final int RANK_EXTERNAL = 2;
    private static final int RANK_LOCAL = 1;

    private final MachOImage image;
    private final NlistEntries nl;

    MachOFunctionSymbols(MachOImage image, NlistEntries nl) {
        this.image = image;
        this.nl = nl;
    }

    @Override
    public Optional<ByteBuffer> nameTable() {
        return Optional.of(nl.strings());
    }

    @Override
    public int sizeHint() {
        return nl.size();
    }

    @Override
    public void forEach(Visitor visitor) {
        // Section facts by ordinal (1-based) in flat arrays: this loop runs once per nlist entry.
        List<Section> sections = image.machOSections();
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
            visitor.atOffset(strings.get(at) == '_' ? at + 1 : at, value, addr + sectionSize[ordinal],
                    nl.isExternal(i) ? RANK_EXTERNAL : RANK_LOCAL);
        }
    }

    /**
     * Function ends from N_FUN stab pairs (start entry with the name, end entry with the size),
     * present in unstripped binaries linked with a debug map.
     */
    @Override
    public long[] fallbackBoundaries() {
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

    /** {@code ltmp0}-style labels lld leaves for section starts; they name no function. */
    private static boolean isAssemblerTemporary(ByteBuffer strings, int at) {
        return at + 4 <= strings.capacity() && strings.get(at) == 'l' && strings.get(at + 1) == 't'
                && strings.get(at + 2) == 'm' && strings.get(at + 3) == 'p';
    }
}
