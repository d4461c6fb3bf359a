package dev.crashkit.symbolicate.format.macho.fixups;

import java.util.Optional;

/**
 * The 64-bit chained pointer formats of dyld's fixup-chains.h that user-space images and
 * firmware use. The 32-bit formats and those only found in the shared cache or kernel collections
 * are not read (their images carry no Objective-C metadata we could name from).
 */
enum PointerFormat {
    ARM64E(1, 8, true, false, false),
    PTR_64(2, 4, false, false, false),
    PTR_64_OFFSET(6, 4, false, true, false),
    ARM64E_KERNEL(7, 4, true, true, false),
    ARM64E_USERLAND(9, 8, true, true, false),
    ARM64E_FIRMWARE(10, 4, true, false, false),
    ARM64E_USERLAND24(12, 8, true, true, true);

    final int code;
    final int stride;
    final boolean arm64e;
    /** Plain rebase targets are offsets from the image base, not link-time addresses. */
    final boolean offsetTargets;
    /** Bind ordinals are 24 bits wide. */
    final boolean ordinal24;

    PointerFormat(int code, int stride, boolean arm64e, boolean offsetTargets, boolean ordinal24) {
        this.code = code;
        this.stride = stride;
        this.arm64e = arm64e;
        this.offsetTargets = offsetTargets;
        this.ordinal24 = ordinal24;
    }

    static Optional<PointerFormat> of(int code) {
        for (PointerFormat f : values()) {
            if (f.code == code) {
                return Optional.of(f);
            }
        }
        return Optional.empty();
    }
}
