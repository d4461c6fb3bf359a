package dev.crashkit.capture.darwin;

import dev.crashkit.core.model.Arch;

/** The two Darwin architectures a JVM runs on, with what the frame walker needs to know. */
public enum DarwinArch {
    ARM64(DarwinLayout.ARM_THREAD_STATE64, DarwinLayout.ARM_THREAD_STATE64_COUNT, Arch.Known.ARM64),
    X86_64(DarwinLayout.X86_THREAD_STATE64, DarwinLayout.X86_THREAD_STATE64_COUNT, Arch.Known.X86_64);

    private final int flavor;
    private final int stateWords;
    private final Arch arch;

    DarwinArch(int flavor, int stateWords, Arch arch) {
        this.flavor = flavor;
        this.stateWords = stateWords;
        this.arch = arch;
    }

    /** {@code thread_get_state} flavor (ARM_THREAD_STATE64 = 6, x86_THREAD_STATE64 = 4). */
    public int flavor() {
        return flavor;
    }

    /** {@code mach_msg_type_number_t} count of 32-bit words of that state. */
    public int stateWords() {
        return stateWords;
    }

    public Arch arch() {
        return arch;
    }

    /** Strips pointer-authentication bits (user addresses fit in 47 bits, as the symbolicator masks). */
    public long addressMask() {
        return arch.addressMask();
    }
}
