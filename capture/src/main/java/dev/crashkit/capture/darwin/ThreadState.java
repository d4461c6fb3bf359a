package dev.crashkit.capture.darwin;

import java.util.OptionalLong;

/**
 * The registers a Mach thread state gives the frame walker.
 *
 * @param lr the link register (arm64 only): the return address of a function that has not saved it yet
 */
public record ThreadState(DarwinArch arch, long pc, long sp, long fp, OptionalLong lr) {

    /** Decodes {@code ARM_THREAD_STATE64} (flavor 6, 68 words): x0..x28, fp, lr, sp, pc, cpsr. */
    public static ThreadState arm64(byte[] state) {
        return new ThreadState(DarwinArch.ARM64, le(state, DarwinLayout.ARM64_PC), le(state, DarwinLayout.ARM64_SP),
                le(state, DarwinLayout.ARM64_FP), OptionalLong.of(le(state, DarwinLayout.ARM64_LR)));
    }

    /** Decodes {@code x86_THREAD_STATE64} (flavor 4, 42 words): rax rbx rcx rdx rdi rsi rbp rsp r8..r15 rip ... */
    public static ThreadState x86_64(byte[] state) {
        return new ThreadState(DarwinArch.X86_64, le(state, DarwinLayout.X86_64_RIP), le(state, DarwinLayout.X86_64_RSP),
                le(state, DarwinLayout.X86_64_RBP), OptionalLong.empty());
    }

    static long le(byte[] b, int at) {
        long v = 0;
        for (int i = 7; i >= 0; i--) {
            v = (v << 8) | (b[at + i] & 0xff);
        }
        return v;
    }
}
