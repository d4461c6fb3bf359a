package dev.crashkit.core.unwind;

import dev.crashkit.core.model.Trust;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The one frame-pointer walk. A frame record is two words at the frame pointer: {@code [fp]} the
 * caller's frame pointer, {@code [fp+8]} the return address (x86-64 and arm64 alike). The
 * per-CPU unwinders behind {@link Unwinder} take single {@link #record steps} between their CFI and
 * scan steps; Darwin capture, whose ABIs keep frame pointers, {@link #walk walks} the whole chain.
 */
public final class FramePointerWalker {
    /** A frame record this far above SP is no longer on this thread's stack. */
    private static final long MAX_STACK = 64L * 1024 * 1024;
    private final int maxFrames;

    /** One frame record as read (no bits stripped). */
    public record FrameRecord(long callerFp, long returnAddress) {
    }

    /**
     * Creates a walker for {@link #walk} chains.
     *
     * @param maxFrames the frame count at which a walk stops following records
     */
    public FramePointerWalker(int maxFrames) {
        this.maxFrames = maxFrames;
    }

    /**
     * The record at {@code fp}; empty when {@code fp} is zero or misaligned, lies below {@code sp}, the
     * record does not end by {@code stackEnd} (or would wrap past the top of the address space), or
     * its words cannot be read.
     *
     * @param memory   the thread's stack
     * @param fp       the frame pointer, with any pointer-authentication bits already stripped
     * @param sp       the stack pointer; a record below it is not on the live stack
     * @param stackEnd one past the highest stack address to trust
     * @return the caller's frame pointer and the return address, as stored
     */
    public static Optional<FrameRecord> record(Memory memory, long fp, long sp, long stackEnd) {
        if (fp == 0 || (fp & 7) != 0 || Long.compareUnsigned(fp, sp) < 0
                || Long.compareUnsigned(fp + 16, fp) < 0 || Long.compareUnsigned(fp + 16, stackEnd) > 0) {
            return Optional.empty();
        }
        OptionalLong next = memory.readU64(fp);
        OptionalLong ret = memory.readU64(fp + 8);
        if (next.isEmpty() || ret.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new FrameRecord(next.getAsLong(), ret.getAsLong()));
    }

    /**
     * The whole chain: frame 0 is the PC; with a link register (arm64) frame 1 is LR, and the first
     * saved return address is dropped when it repeats LR (the function had already saved it); then
     * each record while the frame pointer moves up the stack. {@code mask} strips
     * pointer-authentication bits from every value read.
     *
     * @param pc     the thread's PC
     * @param sp     the thread's stack pointer
     * @param fp     the thread's frame pointer
     * @param lr     the link register on arm64, empty on x86-64
     * @param mask   the address mask ANDed into every value ({@code -1L} when there are no
     *               pointer-authentication bits)
     * @param memory the thread's stack
     * @return the frames, innermost first
     */
    public List<UnwoundFrame> walk(long pc, long sp, long fp, OptionalLong lr, long mask, Memory memory) {
        List<UnwoundFrame> out = new ArrayList<>();
        out.add(new UnwoundFrame(pc & mask, Trust.CONTEXT));
        OptionalLong link = OptionalLong.empty();
        if (lr.isPresent() && (lr.getAsLong() & mask) != 0) {
            link = OptionalLong.of(lr.getAsLong() & mask);
            out.add(new UnwoundFrame(link.getAsLong(), Trust.CONTEXT));
        }
        long f = fp & mask;
        long s = sp & mask;
        boolean first = true;
        while (out.size() < maxFrames) {
            Optional<FrameRecord> r = record(memory, f, s, s + MAX_STACK + 16);
            if (r.isEmpty()) {
                break;
            }
            long ra = r.get().returnAddress() & mask;
            if (ra == 0) {
                break;
            }
            if (!(first && link.isPresent() && ra == link.getAsLong())) {
                out.add(new UnwoundFrame(ra, Trust.FP));
            }
            first = false;
            long next = r.get().callerFp() & mask;
            if (Long.compareUnsigned(next, f) <= 0) {
                break;
            }
            f = next;
        }
        return out;
    }
}
