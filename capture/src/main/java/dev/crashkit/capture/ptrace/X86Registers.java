package dev.crashkit.capture.ptrace;

import dev.crashkit.core.unwind.Registers;
import dev.crashkit.core.unwind.X86Registers64;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Reads x86-64 {@code user_regs_struct} (as PTRACE_GETREGS fills it) by name. The names' DWARF
 * numbers come from core's one register table, {@link X86Registers64}.
 */
final class X86Registers {
    /** Name and offset in user_regs_struct. */
    private static final Object[][] LAYOUT = {
        {"r15", 0}, {"r14", 8}, {"r13", 16}, {"r12", 24}, {"rbp", 32}, {"rbx", 40},
        {"r11", 48}, {"r10", 56}, {"r9", 64}, {"r8", 72}, {"rax", 80}, {"rcx", 88},
        {"rdx", 96}, {"rsi", 104}, {"rdi", 112}, {"orig_rax", 120}, {"rip", 128},
        {"eflags", 144}, {"rsp", 152}, {"fs_base", 168},
    };

    private X86Registers() {
    }

    static Map<String, Long> byName(byte[] regs) {
        Map<String, Long> out = new LinkedHashMap<>();
        for (Object[] r : LAYOUT) {
            out.put((String) r[0], le(regs, (Integer) r[1]));
        }
        return out;
    }

    /** The unwinder's registers: those of the layout that have a DWARF number. */
    static Registers dwarf(byte[] regs) {
        return X86Registers64.fromNames(byName(regs));
    }

    private static long le(byte[] b, int at) {
        long v = 0;
        for (int i = 7; i >= 0; i--) {
            v = (v << 8) | (b[at + i] & 0xff);
        }
        return v;
    }
}
