package dev.crashkit.symbolicate.symbolize;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.crashkit.core.model.Frame;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The rule alone; SignalFrameTest checks it on real captures against gdb and llvm-symbolizer. */
class SignalFramesTest {
    private static final long TRAMPOLINE = 0x7000;

    @Test
    void marksTheTrampolineAndTheFrameItInterrupted() {
        List<Frame> in = List.of(new Frame(0x1000, false), new Frame(0x2005, true), new Frame(TRAMPOLINE, true),
                new Frame(0x3000, true), new Frame(0x4005, true));
        List<Frame> out = SignalFrames.markExactPcs(in, a -> a == TRAMPOLINE);
        assertEquals(List.of(false, true, false, false, true), out.stream().map(Frame::returnAddress).toList());
        assertEquals(in.stream().map(Frame::address).toList(), out.stream().map(Frame::address).toList());
    }

    @Test
    void leavesOtherStacksAloneAndNeverLooksAtFrameZero() {
        List<Frame> in = List.of(new Frame(TRAMPOLINE, false), new Frame(0x2005, true));
        assertSame(in, SignalFrames.markExactPcs(in, a -> a == TRAMPOLINE));
    }

    @Test
    void aTrampolineAsTheLastFrameIsMarkedAlone() {
        List<Frame> in = List.of(new Frame(0x1000, false), new Frame(TRAMPOLINE, true));
        assertEquals(List.of(false, false),
                SignalFrames.markExactPcs(in, a -> a == TRAMPOLINE).stream().map(Frame::returnAddress).toList());
    }

    @Test
    void namesOfKnownTrampolines() {
        for (String name : List.of("__restore_rt", "__restore", "__kernel_rt_sigreturn", "__kernel_sigreturn")) {
            assertTrue(SignalFrames.isTrampolineName(name), name);
        }
        assertFalse(SignalFrames.isTrampolineName("__restore_sigs"));
    }
}
