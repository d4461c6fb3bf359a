package dev.crashkit.symbolicate.format.macho.unwind;

import java.util.List;

/**
 * What one 32-bit compact unwind encoding says of a function, for arm64 and x86-64
 * (libunwind's {@code compact_unwind_encoding.h}). Personality and LSDA bits are ignored: only
 * unwinding is needed.
 */
public sealed interface CompactEncoding {

    /** No unwind information (encoding 0, or a mode this CPU does not define). */
    record None(int encoding) implements CompactEncoding {
    }

    /**
     * The function's unwind rules are DWARF CFI: the FDE at {@code fdeOffset} in {@code __eh_frame}.
     *
     * @param fdeOffset the FDE's offset from the start of {@code __eh_frame}
     */
    record Dwarf(long fdeOffset) implements CompactEncoding {
    }

    /**
     * arm64 frame-based: FP and LR saved in the frame record at FP, the caller's SP {@code FP + 16};
     * callee-saved pairs just below the record, in the order of {@link #ARM64_PAIRS}.
     *
     * @param pairs the saved pairs' bits (UNWIND_ARM64_FRAME_X19_X20_PAIR ... D14_D15)
     */
    record Arm64Frame(int pairs) implements CompactEncoding {
        /** The number of 16-byte pair slots saved below the frame record. */
        public int savedPairCount() {
            return Integer.bitCount(pairs & 0xf1f);
        }
    }

    /**
     * arm64 frameless (a leaf): the return address is in LR; the function lowered SP by
     * {@code stackSize} bytes, which the caller's SP adds back.
     *
     * @param stackSize bytes (a multiple of 16)
     */
    record Arm64Frameless(long stackSize) implements CompactEncoding {
    }

    /**
     * x86-64 RBP frame: {@code push rbp; mov rbp, rsp}; the caller's RSP is {@code RBP + 16}, its
     * RBP at {@code [RBP]}, the return address at {@code [RBP + 8]}; the registers listed (in push
     * order) are saved from {@code RBP - 8 * savedOffset} upwards.
     *
     * @param savedOffset in 8-byte words below RBP, where the first saved register lies
     * @param registers   the saved registers' numbers (1 RBX, 2 R12, 3 R13, 4 R14, 5 R15, 6 RBP), 0 for an unused slot
     */
    record X86Frame(int savedOffset, List<Integer> registers) implements CompactEncoding {
    }

    /**
     * x86-64 frameless: the return address at {@code [RSP + stackSize - 8]}, the caller's RSP
     * {@code RSP + stackSize}; the registers listed (in push order) saved just below the return
     * address. With {@code indirect}, the stack size is the 32-bit immediate at {@code subOffset}
     * bytes into the function (its {@code sub rsp, imm32}) plus {@code 8 * adjust}; else it is
     * {@code stackSize}.
     *
     * @param stackSize the immediate stack size in bytes, including the return address (0 when indirect)
     * @param indirect  whether the size must be read from the function's code
     * @param subOffset the offset of the immediate in the function (indirect only)
     * @param adjust    words added to the immediate (indirect only)
     * @param registers the saved registers, in push order (numbers as in {@link X86Frame})
     */
    record X86Frameless(long stackSize, boolean indirect, int subOffset, int adjust, List<Integer> registers)
            implements CompactEncoding {
    }

    /** The arm64 register pairs in the order a frame saves them below its record. */
    List<Integer> ARM64_PAIRS = List.of(0x1, 0x2, 0x4, 0x8, 0x10, 0x100, 0x200, 0x400, 0x800);

    /**
     * Decodes an arm64 encoding.
     *
     * @param encoding the 32-bit encoding
     * @return its meaning
     */
    static CompactEncoding arm64(int encoding) {
        return switch ((encoding >>> 24) & 0xf) {
            case 2 -> new Arm64Frameless(16L * ((encoding >>> 12) & 0xfff));
            case 3 -> new Dwarf(encoding & 0xffffff);
            case 4 -> new Arm64Frame(encoding & 0xfff);
            default -> new None(encoding);
        };
    }

    /**
     * Decodes an x86-64 encoding.
     *
     * @param encoding the 32-bit encoding
     * @return its meaning
     */
    static CompactEncoding x86_64(int encoding) {
        return switch ((encoding >>> 24) & 0xf) {
            case 1 -> {
                int regs = encoding & 0x7fff;
                Integer[] saved = new Integer[5];
                for (int i = 0; i < 5; i++) {
                    saved[i] = (regs >>> (3 * i)) & 7;
                }
                yield new X86Frame((encoding >>> 16) & 0xff, List.of(saved));
            }
            case 2, 3 -> {
                boolean indirect = ((encoding >>> 24) & 0xf) == 3;
                int size = (encoding >>> 16) & 0xff;
                int adjust = (encoding >>> 13) & 7;
                int count = (encoding >>> 10) & 7;
                List<Integer> regs = permutation(encoding & 0x3ff, count);
                yield indirect ? new X86Frameless(0, true, size, adjust, regs)
                        : new X86Frameless(8L * size, false, 0, 0, regs);
            }
            case 4 -> new Dwarf(encoding & 0xffffff);
            default -> new None(encoding);
        };
    }

    /**
     * The saved registers of a frameless x86-64 function, in push order, from their permutation
     * number (libunwind's {@code CompactUnwinder_x86_64::stepWithCompactEncodingFrameless}); empty when
     * the count is over 6 or the permutation is not one.
     */
    private static List<Integer> permutation(int permutation, int count) {
        int[] digits = new int[6];
        int p = permutation;
        switch (count) {
            case 6 -> {
                digits[0] = p / 120; p -= digits[0] * 120;
                digits[1] = p / 24; p -= digits[1] * 24;
                digits[2] = p / 6; p -= digits[2] * 6;
                digits[3] = p / 2; p -= digits[3] * 2;
                digits[4] = p;
                digits[5] = 0;
            }
            case 5 -> {
                digits[0] = p / 120; p -= digits[0] * 120;
                digits[1] = p / 24; p -= digits[1] * 24;
                digits[2] = p / 6; p -= digits[2] * 6;
                digits[3] = p / 2; p -= digits[3] * 2;
                digits[4] = p;
            }
            case 4 -> {
                digits[0] = p / 60; p -= digits[0] * 60;
                digits[1] = p / 12; p -= digits[1] * 12;
                digits[2] = p / 3; p -= digits[2] * 3;
                digits[3] = p;
            }
            case 3 -> {
                digits[0] = p / 20; p -= digits[0] * 20;
                digits[1] = p / 4; p -= digits[1] * 4;
                digits[2] = p;
            }
            case 2 -> {
                digits[0] = p / 5; p -= digits[0] * 5;
                digits[1] = p;
            }
            case 1 -> digits[0] = p;
            case 0 -> {
                return List.of();
            }
            default -> {
                return List.of();
            }
        }
        boolean[] used = new boolean[7];
        Integer[] regs = new Integer[count];
        for (int i = 0; i < count; i++) {
            int renum = 0;
            int found = -1;
            for (int r = 1; r <= 6; r++) {
                if (!used[r]) {
                    if (renum == digits[i]) {
                        found = r;
                        break;
                    }
                    renum++;
                }
            }
            if (found < 0) {
                return List.of();
            }
            used[found] = true;
            regs[i] = found;
        }
        return List.of(regs);
    }
}
