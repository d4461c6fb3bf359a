package dev.crashkit.core.unwind;

import java.util.Optional;

/** What the unwinder knows about the code of the unwound process. */
public interface CodeMap {
    /**
     * True when {@code address} lies in an executable mapping (an image's text, JIT code).
     *
     * @param address the address to test
     * @return whether {@code address} is executable
     */
    boolean isExecutable(long address);

    /**
     * True when {@code address} lies in the executable code of an image (a mapped file), not in
     * anonymous executable memory such as a JIT's code cache. A stack scan accepts only these, as
     * rust-minidump's does (a module must hold the address): JIT code leaves return-address-like
     * words all over its frames, and one long scan from a trusted frame then steps over the JIT
     * frames to the next image frame. By default every executable address, for maps that know
     * only images.
     *
     * @param address the address to test
     * @return whether {@code address} is in an image's executable code
     */
    default boolean isImageCode(long address) {
        return isExecutable(address);
    }

    /**
     * The call-frame information of the image holding {@code pc}, empty when none is known.
     *
     * @param pc an address in the image's code
     * @return the FDE index of that image's CFI
     */
    Optional<FdeIndex> cfiFor(long pc);
}
