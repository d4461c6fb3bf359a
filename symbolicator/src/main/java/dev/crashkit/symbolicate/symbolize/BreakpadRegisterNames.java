package dev.crashkit.symbolicate.symbolize;

import dev.crashkit.core.model.Arch;
import dev.crashkit.core.unwind.CodeMap;
import dev.crashkit.core.unwind.Registers;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The names a Breakpad symbol file's STACK CFI rules give the registers of one CPU, and the
 * callee-saves among them, as Breakpad's stack walkers map them ({@code stackwalker_amd64.cc}'s
 * register map, {@code stackwalker_arm64.cc}'s {@code register_names}); by DWARF number, as the core
 * unwinder holds registers. A caller gets the registers the rules recover, and a callee-saves
 * register the rules do not mention keeps the callee's value; every other register is unknown.
 */
final class BreakpadRegisterNames {
    private static final String[] X86_64 = {"$rax", "$rdx", "$rcx", "$rbx", "$rsi", "$rdi", "$rbp", "$rsp",
            "$r8", "$r9", "$r10", "$r11", "$r12", "$r13", "$r14", "$r15", "$rip"};
    private static final String[] ARM64 = new String[33];

    static {
        for (int i = 0; i <= 30; i++) {
            ARM64[i] = "x" + i;
        }
        ARM64[31] = "sp";
        ARM64[32] = "pc";
    }

    private final String[] names;
    private final long calleeSaves;
    private final int sp;
    private final int pc;

    private BreakpadRegisterNames(String[] names, long calleeSaves, int sp, int pc) {
        this.names = names;
        this.calleeSaves = calleeSaves;
        this.sp = sp;
        this.pc = pc;
    }

    /** The names for {@code arch}; empty for a CPU the core unwinder does not walk. */
    static Optional<BreakpadRegisterNames> forArch(Arch arch) {
        if (!(arch instanceof Arch.Known known)) {
            return Optional.empty();
        }
        return switch (known) {
            // rbx, rbp, r12-r15 (System V); x19-x29 (AAPCS64).
            case X86_64, X86_64H -> Optional.of(new BreakpadRegisterNames(X86_64,
                    1L << 3 | 1L << 6 | 0xfL << 12, Registers.X86_64_RSP, Registers.X86_64_RA));
            case ARM64, ARM64V8, ARM64E -> Optional.of(new BreakpadRegisterNames(ARM64,
                    0x7ffL << 19, Registers.ARM64_SP, Registers.ARM64_PC));
            default -> Optional.empty();
        };
    }

    /** The callee's known registers by name, the rules' variables. */
    Map<String, Long> variables(Registers regs) {
        Map<String, Long> out = new HashMap<>();
        for (int i = 0; i < names.length; i++) {
            int r = i;
            regs.get(i).ifPresent(v -> out.put(names[r], v));
        }
        return out;
    }

    /**
     * The caller from the rules' values: a register by its own name first; SP from {@code .cfa} and
     * the PC from {@code .ra} unless the rules name them (Breakpad's alternate names).
     */
    Optional<CodeMap.RuleCaller> caller(Registers callee, Map<String, Long> values) {
        Registers caller = new Registers();
        for (int i = 0; i < names.length; i++) {
            Long v = values.get(names[i]);
            if (v != null) {
                caller.set(i, v);
            } else if ((calleeSaves & (1L << i)) != 0 && callee.get(i).isPresent()) {
                caller.set(i, callee.get(i).getAsLong());
            }
        }
        Long cfa = values.containsKey(names[sp]) ? values.get(names[sp]) : values.get(".cfa");
        Long ra = values.containsKey(names[pc]) ? values.get(names[pc]) : values.get(".ra");
        if (cfa == null || ra == null) {
            return Optional.empty();
        }
        return Optional.of(new CodeMap.RuleCaller(caller, cfa, ra));
    }
}
