package dev.crashkit.core.unwind;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * arm64 register names as reports spell them ({@code x0}..{@code x30}, {@code fp}, {@code lr},
 * {@code sp}, {@code pc}), mapped to AArch64 DWARF register numbers: x0..x30 are 0..30 ({@code fp}
 * is x29, {@code lr} x30), SP 31, PC 32.
 */
public final class Arm64Registers {
    private static final Map<String, Integer> DWARF = table();

    private Arm64Registers() {
    }

    private static Map<String, Integer> table() {
        Map<String, Integer> m = new HashMap<>();
        for (int i = 0; i <= 30; i++) {
            m.put("x" + i, i);
        }
        m.put("fp", Registers.ARM64_FP);
        m.put("lr", Registers.ARM64_LR);
        m.put("sp", Registers.ARM64_SP);
        m.put("pc", Registers.ARM64_PC);
        return Map.copyOf(m);
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
     * @return its AArch64 DWARF number, empty when the name is not in the table
     */
    public static Optional<Integer> number(String name) {
        return Optional.ofNullable(DWARF.get(name));
    }
}
