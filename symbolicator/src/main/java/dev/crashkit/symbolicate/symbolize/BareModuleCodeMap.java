package dev.crashkit.symbolicate.symbolize;

import dev.crashkit.core.model.Image;
import dev.crashkit.core.unwind.CodeMap;
import dev.crashkit.core.unwind.FdeIndex;
import dev.crashkit.core.unwind.Memory;
import dev.crashkit.core.unwind.Registers;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Optional;
import java.util.TreeMap;

/**
 * A code map extended by the report's modules of which nothing is known but their range: neither a
 * binary nor a Breakpad symbol file was found. Breakpad's stack scan
 * ({@code Stackwalker::InstructionAddressSeemsValid}) accepts a word whose call ({@code word - 1})
 * lies in any loaded module for which no symbols could be loaded, and its frame-pointer step takes
 * any return address; so does this map: an address in such a module is executable, and a return
 * address there counts as following a call (there are no code bytes to check it against). Such a
 * module has no CFI, so its callers are found by frame records or scanning.
 */
final class BareModuleCodeMap implements CodeMap {
    /** A module's range: {@code [base, base + size)}. */
    record Range(long base, long size) {
        boolean contains(long address) {
            return Long.compareUnsigned(address, base) >= 0 && Long.compareUnsigned(address - base, size) < 0;
        }
    }

    private final CodeMap known;
    /** By load address: a scan asks of every stack word, so one floor lookup, not a walk of the modules. */
    private final NavigableMap<Long, Range> byBase = new TreeMap<>(Long::compareUnsigned);

    /**
     * @param known  the modules whose code or symbols are known; they answer first
     * @param images the report's images with neither (those without a size claim no addresses)
     */
    BareModuleCodeMap(CodeMap known, List<Image> images) {
        this.known = known;
        for (Image img : images) {
            if (img.size().isPresent() && img.size().getAsLong() != 0) {
                Range r = new Range(img.loadAddress(), img.size().getAsLong());
                // Of two modules at one address keep the larger, as a lookup of either's addresses then finds one.
                byBase.merge(r.base(), r, (a, b) -> Long.compareUnsigned(a.size(), b.size()) >= 0 ? a : b);
            }
        }
    }

    /** True when there is a bare module to add. */
    boolean isEmpty() {
        return byBase.isEmpty();
    }

    private boolean inBareModule(long address) {
        Map.Entry<Long, Range> e = byBase.floorEntry(address);
        return e != null && e.getValue().contains(address);
    }

    @Override
    public boolean isExecutable(long address) {
        return known.isExecutable(address) || inBareModule(address);
    }

    @Override
    public boolean isImageCode(long address) {
        return known.isImageCode(address) || inBareModule(address - 1);
    }

    @Override
    public Optional<FdeIndex> cfiFor(long pc) {
        return known.cfiFor(pc);
    }

    @Override
    public Optional<RuleCaller> callerByRules(long lookup, Registers callee, Memory memory) {
        return known.callerByRules(lookup, callee, memory);
    }

    @Override
    public boolean inFunctionWithoutCode(long address) {
        return known.inFunctionWithoutCode(address) || inBareModule(address - 1);
    }
}
