package dev.crashkit.symbolicate.symbolize;

import dev.crashkit.core.model.Frame;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.LongPredicate;

/**
 * Signal frames in reports whose unwinder did not mark them (other tools, older captures). A
 * handler returns into the signal trampoline's first instruction, so a "return address" that is a
 * trampoline's start is the trampoline itself, and the frame after it (its caller in the list) is
 * the instruction the signal interrupted, read from the saved context. Neither is a return
 * address: looked up at {@code address - 1} the trampoline would fall before its symbol and the
 * interrupted frame on the instruction before the faulting one. No real return address lands on a
 * trampoline's start: glibc, musl and the Linux vDSOs put a {@code nop} before it (for unwinders
 * that subtract 1), so no call ends there.
 */
final class SignalFrames {
    /** glibc and musl ({@code __restore_rt}, musl's alias {@code __restore}), Linux vDSOs (arm64, i386, …). */
    private static final Set<String> TRAMPOLINES = Set.of("__restore_rt", "__restore", "__kernel_rt_sigreturn",
            "__kernel_sigreturn");

    private SignalFrames() {
    }

    static boolean isTrampolineName(String symbol) {
        return TRAMPOLINES.contains(symbol);
    }

    /** Whether some symbol of {@code symbols} is named as a trampoline (else no frame in it can be one). */
    static boolean anyTrampoline(dev.crashkit.symbolicate.symtab.SymbolTable symbols) {
        return symbols.anyNamed(TRAMPOLINES);
    }

    /**
     * {@code frames} with each trampoline and the frame it interrupted turned into exact PCs.
     *
     * @param trampolineStartsAt whether a trampoline symbol starts exactly at an address (as recorded)
     */
    static List<Frame> markExactPcs(List<Frame> frames, LongPredicate trampolineStartsAt) {
        List<Frame> out = null;
        for (int i = 1; i < frames.size(); i++) {
            Frame f = frames.get(i);
            if (f.returnAddress() && trampolineStartsAt.test(f.address())) {
                if (out == null) {
                    out = new ArrayList<>(frames);
                }
                out.set(i, f.asExactPc());
                if (i + 1 < frames.size()) {
                    out.set(i + 1, frames.get(i + 1).asExactPc());
                }
            }
        }
        return out == null ? frames : out;
    }
}
