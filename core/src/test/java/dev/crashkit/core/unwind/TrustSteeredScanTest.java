package dev.crashkit.core.unwind;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.crashkit.core.model.Trust;
import dev.crashkit.core.unwind.SyntheticThread.Cpu;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * How the trust of a frame steers the scan for its caller (Breakpad, rust-minidump): a long scan
 * only after a frame read from the registers or from CFI, a short one after an FP or SCAN frame;
 * and no scanned word is taken unless it points into an image's code just after a call.
 */
class TrustSteeredScanTest {
    private static final int SHORT = StackScan.SHORT_WORDS;
    private static final int LONG = StackScan.LONG_WORDS;

    @ParameterizedTest
    @EnumSource(Cpu.class)
    void afterTheThreadsOwnRegistersTheScanIsLong(Cpu cpu) {
        SyntheticThread t = new SyntheticThread(cpu);
        long ra = t.returnAddress(1);
        t.word(SyntheticThread.STACK + 8L * (LONG - 1), ra);
        List<UnwoundFrame> frames = t.unwind(t.registers());
        assertEquals(List.of(Trust.CONTEXT, Trust.SCAN), trusts(frames));
        assertEquals(ra, frames.get(1).address());
    }

    @ParameterizedTest
    @EnumSource(Cpu.class)
    void noFurtherThanTheLongScan(Cpu cpu) {
        SyntheticThread t = new SyntheticThread(cpu);
        t.word(SyntheticThread.STACK + 8L * LONG, t.returnAddress(1));
        assertEquals(1, t.unwind(t.registers()).size());
    }

    @ParameterizedTest
    @EnumSource(Cpu.class)
    void afterAScannedFrameTheScanIsShort(Cpu cpu) {
        long first = SyntheticThread.STACK + 8 * 3;
        long callerSp = first + 8;
        SyntheticThread near = new SyntheticThread(cpu);
        near.word(first, near.returnAddress(1)).word(callerSp + 8L * (SHORT - 1), near.returnAddress(2));
        assertEquals(List.of(Trust.CONTEXT, Trust.SCAN, Trust.SCAN), trusts(near.unwind(near.registers())));

        SyntheticThread far = new SyntheticThread(cpu);
        far.word(first, far.returnAddress(1)).word(callerSp + 8L * SHORT, far.returnAddress(2));
        assertEquals(List.of(Trust.CONTEXT, Trust.SCAN), trusts(far.unwind(far.registers())),
                "a word the long scan would reach is not looked at after a scanned frame");
    }

    @ParameterizedTest
    @EnumSource(Cpu.class)
    void afterAFramePointerFrameTheScanIsShort(Cpu cpu) {
        long record = SyntheticThread.STACK + 0x20;
        long callerSp = record + 16;
        SyntheticThread near = framed(cpu, record);
        near.word(callerSp + 8L * (SHORT - 1), near.returnAddress(2));
        assertEquals(List.of(Trust.CONTEXT, Trust.FP, Trust.SCAN), trusts(near.unwind(registersWithFp(near, record))));

        SyntheticThread far = framed(cpu, record);
        far.word(callerSp + 8L * SHORT, far.returnAddress(2));
        assertEquals(List.of(Trust.CONTEXT, Trust.FP), trusts(far.unwind(registersWithFp(far, record))));
    }

    @ParameterizedTest
    @EnumSource(Cpu.class)
    void scannedWordsOutsideCodeOrNotAfterACallAreRejected(Cpu cpu) {
        SyntheticThread t = new SyntheticThread(cpu);
        long inData = SyntheticThread.DATA + 0x100;
        cpu.plantCall(t.data, SyntheticThread.DATA, inData); // a call's bytes, but not in code
        long notAfterCall = SyntheticThread.CODE + 0x300;    // code, but zeros before it
        long ra = t.returnAddress(1);
        t.word(SyntheticThread.STACK, inData).word(SyntheticThread.STACK + 8, notAfterCall)
                .word(SyntheticThread.STACK + 16, ra);
        List<UnwoundFrame> frames = t.unwind(t.registers());
        assertEquals(List.of(Trust.CONTEXT, Trust.SCAN), trusts(frames));
        assertEquals(ra, frames.get(1).address());
    }

    /** JIT code (executable, in no image) is stepped over: its words are not taken, the image's next one is. */
    @ParameterizedTest
    @EnumSource(Cpu.class)
    void scannedWordsInJitCodeAreSteppedOver(Cpu cpu) {
        SyntheticThread t = new SyntheticThread(cpu);
        long inJit = SyntheticThread.JIT + 0x100;
        cpu.plantCall(t.jit, SyntheticThread.JIT, inJit);
        long ra = t.returnAddress(1);
        t.word(SyntheticThread.STACK, inJit).word(SyntheticThread.STACK + 8L * (SHORT + 10), ra);
        List<UnwoundFrame> frames = t.unwind(t.registers());
        assertEquals(List.of(SyntheticThread.CODE + 0x800, ra), frames.stream().map(UnwoundFrame::address).toList());
    }

    /** A frame record at {@code record}: no caller record, return address 1. */
    /**
     * A frame record at {@code record} whose caller's frame pointer lies on the stack past any word
     * the tests scan (Breakpad takes a record only when its caller's frame pointer can be read); the
     * caller's record there is empty, so the caller's caller must be scanned for.
     */
    private static SyntheticThread framed(Cpu cpu, long record) {
        SyntheticThread t = new SyntheticThread(cpu);
        return t.word(record, SyntheticThread.STACK + SyntheticThread.STACK_BYTES - 16).word(record + 8, t.returnAddress(1));
    }

    private static Registers registersWithFp(SyntheticThread t, long record) {
        return t.registers().set(t.cpu.fp, record);
    }

    private static List<Trust> trusts(List<UnwoundFrame> frames) {
        return frames.stream().map(UnwoundFrame::trust).toList();
    }
}
