package dev.crashkit.core.unwind;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.crashkit.core.model.Trust;
import dev.crashkit.core.unwind.SyntheticThread.Cpu;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Whatever the stack holds, every walk ends: each step moves SP up, and frames are counted. */
class UnwindTerminationTest {

    @ParameterizedTest
    @EnumSource(Cpu.class)
    void aFrameRecordPointingAtItselfEndsTheChain(Cpu cpu) {
        SyntheticThread t = new SyntheticThread(cpu);
        long record = SyntheticThread.STACK + 0x40;
        long ra = t.returnAddress(1);
        t.word(record, record).word(record + 8, ra);
        List<UnwoundFrame> frames = t.unwind(t.registers().set(cpu.fp, record));
        // On x86-64, as in Breakpad, a record whose caller's frame pointer lies below the caller's
        // stack pointer is no frame record: the scan finds its return address instead.
        Trust second = cpu == Cpu.X86_64 ? Trust.SCAN : Trust.FP;
        assertEquals(List.of(Trust.CONTEXT, second), frames.stream().map(UnwoundFrame::trust).toList());
        assertEquals(ra, frames.get(1).address());
    }

    @ParameterizedTest
    @EnumSource(Cpu.class)
    void aStackOfReturnAddressesEndsAtTheStacksEnd(Cpu cpu) {
        SyntheticThread t = new SyntheticThread(cpu, SyntheticThread.STACK, 100 * 8);
        long ra = t.returnAddress(1);
        for (int i = 0; i < 100; i++) {
            t.word(SyntheticThread.STACK + 8L * i, ra);
        }
        // One scanned frame per word, each 8 bytes further up; then the stack has ended.
        assertEquals(101, t.unwind(t.registers(), 1000).size());
        assertEquals(40, t.unwind(t.registers(), 40).size(), "and never more than the frame limit");
    }

    /**
     * A stack in the last page, trusted up to the highest address: a frame record whose end would
     * wrap to 0 is not read, and the scan stops where the address space ends instead of wrapping.
     */
    @ParameterizedTest
    @EnumSource(Cpu.class)
    void aStackAtTheTopOfTheAddressSpaceDoesNotWrap(Cpu cpu) {
        long top = -0x1000L; // 0xffff_ffff_ffff_f000: the last page
        SyntheticThread t = new SyntheticThread(cpu, top, 0x1000);
        long ra = t.returnAddress(1);
        t.word(-16L, -16L).word(-8L, ra);
        Registers regs = new Registers().set(cpu.pc, SyntheticThread.CODE + 0x800).set(cpu.sp, -16L)
                .set(cpu.fp, -16L);
        List<UnwoundFrame> frames = t.unwind(regs, 256, -1L);
        // The scan finds ra in the last word; its caller's SP would wrap to 0: not taken.
        assertEquals(List.of(Trust.CONTEXT), frames.stream().map(UnwoundFrame::trust).toList());
    }

    /** arm64: a link register equal to the PC would be the same frame again. */
    @ParameterizedTest
    @EnumSource(value = Cpu.class, names = "ARM64")
    void aLinkRegisterEqualToThePcIsNotACaller(Cpu cpu) {
        SyntheticThread t = new SyntheticThread(cpu);
        long ra = t.returnAddress(1);
        Registers regs = new Registers().set(cpu.pc, ra).set(cpu.sp, SyntheticThread.STACK)
                .set(Registers.ARM64_LR, ra);
        assertEquals(1, t.unwind(regs).size());
    }
}
