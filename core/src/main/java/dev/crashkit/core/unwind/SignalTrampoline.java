package dev.crashkit.core.unwind;

import java.util.Arrays;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The x86-64 Linux signal-return trampoline ({@code __restore_rt} of glibc and musl), recognised
 * by its code when no CFI describes it (musl has none): a handler returns into it with the stack
 * pointer on the {@code ucontext_t} the kernel saved, which holds every register of the
 * interrupted instruction.
 */
final class SignalTrampoline {
    /** {@code mov $15 (rt_sigreturn), %rax; syscall}. */
    private static final byte[] X86_64_CODE = {0x48, (byte) 0xc7, (byte) 0xc0, 0x0f, 0x00, 0x00, 0x00, 0x0f, 0x05};
    /** {@code offsetof(ucontext_t, uc_mcontext.gregs)}: uc_flags, uc_link and the 24-byte uc_stack come first. */
    private static final int GREGS = 40;
    /** DWARF number of each {@code gregs[]} slot: r8–r15, rdi, rsi, rbp, rbx, rdx, rax, rcx, rsp, rip. */
    private static final int[] DWARF_OF_GREG = {8, 9, 10, 11, 12, 13, 14, 15, 5, 4, 6, 3, 1, 0, 2,
        Registers.X86_64_RSP, Registers.X86_64_RA};

    private SignalTrampoline() {
    }

    /** True when the code at {@code pc} is the trampoline. */
    static boolean isAt(Memory memory, long pc) {
        byte[] code = new byte[X86_64_CODE.length];
        return memory.read(pc, code, 0, code.length) == code.length && Arrays.equals(code, X86_64_CODE);
    }

    /**
     * The registers of the interrupted instruction, read from the context at {@code sp} (the
     * trampoline's stack pointer); empty when the context cannot be read.
     */
    static Optional<Registers> interrupted(Memory memory, long sp) {
        Registers out = new Registers();
        for (int slot = 0; slot < DWARF_OF_GREG.length; slot++) {
            OptionalLong v = memory.readU64(sp + GREGS + 8L * slot);
            if (v.isEmpty()) {
                return Optional.empty();
            }
            out.set(DWARF_OF_GREG[slot], v.getAsLong());
        }
        return Optional.of(out);
    }
}
