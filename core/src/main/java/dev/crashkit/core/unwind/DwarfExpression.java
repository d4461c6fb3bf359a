package dev.crashkit.core.unwind;

import java.util.OptionalLong;

/**
 * The subset of DWARF expressions that call-frame information uses: constants, register-relative
 * values, memory reads, arithmetic, comparisons and branches. Used for PLT stubs and signal
 * trampolines ({@code __restore_rt}), whose CFA is an expression.
 */
final class DwarfExpression {
    private static final int MAX_STEPS = 10_000;
    private static final int MAX_DEPTH = 64;

    private DwarfExpression() {
    }

    /**
     * Evaluates {@code expr}; {@code initial} (the CFA, for register rules) is pushed first when
     * present. Empty when a register is unknown or memory is unreadable.
     */
    static OptionalLong eval(byte[] expr, Registers regs, Memory memory, OptionalLong initial) throws CfiException {
        long[] stack = new long[MAX_DEPTH];
        int sp = 0;
        if (initial.isPresent()) {
            stack[sp++] = initial.getAsLong();
        }
        CfiBytes b = new CfiBytes(expr, 0);
        int steps = 0;
        while (b.hasRemaining()) {
            if (++steps > MAX_STEPS) {
                throw new CfiException("DWARF expression does not terminate");
            }
            int op = b.u8();
            if (sp >= MAX_DEPTH - 1) {
                throw new CfiException("DWARF expression stack overflow");
            }
            if (op >= 0x30 && op <= 0x4f) { // lit0..lit31
                stack[sp++] = op - 0x30;
                continue;
            }
            if (op >= 0x70 && op <= 0x8f) { // breg0..breg31
                long off = b.sleb();
                OptionalLong r = regs.get(op - 0x70);
                if (r.isEmpty()) {
                    return OptionalLong.empty();
                }
                stack[sp++] = r.getAsLong() + off;
                continue;
            }
            switch (op) {
                case 0x03 -> stack[sp++] = b.u64(); // addr
                case 0x08 -> stack[sp++] = b.u8(); // const1u
                case 0x09 -> stack[sp++] = (byte) b.u8();
                case 0x0a -> stack[sp++] = b.u16();
                case 0x0b -> stack[sp++] = (short) b.u16();
                case 0x0c -> stack[sp++] = b.u32();
                case 0x0d -> stack[sp++] = (int) b.u32();
                case 0x0e, 0x0f -> stack[sp++] = b.u64();
                case 0x10 -> stack[sp++] = b.uleb();
                case 0x11 -> stack[sp++] = b.sleb();
                case 0x12 -> { // dup
                    need(sp, 1);
                    stack[sp] = stack[sp - 1];
                    sp++;
                }
                case 0x13 -> { // drop
                    need(sp, 1);
                    sp--;
                }
                case 0x14 -> { // over
                    need(sp, 2);
                    stack[sp] = stack[sp - 2];
                    sp++;
                }
                case 0x15 -> { // pick
                    int i = b.u8();
                    need(sp, i + 1);
                    stack[sp] = stack[sp - 1 - i];
                    sp++;
                }
                case 0x16 -> { // swap
                    need(sp, 2);
                    long t = stack[sp - 1];
                    stack[sp - 1] = stack[sp - 2];
                    stack[sp - 2] = t;
                }
                case 0x06 -> { // deref
                    need(sp, 1);
                    OptionalLong v = memory.readU64(stack[sp - 1]);
                    if (v.isEmpty()) {
                        return OptionalLong.empty();
                    }
                    stack[sp - 1] = v.getAsLong();
                }
                case 0x23 -> { // plus_uconst
                    need(sp, 1);
                    stack[sp - 1] += b.uleb();
                }
                case 0x19, 0x1f, 0x20 -> { // abs, neg, not
                    need(sp, 1);
                    long v = stack[sp - 1];
                    stack[sp - 1] = op == 0x19 ? Math.abs(v) : op == 0x1f ? -v : ~v;
                }
                case 0x1a, 0x1c, 0x1e, 0x21, 0x22, 0x24, 0x25, 0x26, 0x27, 0x29, 0x2a, 0x2b, 0x2c, 0x2d, 0x2e -> {
                    need(sp, 2);
                    long y = stack[--sp];
                    long x = stack[sp - 1];
                    stack[sp - 1] = binary(op, x, y);
                }
                case 0x2f -> { // skip
                    int off = (short) b.u16();
                    jump(b, off);
                }
                case 0x28 -> { // bra
                    int off = (short) b.u16();
                    need(sp, 1);
                    if (stack[--sp] != 0) {
                        jump(b, off);
                    }
                }
                case 0x92 -> { // bregx
                    int reg = (int) b.uleb();
                    long off = b.sleb();
                    OptionalLong r = regs.get(reg);
                    if (r.isEmpty()) {
                        return OptionalLong.empty();
                    }
                    stack[sp++] = r.getAsLong() + off;
                }
                case 0x96 -> { } // nop
                default -> throw new CfiException(String.format("unsupported DWARF expression op 0x%02x", op));
            }
        }
        if (sp == 0) {
            throw new CfiException("DWARF expression leaves an empty stack");
        }
        return OptionalLong.of(stack[sp - 1]);
    }

    private static long binary(int op, long x, long y) throws CfiException {
        return switch (op) {
            case 0x1a -> x & y;
            case 0x1c -> x - y;
            case 0x1e -> x * y;
            case 0x21 -> x | y;
            case 0x22 -> x + y;
            case 0x24 -> x << y;
            case 0x25 -> x >>> y;
            case 0x26 -> x >> y;
            case 0x27 -> x ^ y;
            case 0x29 -> x == y ? 1 : 0;
            case 0x2a -> x >= y ? 1 : 0;
            case 0x2b -> x > y ? 1 : 0;
            case 0x2c -> x <= y ? 1 : 0;
            case 0x2d -> x < y ? 1 : 0;
            case 0x2e -> x != y ? 1 : 0;
            default -> throw new CfiException(String.format("unsupported DWARF expression op 0x%02x", op));
        };
    }

    private static void need(int sp, int n) throws CfiException {
        if (sp < n) {
            throw new CfiException("DWARF expression stack underflow");
        }
    }

    private static void jump(CfiBytes b, int off) throws CfiException {
        int target = b.offset() + off;
        if (target < 0 || target > b.size()) {
            throw new CfiException("DWARF expression branches outside itself");
        }
        b.offset(target);
    }
}
