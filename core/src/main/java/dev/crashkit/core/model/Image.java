package dev.crashkit.core.model;

import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * A binary image loaded in the crashed process.
 *
 * @param loadAddress runtime address of the image's header (Mach-O) or its load bias base (ELF)
 * @param slide       runtime minus link-time address, when the report gives it
 * @param size        byte length of the image's mapped range, when the report gives it
 */
public record Image(String name, Optional<String> path, Optional<DebugId> id, Optional<Arch> arch,
                    long loadAddress, OptionalLong slide, OptionalLong size) {
    public Image {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(arch, "arch");
    }

    /** True when {@code address} lies in {@code [loadAddress, loadAddress + size)}; false if size is unknown. */
    public boolean containsBySize(long address) {
        if (size.isEmpty()) {
            return false;
        }
        long off = address - loadAddress;
        return Long.compareUnsigned(address, loadAddress) >= 0 && Long.compareUnsigned(off, size.getAsLong()) < 0;
    }
}
