package dev.crashkit.capture.ptrace;

import dev.crashkit.symbolicate.unwind.Registers;
import java.util.LinkedHashMap;
import java.util.Map;

/** Maps x86-64 {@code user_regs_struct} (as PTRACE_GETREGS fills it) to names and DWARF numbers. */
final class X86Registers {
    /** Name, offset in user_regs_struct, DWARF register number (-1: not unwound). */
    private static final Object[][] LAYOUT = {
        {"r15", 0, 15}, {"r14", 8, 14}, {"r13", 16, 13}, {"r12", 24, 12}, {"rbp", 32, 6}, {"rbx", 40, 3},
        {"r11", 48, 11}, {"r10", 56, 10}, {"r9", 64, 9}, {"r8", 72, 8}, {"rax", 80, 0}, {"rcx", 88, 2},
        {"rdx", 96, 1}, {"rsi", 104, 4}, {"rdi", 112, 5}, {"orig_rax", 120, -1}, {"rip", 128, 16},
        {"eflags", 144, -1}, {"rsp", 152, 7}, {"fs_base", 168, -1},
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

    static Registers dwarf(byte[] regs) {
        Registers out = new Registers();
        for (Object[] r : LAYOUT) {
            int dwarf = (Integer) r[2];
            if (dwarf >= 0) {
                out.set(dwarf, le(regs, (Integer) r[1]));
            }
        }
        return out;
    }

    /** DWARF registers from names, for reports that recorded them (offline re-unwinding). */
    static Registers dwarf(Map<String, Long> byName) {
        Registers out = new Registers();
        for (Object[] r : LAYOUT) {
            int dwarf = (Integer) r[2];
            Long v = byName.get((String) r[0]);
            if (dwarf >= 0 && v != null) {
                out.set(dwarf, v);
            }
        }
        return out;
    }

    private static long le(byte[] b, int at) {
        long v = 0;
        for (int i = 7; i >= 0; i--) {
            v = (v << 8) | (b[at + i] & 0xff);
        }
        return v;
    }
}
