package dev.crashkit.core.unwind;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.crashkit.core.model.Arch;
import dev.crashkit.core.model.Trust;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * A thread stopped on a signal trampoline that has no CFI (musl's): the unwinder recognises the
 * {@code rt_sigreturn} code, takes the interrupted registers from the saved {@code ucontext_t}
 * (layout of glibc's and the kernel's {@code <sys/ucontext.h>}) and marks both frames as exact PCs.
 */
class SignalTrampolineUnwindTest {
    private static final long CODE = 0x400000;
    private static final long TRAMPOLINE = 0x400100;
    private static final long AFTER_CALL = 0x400205;
    private static final long INTERRUPTED = 0x400300;
    private static final long STACK = 0x7000;
    private static final long INTERRUPTED_SP = 0x7800;

    @Test
    void unwindsThroughTheSavedContext() {
        List<UnwoundFrame> frames = unwind(new byte[] {0x48, (byte) 0xc7, (byte) 0xc0, 0x0f, 0, 0, 0, 0x0f, 0x05});
        assertEquals(List.of(new UnwoundFrame(TRAMPOLINE, Trust.CONTEXT, true),
                new UnwoundFrame(INTERRUPTED, Trust.CONTEXT, true),
                new UnwoundFrame(AFTER_CALL, Trust.FP, false)), frames);
    }

    @Test
    void otherCodeIsNoTrampoline() {
        // mov $14 (rt_sigprocmask), %rax; syscall: the saved context is not read.
        List<UnwoundFrame> frames = unwind(new byte[] {0x48, (byte) 0xc7, (byte) 0xc0, 0x0e, 0, 0, 0, 0x0f, 0x05});
        assertEquals(List.of(new UnwoundFrame(TRAMPOLINE, Trust.CONTEXT, false),
                new UnwoundFrame(AFTER_CALL, Trust.SCAN, false)), frames);
    }

    private static List<UnwoundFrame> unwind(byte[] trampolineCode) {
        ByteBuffer code = ByteBuffer.allocate(0x1000).order(ByteOrder.LITTLE_ENDIAN);
        code.put((int) (TRAMPOLINE - CODE - 1), (byte) 0x90).put((int) (TRAMPOLINE - CODE), trampolineCode);
        code.put((int) (AFTER_CALL - 5 - CODE), (byte) 0xe8); // call rel32 just before the return address
        ByteBuffer stack = ByteBuffer.allocate(0x1000).order(ByteOrder.LITTLE_ENDIAN);
        int gregs = 40; // the trampoline's SP points at the ucontext_t
        stack.putLong(gregs + 8 * 10, INTERRUPTED_SP);    // rbp
        stack.putLong(gregs + 8 * 15, INTERRUPTED_SP);    // rsp
        stack.putLong(gregs + 8 * 16, INTERRUPTED);       // rip
        // The frame record: its caller's frame pointer is on the stack (its record, empty, ends the walk).
        stack.putLong((int) (INTERRUPTED_SP - STACK), INTERRUPTED_SP + 0x100);
        stack.putLong((int) (INTERRUPTED_SP - STACK) + 8, AFTER_CALL);
        ByteMemory stackMemory = new ByteMemory(STACK, stack.array());
        Memory memory = stackMemory.over(new ByteMemory(CODE, code.array()));
        CodeMap map = new CodeMap() {
            @Override
            public boolean isExecutable(long address) {
                return address >= CODE && address < CODE + 0x1000;
            }

            @Override
            public Optional<FdeIndex> cfiFor(long pc) {
                return Optional.empty();
            }
        };
        Registers start = new Registers().set(Registers.X86_64_RA, TRAMPOLINE).set(Registers.X86_64_RSP, STACK);
        return Unwinder.forArch(Arch.Known.X86_64, memory, map).orElseThrow().unwind(start, stackMemory.end());
    }
}
