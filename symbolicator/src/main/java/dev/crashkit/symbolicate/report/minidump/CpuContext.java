package dev.crashkit.symbolicate.report.minidump;

import dev.crashkit.core.model.Arch;
import dev.crashkit.core.unwind.Arm64Registers;
import dev.crashkit.core.unwind.Registers;
import dev.crashkit.core.unwind.X86Registers64;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * A thread's registers from its context record, by the names reports print. amd64
 * ({@code CONTEXT_AMD64}) and arm64 (Breakpad/Crashpad {@code MDRawContextARM64}, Windows' layout with
 * a 32-bit {@code context_flags}, or Breakpad's older {@code MDRawContextARM64_Old} with a 64-bit one:
 * both keep x0..x28, fp, lr, sp and pc at offsets 8..271) are walked; x86 and 32-bit ARM are read
 * and reported but not walked (core has no unwinder for them).
 *
 * @param cpu       the layout the record was read with
 * @param registers register values by name, in the order minidump_stackwalk prints them
 */
record CpuContext(Cpu cpu, Map<String, Long> registers) {
    /** The context layouts this reader knows. */
    enum Cpu {
        AMD64(Arch.Known.X86_64, 256),
        ARM64(Arch.Known.ARM64, 272),
        X86(Arch.Known.I386, 204),
        ARM(Arch.Known.ARM, 72);

        final Arch arch;
        /** Bytes of the record this reader needs (up to the last register it reads). */
        final int needed;

        Cpu(Arch arch, int needed) {
            this.arch = arch;
            this.needed = needed;
        }
    }

    private static final String[] AMD64_NAMES = {"rax", "rcx", "rdx", "rbx", "rsp", "rbp", "rsi", "rdi",
        "r8", "r9", "r10", "r11", "r12", "r13", "r14", "r15", "rip"};
    private static final String[] X86_NAMES = {"edi", "esi", "ebx", "edx", "ecx", "eax", "ebp", "eip"};

    CpuContext {
        registers = Collections.unmodifiableMap(new LinkedHashMap<>(registers));
    }

    /** Whether core can unwind from this context. */
    boolean walkable() {
        return cpu == Cpu.AMD64 || cpu == Cpu.ARM64;
    }

    /** The registers by DWARF number, for the unwinder; empty for a CPU it does not walk. */
    Optional<Registers> dwarf() {
        return switch (cpu) {
            case AMD64 -> Optional.of(X86Registers64.fromNames(registers));
            case ARM64 -> Optional.of(Arm64Registers.fromNames(registers));
            default -> Optional.empty();
        };
    }

    /** The program counter. */
    long pc() {
        return registers.get(switch (cpu) {
            case AMD64 -> "rip";
            case X86 -> "eip";
            case ARM64, ARM -> "pc";
        });
    }

    /**
     * Reads the record at {@code [rva, rva + size)} (already checked to lie in the file) with the
     * layout of {@code cpu}; a problem (too short, flags of another CPU) when it cannot be.
     */
    static Result read(MinidumpBytes b, long rva, long size, Cpu cpu) {
        if (size < cpu.needed) {
            return new Result(null, cpu + " context of " + size + " bytes, needs " + cpu.needed);
        }
        Map<String, Long> regs = new LinkedHashMap<>();
        switch (cpu) {
            case AMD64 -> {
                long flags = b.u32(rva + 48);
                if ((flags & 0x00100000L) == 0) {
                    return new Result(null, "context flags 0x" + Long.toHexString(flags) + " are not amd64's");
                }
                for (int i = 0; i < AMD64_NAMES.length; i++) {
                    regs.put(AMD64_NAMES[i], b.u64(rva + 120 + 8L * i));
                }
            }
            case ARM64 -> {
                long flags = b.u32(rva);
                long flagsHigh = b.u32(rva + 4);
                // New layout: 0x00400000 in a 32-bit field; old: 0x80000000 in the low half of a 64-bit one.
                if ((flags & 0x00400000L) == 0 && (flags & 0x80000000L) == 0) {
                    return new Result(null, "context flags 0x" + Long.toHexString(flagsHigh << 32 | flags)
                            + " are not arm64's");
                }
                for (int i = 0; i <= 28; i++) {
                    regs.put("x" + i, b.u64(rva + 8 + 8L * i));
                }
                regs.put("fp", b.u64(rva + 8 + 8L * 29));
                regs.put("lr", b.u64(rva + 8 + 8L * 30));
                regs.put("sp", b.u64(rva + 8 + 8L * 31));
                regs.put("pc", b.u64(rva + 8 + 8L * 32));
            }
            case X86 -> {
                for (int i = 0; i < X86_NAMES.length; i++) {
                    regs.put(X86_NAMES[i], b.u32(rva + 156 + 4L * i));
                }
                regs.put("esp", b.u32(rva + 196));
            }
            case ARM -> {
                for (int i = 0; i <= 12; i++) {
                    regs.put("r" + i, b.u32(rva + 4 + 4L * i));
                }
                regs.put("sp", b.u32(rva + 4 + 4L * 13));
                regs.put("lr", b.u32(rva + 4 + 4L * 14));
                regs.put("pc", b.u32(rva + 4 + 4L * 15));
            }
            default -> throw new IllegalStateException(cpu.name());
        }
        return new Result(new CpuContext(cpu, regs), null);
    }

    /** A context, or why there is none. */
    record Result(CpuContext context, String problem) {
    }
}
