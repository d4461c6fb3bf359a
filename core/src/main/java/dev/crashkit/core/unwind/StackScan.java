package dev.crashkit.core.unwind;

import dev.crashkit.core.model.Trust;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.LongPredicate;

/**
 * The last resort: the first stack word above SP that a CPU's rule accepts as a return address
 * (in an image's code, {@link CodeMap#isImageCode}, just after a call). How far to look depends on
 * how the callee was found, as in Breakpad and rust-minidump ({@code get_caller_by_scan}): after a
 * frame read from the thread's registers or from CFI the stack pointer is exact, and the caller's
 * return address may lie past a large frame, or past frames of JIT code whose words a scan does not
 * take, so the scan is long; after a frame-pointer or scanned frame the stack pointer is itself a
 * guess, and a long scan would mostly find stale words, so it is short. Both are constants: a scan
 * reads at most {@link #LONG_WORDS} words, whatever the input.
 *
 * <p>The short scan is rust-minidump's 40 words. The long one is the 2,048 words (16 KiB) this
 * unwinder always scanned before trust steered it, not rust-minidump's 160: from the first JIT frame
 * of a JVM thread (found by the CFI of the native code it called) to {@code JavaCalls::call_helper}
 * in libjvm, the next image frame, a capture of the JvmCaptureTest program measured 174 words.
 */
final class StackScan {
    /** rust-minidump's {@code default_scan_range}: words scanned after an FP or SCAN frame. */
    static final int SHORT_WORDS = 40;
    /** Words scanned after a CONTEXT or CFI frame (rust-minidump's {@code extended_scan_range} is 160). */
    static final int LONG_WORDS = 2048;

    private StackScan() {
    }

    /** A word accepted as the caller's return address. */
    record Found(long slot, long value) {
        /** The caller's SP: just above the slot, where a call pushed (or a prologue saved) it. */
        long callerSp() {
            return slot + 8;
        }
    }

    /** How many words may be scanned for the caller of a frame found this way. */
    static int words(Trust callee) {
        return switch (callee) {
            case CONTEXT, CFI -> LONG_WORDS;
            case FP, SCAN -> SHORT_WORDS;
        };
    }

    /**
     * The first 8-byte-aligned word in {@code [sp, min(stackEnd, sp + words(callee) * 8))} that
     * {@code returnAddressLike} accepts.
     */
    static Optional<Found> scan(Memory memory, long sp, long stackEnd, Trust callee, LongPredicate returnAddressLike) {
        long first = (sp + 7) & ~7L;
        int words = words(callee);
        for (int i = 0; i < words; i++) {
            long slot = first + 8L * i;
            // Stop at the stack's end, and where the address space wraps.
            if (Long.compareUnsigned(slot, first) < 0 || Long.compareUnsigned(slot + 8, slot) < 0
                    || Long.compareUnsigned(slot + 8, stackEnd) > 0) {
                break;
            }
            OptionalLong w = memory.readU64(slot);
            if (w.isPresent() && returnAddressLike.test(w.getAsLong())) {
                return Optional.of(new Found(slot, w.getAsLong()));
            }
        }
        return Optional.empty();
    }
}
