package dev.crashkit.capture.darwin;

import dev.crashkit.symbolicate.unwind.Memory;
import dev.crashkit.symbolicate.unwind.Trust;
import dev.crashkit.symbolicate.unwind.UnwoundFrame;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;

/**
 * Darwin's frame-pointer walk (Apple's ABIs keep frame pointers on both arm64 and x86-64):
 * frame 0 is the PC; on arm64 frame 1 is LR, and the first saved return address is dropped when it
 * repeats LR (the function had already saved it); then each record {@code [fp] = caller fp,
 * [fp+8] = return address} while fp moves up the stack. Pointer-authentication bits are stripped.
 */
public final class FramePointerWalker {
    /** A frame record this far above SP is no longer on this thread's stack. */
    private static final long MAX_STACK = 64L * 1024 * 1024;
    private final int maxFrames;

    public FramePointerWalker(int maxFrames) {
        this.maxFrames = maxFrames;
    }

    public List<UnwoundFrame> walk(ThreadState s, Memory memory) {
        List<UnwoundFrame> out = new ArrayList<>();
        long pc = s.pc() & DarwinArch.ADDRESS_MASK;
        out.add(new UnwoundFrame(pc, Trust.CONTEXT));
        OptionalLong lr = OptionalLong.empty();
        if (s.lr().isPresent() && (s.lr().getAsLong() & DarwinArch.ADDRESS_MASK) != 0) {
            lr = OptionalLong.of(s.lr().getAsLong() & DarwinArch.ADDRESS_MASK);
            out.add(new UnwoundFrame(lr.getAsLong(), Trust.CONTEXT));
        }
        long fp = s.fp() & DarwinArch.ADDRESS_MASK;
        long sp = s.sp() & DarwinArch.ADDRESS_MASK;
        boolean first = true;
        while (out.size() < maxFrames) {
            if (fp == 0 || (fp & 7) != 0 || Long.compareUnsigned(fp, sp) < 0
                    || Long.compareUnsigned(fp - sp, MAX_STACK) > 0) {
                break;
            }
            OptionalLong next = memory.readU64(fp);
            OptionalLong ret = memory.readU64(fp + 8);
            if (next.isEmpty() || ret.isEmpty()) {
                break;
            }
            long ra = ret.getAsLong() & DarwinArch.ADDRESS_MASK;
            if (ra == 0) {
                break;
            }
            if (!(first && lr.isPresent() && ra == lr.getAsLong())) {
                out.add(new UnwoundFrame(ra, Trust.FP));
            }
            first = false;
            long nfp = next.getAsLong() & DarwinArch.ADDRESS_MASK;
            if (Long.compareUnsigned(nfp, fp) <= 0) {
                break;
            }
            fp = nfp;
        }
        return out;
    }
}
