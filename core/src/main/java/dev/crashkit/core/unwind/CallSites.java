package dev.crashkit.core.unwind;

/**
 * Whether an x86-64 return address follows a call instruction: {@code E8 rel32} or
 * {@code FF /2} with any register or memory operand (optionally REX-prefixed). Stack scanning
 * accepts only such words, which removes most stale data that merely points into code.
 */
public final class CallSites {
    private CallSites() {
    }

    /**
     * True when the bytes before {@code ra} in {@code code} end with a call instruction.
     *
     * @param code memory holding the code bytes
     * @param ra   the candidate return address
     * @return whether a call instruction ends exactly at {@code ra}
     */
    public static boolean precededByCall(Memory code, long ra) {
        byte[] b = new byte[7];
        // Code at the very start of a mapping has fewer than 7 readable bytes before the return
        // address; the missing front stays zero, which no call opcode matches.
        int skip = 0;
        while (skip < 5 && code.read(ra - 7 + skip, b, skip, 7 - skip) != 7 - skip) {
            skip++;
        }
        if (skip == 5) {
            return false;
        }
        // b[7 - n] is the first byte of an n-byte instruction ending at ra.
        if ((b[2] & 0xff) == 0xe8) {
            return true;
        }
        for (int n = 2; n <= 7; n++) {
            int opAt = 7 - n;
            if ((b[opAt] & 0xff) != 0xff) {
                continue;
            }
            int modrm = b[opAt + 1] & 0xff;
            int reg = (modrm >> 3) & 7;
            if (reg != 2 && reg != 3) {
                continue;
            }
            if (indirectLength(modrm, opAt + 2 < 7 ? b[opAt + 2] & 0xff : -1) == n) {
                return true;
            }
        }
        return false;
    }

    /** Length of {@code FF /2} with this ModRM (and SIB byte, when present), or -1. */
    private static int indirectLength(int modrm, int sib) {
        int mod = modrm >> 6;
        int rm = modrm & 7;
        int len = 2;
        if (mod == 3) {
            return len;
        }
        if (rm == 4) {
            if (sib < 0) {
                return -1;
            }
            len++;
            if (mod == 0 && (sib & 7) == 5) {
                return len + 4;
            }
        }
        if (mod == 0) {
            return rm == 5 ? len + 4 : len;
        }
        return mod == 1 ? len + 1 : len + 4;
    }
}
