package dev.crashkit.symbolicate.symbolize;

import dev.crashkit.core.model.Image;
import dev.crashkit.core.unwind.CodeMap;
import dev.crashkit.core.unwind.FdeIndex;
import dev.crashkit.core.unwind.Memory;
import dev.crashkit.core.unwind.Registers;
import dev.crashkit.symbolicate.breakpad.BreakpadSymbols;
import java.util.List;
import java.util.Optional;

/**
 * A code map of binaries extended by modules known only from a Breakpad symbol file: their range
 * from the report, their functions and STACK CFI from the {@code .sym}. Such a module has no code
 * bytes. Any address in it is executable, which a CFI step's return address must be (a call that
 * ends a function returns just past the function's FUNC record); a scanned word must also follow a
 * call that lies in one of its FUNC or PUBLIC records, all that Breakpad asks of a scanned return
 * address ({@code ScanForReturnAddress}). A caller comes from the STACK CFI rules in force at the PC.
 */
final class SymbolFileCodeMap implements CodeMap {
    /**
     * One module without a binary.
     *
     * @param image   its image in the report
     * @param base    its load address: .sym addresses are relative to it
     * @param size    its size in the report
     * @param symbols its symbol file
     */
    record Module(Image image, long base, long size, BreakpadSymbols symbols) {
        boolean contains(long address) {
            return Long.compareUnsigned(address, base) >= 0 && Long.compareUnsigned(address - base, size) < 0;
        }
    }

    private final CodeMap binaries;
    /** By load address: a scan asks of every stack word, so one floor lookup, not a walk of the modules. */
    private final java.util.NavigableMap<Long, Module> byBase = new java.util.TreeMap<>(Long::compareUnsigned);
    private final BreakpadRegisterNames names;

    SymbolFileCodeMap(CodeMap binaries, List<Module> modules, BreakpadRegisterNames names) {
        this.binaries = binaries;
        for (Module m : modules) {
            byBase.putIfAbsent(m.base(), m);
        }
        this.names = names;
    }

    private Optional<Module> at(long address) {
        java.util.Map.Entry<Long, Module> e = byBase.floorEntry(address);
        return e != null && e.getValue().contains(address) ? Optional.of(e.getValue()) : Optional.empty();
    }

    /**
     * The call before return address {@code ra} lies in a module and one of its functions: Breakpad's
     * {@code ScanForReturnAddress} tests {@code ip - 1}, since a call that ends a function returns
     * past the function's last byte.
     */
    private boolean callInFunction(long ra) {
        long call = ra - 1;
        return at(call).filter(m -> m.symbols().answersAt(call - m.base())).isPresent();
    }

    @Override
    public boolean isExecutable(long address) {
        return binaries.isExecutable(address) || at(address).isPresent();
    }

    @Override
    public boolean isImageCode(long address) {
        return binaries.isImageCode(address) || callInFunction(address);
    }

    @Override
    public Optional<FdeIndex> cfiFor(long pc) {
        return binaries.cfiFor(pc);
    }

    @Override
    public Optional<RuleCaller> callerByRules(long lookup, Registers callee, Memory memory) {
        Optional<Module> m = at(lookup);
        if (m.isEmpty()) {
            return binaries.callerByRules(lookup, callee, memory);
        }
        return m.get().symbols().cfiRulesAt(lookup - m.get().base())
                .flatMap(rules -> rules.callerValues(names.variables(callee), memory))
                .flatMap(values -> names.caller(callee, values));
    }

    @Override
    public boolean inFunctionWithoutCode(long address) {
        return callInFunction(address);
    }
}
