package dev.crashkit.core.unwind;

/**
 * Whether an arm64 return address follows a call: the 4-byte instruction before it is {@code BL},
 * {@code BLR} or one of the pointer-authenticating {@code BLRAA}, {@code BLRAB}, {@code BLRAAZ},
 * {@code BLRABZ} (Arm ARM, C6.2). Stack scanning accepts only such words, as {@link CallSites} does
 * on x86-64.
 */
final class Arm64CallSites {
    private Arm64CallSites() {
    }

    /** True when the instruction ending at {@code ra} is a branch with link. */
    static boolean precededByCall(Memory code, long ra) {
        if ((ra & 3) != 0) {
            return false;
        }
        int insn = instructionAt(code, ra - 4);
        return isBl(insn)
                || (insn & 0xfffffc1f) == 0xd63f0000 // BLR Xn
                || (insn & 0xfffff800) == 0xd73f0800 // BLRAA / BLRAB Xn, Xm
                || (insn & 0xfffff81f) == 0xd63f081f; // BLRAAZ / BLRABZ Xn
    }

    /** {@code BL imm26}. */
    static boolean isBl(int insn) {
        return (insn & 0xfc000000) == 0x94000000;
    }

    /** Where the {@code BL} at {@code at} branches to. */
    static long blTarget(long at, int insn) {
        long imm26 = ((long) insn << 38) >> 38; // sign-extend the low 26 bits
        return at + imm26 * 4;
    }

    /** The instruction at {@code at}; 0 ({@code UDF #0}, which matches no call) when unreadable. */
    static int instructionAt(Memory code, long at) {
        byte[] b = new byte[4];
        if (code.read(at, b, 0, 4) != 4) {
            return 0;
        }
        return (b[0] & 0xff) | (b[1] & 0xff) << 8 | (b[2] & 0xff) << 16 | (b[3] & 0xff) << 24;
    }
}
