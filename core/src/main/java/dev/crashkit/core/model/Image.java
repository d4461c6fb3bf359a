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
    /**
     * Checks that {@code name} and {@code arch} are not null.
     *
     * @param name the image's name (usually its file name)
     * @param path the image's full path, when the report gives it
     * @param id its UUID or build-id, when the report gives it
     * @param arch its architecture, when the report gives it
     * @param loadAddress runtime address of the header (Mach-O) or load bias base (ELF)
     * @param slide runtime minus link-time address, when the report gives it
     * @param size byte length of the mapped range, when the report gives it
     */
    public Image {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(arch, "arch");
    }

    /**
     * Whether the image's mapped range holds an address, compared unsigned.
     *
     * @param address a runtime address
     * @return true when {@code address} lies in {@code [loadAddress, loadAddress + size)}; false if size is unknown
     */
    public boolean containsBySize(long address) {
        if (size.isEmpty()) {
            return false;
        }
        long off = address - loadAddress;
        return Long.compareUnsigned(address, loadAddress) >= 0 && Long.compareUnsigned(off, size.getAsLong()) < 0;
    }
}
