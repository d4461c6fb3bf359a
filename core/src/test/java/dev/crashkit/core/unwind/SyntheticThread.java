package dev.crashkit.core.unwind;

import dev.crashkit.core.model.Arch;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import java.util.Optional;

/**
 * A made-up thread for unwinding tests: an image's code at {@link #CODE}, JIT code at {@link #JIT}
 * (executable, in no image), data at {@link #DATA} (readable, not code), a zeroed stack at
 * {@link #STACK}; no CFI. Return addresses are planted with
 * the call instruction each CPU's scan looks for right before them.
 */
final class SyntheticThread {
    static final long CODE = 0x400000;
    static final long DATA = 0x600000;
    static final long JIT = 0x700000;
    static final long STACK = 0x7ff000000L;
    static final int STACK_BYTES = 0x8000;

    /** The CPUs with an unwinder, and how their registers and calls look. */
    enum Cpu {
        X86_64(Arch.Known.X86_64, Registers.X86_64_RA, Registers.X86_64_RSP, Registers.X86_64_RBP),
        ARM64(Arch.Known.ARM64, Registers.ARM64_PC, Registers.ARM64_SP, Registers.ARM64_FP);

        final Arch arch;
        final int pc;
        final int sp;
        final int fp;

        Cpu(Arch arch, int pc, int sp, int fp) {
            this.arch = arch;
            this.pc = pc;
            this.sp = sp;
            this.fp = fp;
        }

        /** Writes the call that returns to {@code ra} into {@code bytes} (based at {@code base}). */
        void plantCall(ByteBuffer bytes, long base, long ra) {
            if (this == X86_64) {
                bytes.put((int) (ra - 5 - base), (byte) 0xe8); // call rel32
            } else {
                bytes.putInt((int) (ra - 4 - base), 0x94000000); // bl
            }
        }
    }

    final Cpu cpu;
    final ByteBuffer code = ByteBuffer.allocate(0x1000).order(ByteOrder.LITTLE_ENDIAN);
    final ByteBuffer data = ByteBuffer.allocate(0x1000).order(ByteOrder.LITTLE_ENDIAN);
    final ByteBuffer jit = ByteBuffer.allocate(0x1000).order(ByteOrder.LITTLE_ENDIAN);
    final ByteBuffer stack;
    final long stackBase;

    SyntheticThread(Cpu cpu) {
        this(cpu, STACK, STACK_BYTES);
    }

    SyntheticThread(Cpu cpu, long stackBase, int stackBytes) {
        this.cpu = cpu;
        this.stackBase = stackBase;
        this.stack = ByteBuffer.allocate(stackBytes).order(ByteOrder.LITTLE_ENDIAN);
    }

    /** A return address in code, {@code n}-th of its kind, with its call before it. */
    long returnAddress(int n) {
        long ra = CODE + 0x100 + 0x10L * n;
        cpu.plantCall(code, CODE, ra);
        return ra;
    }

    /** Stores {@code value} in the stack word at {@code address}. */
    SyntheticThread word(long address, long value) {
        stack.putLong((int) (address - stackBase), value);
        return this;
    }

    List<UnwoundFrame> unwind(Registers regs) {
        return unwind(regs, 256);
    }

    List<UnwoundFrame> unwind(Registers regs, int maxFrames) {
        return unwind(regs, maxFrames, stackBase + stack.capacity());
    }

    List<UnwoundFrame> unwind(Registers regs, int maxFrames, long stackEnd) {
        ByteMemory stackMemory = new ByteMemory(stackBase, stack.array());
        Memory memory = stackMemory.over(new ByteMemory(CODE, code.array())).over(new ByteMemory(DATA, data.array()))
                .over(new ByteMemory(JIT, jit.array()));
        CodeMap map = new CodeMap() {
            @Override
            public boolean isExecutable(long address) {
                return isImageCode(address) || in(address, JIT);
            }

            @Override
            public boolean isImageCode(long address) {
                return in(address, CODE);
            }

            private boolean in(long address, long base) {
                return Long.compareUnsigned(address, base) >= 0 && Long.compareUnsigned(address, base + 0x1000) < 0;
            }

            @Override
            public Optional<FdeIndex> cfiFor(long pc) {
                return Optional.empty();
            }
        };
        return Unwinder.forArch(cpu.arch, memory, map, maxFrames).orElseThrow().unwind(regs, stackEnd);
    }

    /** Registers of frame 0: PC in code, SP at the stack's base. */
    Registers registers() {
        return new Registers().set(cpu.pc, CODE + 0x800).set(cpu.sp, stackBase);
    }
}
