package dev.crashkit.core.unwind;

/**
 * Removes pointer-authentication bits from arm64 code and frame pointers. Apple's arm64e ABI signs
 * return addresses (and other code pointers) before they are stored: the signature fills the bits
 * above the virtual address, so a saved x30 or a frame record's return address is the real
 * address with high bits set. Apple's own tools and Breakpad/rust-minidump ({@code ptr_auth_strip})
 * clear them with a mask; without the CPU's configuration at hand the mask is a bound on the
 * address space:
 * <ul>
 *   <li>47 bits by default ({@link dev.crashkit.core.model.Arch#addressMask()} of the arm64 family):
 *       user space of Apple's 64-bit ABIs ends below {@code 2^47} (macOS's {@code MACH_VM_MAX_ADDRESS}
 *       is {@code 0x7fff_fe00_0000}, iOS's is lower), and rust-minidump starts from the same 47;</li>
 *   <li>widened to the smallest all-ones mask covering the highest address known to be real (the
 *       stack's end; rust-minidump uses its highest module): Linux arm64 maps stacks and libraries
 *       just below {@code 2^48}, and its pointer-authentication bits start above the 48-bit address
 *       (bit 55 chooses the key, 56–63 may hold a top-byte tag), so a 48-bit mask strips them there.</li>
 * </ul>
 * A mask too wide would leave signature bits in; too narrow it would cut real addresses. Unsigned
 * pointers pass through unchanged either way.
 */
final class PointerAuth {
    private PointerAuth() {
    }

    /** {@code base} widened bit by bit until {@code highest} fits in it. */
    static long maskCovering(long base, long highest) {
        long mask = base;
        while ((highest & ~mask) != 0) {
            mask = (mask << 1) | 1;
        }
        return mask;
    }
}
