package dev.crashkit.core.unwind;

import java.util.ArrayDeque;
import java.util.Deque;

/** Runs a CIE's and an FDE's call-frame instructions up to a PC (DWARF 5 §6.4.2). */
final class CfiInterpreter {
    private static final int MAX_STATES = 64;

    private CfiInterpreter() {
    }

    /** The row in force at {@code pc}, which must lie in the FDE's range. */
    static CfiRow rowAt(Fde fde, long pc) throws CfiException {
        Cie cie = fde.cie();
        CfiRow row = new CfiRow();
        run(cie, new CfiBytes(cie.instructions(), cie.address()), row, null, Long.MAX_VALUE, fde.pcBegin(), true);
        CfiRow initial = row.clone();
        run(cie, new CfiBytes(fde.instructions(), fde.address()), row, initial, pc, fde.pcBegin(), false);
        return row;
    }

    private static void run(Cie cie, CfiBytes b, CfiRow row, CfiRow initial, long pc, long start, boolean inCie)
            throws CfiException {
        long loc = start;
        Deque<CfiRow> saved = new ArrayDeque<>();
        long ca = cie.codeAlign();
        long da = cie.dataAlign();
        while (b.hasRemaining()) {
            int op = b.u8();
            int high = op & 0xc0;
            int low = op & 0x3f;
            if (high == 0x40) {
                loc += low * ca;
            } else if (high == 0x80) {
                row.set(low, CfiRow.Kind.OFFSET, b.uleb() * da, null);
            } else if (high == 0xc0) {
                restore(row, initial, low);
            } else {
                switch (op) {
                    case 0x00 -> { }
                    case 0x01 -> loc = b.encoded(cie.fdeEncoding(), 0);
                    case 0x02 -> loc += b.u8() * ca;
                    case 0x03 -> loc += b.u16() * ca;
                    case 0x04 -> loc += b.u32() * ca;
                    case 0x05 -> row.set((int) b.uleb(), CfiRow.Kind.OFFSET, b.uleb() * da, null);
                    case 0x06 -> restore(row, initial, (int) b.uleb());
                    case 0x07 -> row.set((int) b.uleb(), CfiRow.Kind.UNDEFINED, 0, null);
                    case 0x08 -> row.set((int) b.uleb(), CfiRow.Kind.SAME, 0, null);
                    case 0x09 -> row.set((int) b.uleb(), CfiRow.Kind.REGISTER, b.uleb(), null);
                    case 0x0a -> {
                        if (saved.size() >= MAX_STATES) {
                            throw new CfiException(String.format("CFI at 0x%x nests remember_state too deep", b.here()));
                        }
                        saved.push(row.clone());
                    }
                    case 0x0b -> {
                        CfiRow s = saved.poll();
                        if (s == null) {
                            throw new CfiException(String.format("CFI at 0x%x restores an unsaved state", b.here()));
                        }
                        // The CFA is part of the remembered state; so are all register rules.
                        row.cfaRegister = s.cfaRegister;
                        row.cfaOffset = s.cfaOffset;
                        row.cfaExpression = s.cfaExpression;
                        row.kinds = s.kinds;
                        row.values = s.values;
                        row.expressions = s.expressions;
                    }
                    case 0x0c -> {
                        row.cfaRegister = (int) b.uleb();
                        row.cfaOffset = b.uleb();
                        row.cfaExpression = null;
                    }
                    case 0x0d -> {
                        row.cfaRegister = (int) b.uleb();
                        row.cfaExpression = null;
                    }
                    case 0x0e -> row.cfaOffset = b.uleb();
                    case 0x0f -> row.cfaExpression = block(b);
                    case 0x10 -> {
                        int reg = (int) b.uleb();
                        row.set(reg, CfiRow.Kind.EXPRESSION, 0, block(b));
                    }
                    case 0x11 -> row.set((int) b.uleb(), CfiRow.Kind.OFFSET, b.sleb() * da, null);
                    case 0x12 -> {
                        row.cfaRegister = (int) b.uleb();
                        row.cfaOffset = b.sleb() * da;
                        row.cfaExpression = null;
                    }
                    case 0x13 -> row.cfaOffset = b.sleb() * da;
                    case 0x14 -> row.set((int) b.uleb(), CfiRow.Kind.VAL_OFFSET, b.uleb() * da, null);
                    case 0x15 -> row.set((int) b.uleb(), CfiRow.Kind.VAL_OFFSET, b.sleb() * da, null);
                    case 0x16 -> {
                        int reg = (int) b.uleb();
                        row.set(reg, CfiRow.Kind.VAL_EXPRESSION, 0, block(b));
                    }
                    case 0x2d -> { } // GNU_window_save / AArch64 negate_ra_state: no effect on addresses we use
                    case 0x2e -> b.uleb(); // GNU_args_size
                    case 0x2f -> row.set((int) b.uleb(), CfiRow.Kind.OFFSET, -b.uleb() * da, null);
                    default -> throw new CfiException(String.format("unknown CFA instruction 0x%02x at 0x%x", op,
                            b.here() - 1));
                }
            }
            if (!inCie && Long.compareUnsigned(loc, pc) > 0) {
                return;
            }
        }
    }

    private static void restore(CfiRow row, CfiRow initial, int reg) throws CfiException {
        if (initial == null) {
            throw new CfiException("DW_CFA_restore inside a CIE");
        }
        row.copyRegister(reg, initial);
    }

    private static byte[] block(CfiBytes b) throws CfiException {
        long len = b.uleb();
        int at = b.offset();
        b.skip(len);
        return java.util.Arrays.copyOfRange(b.array(), at, at + (int) len);
    }
}
