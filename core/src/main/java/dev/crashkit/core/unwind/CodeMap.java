package dev.crashkit.core.unwind;

import java.util.Optional;

/** What the unwinder knows about the code of the unwound process. */
public interface CodeMap {
    /** True when {@code address} lies in an executable mapping (an image's text, JIT code). */
    boolean isExecutable(long address);

    /**
     * True when {@code address} lies in the executable code of an image (a mapped file), not in
     * anonymous executable memory such as a JIT's code cache. A stack scan accepts only these, as
     * rust-minidump's does (a module must hold the address): JIT code leaves return-address-like
     * words all over its frames, and one long scan from a trusted frame then steps over the JIT
     * frames to the next image frame. By default every executable address, for maps that know
     * only images.
     */
    default boolean isImageCode(long address) {
        return isExecutable(address);
    }

    /** The call-frame information of the image holding {@code pc}, empty when none is known. */
    Optional<FdeIndex> cfiFor(long pc);
}
