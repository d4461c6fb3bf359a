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

    /**
     * A caller found by unwind rules of another form than DWARF CFI.
     *
     * @param regs          the caller's registers the rules recover (PC and SP not yet placed)
     * @param cfa           the caller's SP
     * @param returnAddress the caller's PC (a return address)
     */
    record RuleCaller(Registers regs, long cfa, long returnAddress) {
    }

    /**
     * The caller by unwind rules this map holds in another form than an FDE index (a Breakpad
     * symbol file's STACK CFI), asked for PCs that {@link #cfiFor} does not cover. None by default.
     *
     * @param lookup the PC to look the rules up at (a return address minus one for callers)
     * @param callee the callee's registers
     * @param memory the process memory the rules read
     * @return the caller, empty without rules or when they cannot be evaluated
     */
    default Optional<RuleCaller> callerByRules(long lookup, Registers callee, Memory memory) {
        return Optional.empty();
    }

    /**
     * True when this map has no code bytes before return address {@code address} but knows that the
     * call it returns from (the byte before it) lies inside a function (a symbol file's FUNC or
     * PUBLIC record). A return-address check that cannot read the call instruction takes this
     * instead: Breakpad's own test for a scanned return address, which never reads code. False by
     * default.
     *
     * @param address a candidate return address
     * @return whether its call lies in a function whose code is not known
     */
    default boolean inFunctionWithoutCode(long address) {
        return false;
    }
}
