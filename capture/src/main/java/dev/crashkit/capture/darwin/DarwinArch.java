package dev.crashkit.capture.darwin;

/** The two Darwin architectures a JVM runs on, with what the frame walker needs to know. */
public enum DarwinArch {
    ARM64(6, 68, "arm64"),
    X86_64(4, 42, "x86_64");

    /** Strips pointer-authentication bits: user addresses fit in 47 bits (as the symbolicator masks). */
    public static final long ADDRESS_MASK = 0x0000_7fff_ffff_ffffL;

    private final int flavor;
    private final int stateWords;
    private final String reportName;

    DarwinArch(int flavor, int stateWords, String reportName) {
        this.flavor = flavor;
        this.stateWords = stateWords;
        this.reportName = reportName;
    }

    /** {@code thread_get_state} flavor (ARM_THREAD_STATE64 = 6, x86_THREAD_STATE64 = 4). */
    public int flavor() {
        return flavor;
    }

    /** {@code mach_msg_type_number_t} count of 32-bit words of that state. */
    public int stateWords() {
        return stateWords;
    }

    public String reportName() {
        return reportName;
    }
}
