package dev.crashkit.core.unwind;

/**
 * The one decoder of call-frame instructions (DWARF 5 §6.4.2, {@code DW_CFA_*}): reads a CIE's or an FDE's
 * instruction bytes one instruction at a time, tracks the location they reach, applies the CIE's code and data
 * alignment factors, and hands each rule change to a {@link Handler} as a typed call. What a rule change means is
 * the handler's business: {@link CfiInterpreter} builds the row in force at a PC (the unwinder),
 * {@link BreakpadCfi} records each change as Breakpad's {@code dump_syms} writes it.
 *
 * <p>Every operand is read through {@link CfiBytes}, which checks it against the bytes that remain: a truncated
 * LEB128, a block length (read unsigned) longer than what is left, an unknown opcode or pointer encoding is a
 * {@link CfiException}. Register numbers are LEB128 values kept to their low 32 bits, as Breakpad's
 * {@code CallFrameInfo} keeps them ({@code unsigned}); handlers ignore or name the ones they do not know.
 */
final class CfiInstructions {
    /**
     * What a call-frame instruction says, one method per kind of rule change. Offsets arrive already multiplied
     * by the CIE's data alignment factor where the instruction is factored; locations by the code alignment.
     */
    interface Handler {
        /** {@code advance_loc*} and {@code set_loc}: the rules that follow apply from {@code location}. */
        void advance(long location) throws CfiException;

        /** {@code offset*}: {@code reg} was saved at CFA + {@code offset}. */
        void offset(int reg, long offset) throws CfiException;

        /** {@code val_offset*}: {@code reg}'s value is CFA + {@code offset}. */
        void valOffset(int reg, long offset) throws CfiException;

        /** {@code register}: {@code reg}'s value is in register {@code base}. */
        void register(int reg, int base) throws CfiException;

        /** {@code undefined}: {@code reg} cannot be recovered. */
        void undefined(int reg) throws CfiException;

        /** {@code same_value}: {@code reg} is unchanged. */
        void sameValue(int reg) throws CfiException;

        /** {@code restore*}: {@code reg}'s rule is the one the CIE's instructions left. */
        void restore(int reg) throws CfiException;

        /** {@code expression}: {@code reg} was saved at the address the DWARF expression computes. */
        void expression(int reg, byte[] expression) throws CfiException;

        /** {@code val_expression}: {@code reg}'s value is what the DWARF expression computes. */
        void valExpression(int reg, byte[] expression) throws CfiException;

        /** {@code def_cfa} and {@code def_cfa_sf}: CFA = {@code reg} + {@code offset}. */
        void defCfa(int reg, long offset) throws CfiException;

        /** {@code def_cfa_register}: the CFA's register is now {@code reg}, its offset unchanged. */
        void defCfaRegister(int reg) throws CfiException;

        /** {@code def_cfa_offset} and {@code def_cfa_offset_sf}: the CFA's offset is now {@code offset}. */
        void defCfaOffset(long offset) throws CfiException;

        /** {@code def_cfa_expression}: the CFA is what the DWARF expression computes. */
        void defCfaExpression(byte[] expression) throws CfiException;

        /** {@code remember_state}: push every rule, the CFA's included. */
        void rememberState() throws CfiException;

        /** {@code restore_state}: pop the rules {@code remember_state} pushed. */
        void restoreState() throws CfiException;
    }

    private final CfiBytes bytes;
    private final int fdeEncoding;
    private final long codeAlign;
    private final long dataAlign;
    private long location;
    private long instructionAddress;

    /**
     * @param bytes    the instructions (a CIE's initial instructions or an FDE's)
     * @param cie      the CIE whose alignment factors and pointer encoding apply
     * @param location the location the instructions start at (an FDE's first address)
     */
    CfiInstructions(CfiBytes bytes, Cie cie, long location) {
        this.bytes = bytes;
        this.fdeEncoding = cie.fdeEncoding();
        this.codeAlign = cie.codeAlign();
        this.dataAlign = cie.dataAlign();
        this.location = location;
    }

    /** The location the instructions decoded so far have reached. */
    long location() {
        return location;
    }

    /** The address of the instruction being decoded (or last decoded), for messages. */
    long instructionAddress() {
        return instructionAddress;
    }

    /** Decodes every instruction that is left. */
    void runAll(Handler h) throws CfiException {
        while (next(h)) {
            // each instruction went to the handler
        }
    }

    /**
     * Decodes one instruction and hands it to {@code h}.
     *
     * @return false when no instruction was left
     */
    boolean next(Handler h) throws CfiException {
        CfiBytes b = bytes;
        if (!b.hasRemaining()) {
            return false;
        }
        instructionAddress = b.here();
        int op = b.u8();
        int low = op & 0x3f;
        switch (op & 0xc0) {
            case 0x40 -> advanceTo(location + low * codeAlign, h);
            case 0x80 -> h.offset(low, b.uleb() * dataAlign);
            case 0xc0 -> h.restore(low);
            default -> extended(op, b, h);
        }
        return true;
    }

    private void advanceTo(long to, Handler h) throws CfiException {
        location = to;
        h.advance(to);
    }

    private void extended(int op, CfiBytes b, Handler h) throws CfiException {
        switch (op) {
            case 0x00 -> { } // nop
            case 0x01 -> advanceTo(b.encoded(fdeEncoding, 0), h);
            case 0x02 -> advanceTo(location + b.u8() * codeAlign, h);
            case 0x03 -> advanceTo(location + b.u16() * codeAlign, h);
            case 0x04 -> advanceTo(location + b.u32() * codeAlign, h);
            case 0x05 -> {
                int reg = register(b);
                h.offset(reg, b.uleb() * dataAlign);
            }
            case 0x06 -> h.restore(register(b));
            case 0x07 -> h.undefined(register(b));
            case 0x08 -> h.sameValue(register(b));
            case 0x09 -> {
                int reg = register(b);
                h.register(reg, register(b));
            }
            case 0x0a -> h.rememberState();
            case 0x0b -> h.restoreState();
            case 0x0c -> {
                int reg = register(b);
                h.defCfa(reg, b.uleb());
            }
            case 0x0d -> h.defCfaRegister(register(b));
            case 0x0e -> h.defCfaOffset(b.uleb());
            case 0x0f -> h.defCfaExpression(block(b));
            case 0x10 -> {
                int reg = register(b);
                h.expression(reg, block(b));
            }
            case 0x11 -> {
                int reg = register(b);
                h.offset(reg, b.sleb() * dataAlign);
            }
            case 0x12 -> {
                int reg = register(b);
                h.defCfa(reg, b.sleb() * dataAlign);
            }
            case 0x13 -> h.defCfaOffset(b.sleb() * dataAlign);
            case 0x14 -> {
                int reg = register(b);
                h.valOffset(reg, b.uleb() * dataAlign);
            }
            case 0x15 -> {
                int reg = register(b);
                h.valOffset(reg, b.sleb() * dataAlign);
            }
            case 0x16 -> {
                int reg = register(b);
                h.valExpression(reg, block(b));
            }
            case 0x2d -> { } // GNU_window_save / AArch64 negate_ra_state: no rule for the registers we recover
            case 0x2e -> b.skipUleb(); // GNU_args_size: the unwinder does not pop arguments
            case 0x2f -> { // GNU_negative_offset_extended
                int reg = register(b);
                h.offset(reg, -b.uleb() * dataAlign);
            }
            default -> throw new CfiException(String.format("unknown CFA instruction 0x%02x at 0x%x", op,
                    instructionAddress));
        }
    }

    /** A register number: its LEB128 kept to 32 bits, as Breakpad keeps it. */
    private static int register(CfiBytes b) throws CfiException {
        return (int) b.uleb();
    }

    /** A DWARF expression block: its length (unsigned LEB128) checked against what is left before copying. */
    private static byte[] block(CfiBytes b) throws CfiException {
        return b.bytes(b.uleb());
    }
}
