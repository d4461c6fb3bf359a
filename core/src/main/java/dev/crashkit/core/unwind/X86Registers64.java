package dev.crashkit.core.unwind;

import java.util.Map;
import java.util.Optional;

/** x86-64 register names as reports spell them, mapped to DWARF register numbers. */
public final class X86Registers64 {
    private static final Map<String, Integer> DWARF = Map.ofEntries(
            Map.entry("rax", 0), Map.entry("rdx", 1), Map.entry("rcx", 2), Map.entry("rbx", 3),
            Map.entry("rsi", 4), Map.entry("rdi", 5), Map.entry("rbp", 6), Map.entry("rsp", 7),
            Map.entry("r8", 8), Map.entry("r9", 9), Map.entry("r10", 10), Map.entry("r11", 11),
            Map.entry("r12", 12), Map.entry("r13", 13), Map.entry("r14", 14), Map.entry("r15", 15),
            Map.entry("rip", 16));

    private X86Registers64() {
    }

    /**
     * The register set for named values; names that are not DWARF-numbered registers are ignored.
     *
     * @param values register values by report name
     * @return a new register set holding the named values under their DWARF numbers
     */
    public static Registers fromNames(Map<String, Long> values) {
        Registers r = new Registers();
        for (Map.Entry<String, Long> e : values.entrySet()) {
            Integer n = DWARF.get(e.getKey());
            if (n != null) {
                r.set(n, e.getValue());
            }
        }
        return r;
    }

    /**
     * DWARF number of a register name.
     *
     * @param name the register name as reports spell it
     * @return its x86-64 DWARF number, empty when the name is not in the table
     */
    public static Optional<Integer> number(String name) {
        return Optional.ofNullable(DWARF.get(name));
    }
}
