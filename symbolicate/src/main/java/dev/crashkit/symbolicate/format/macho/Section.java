package dev.crashkit.symbolicate.format.macho;

/**
 * A section of a segment.
 *
 * @param ordinal 1-based position over all sections of the slice, the number nlist.n_sect uses
 * @param offset  file offset of the section's bytes within the slice (0 for zero-fill sections)
 */
public record Section(int ordinal, String segment, String name, long addr, long size, long offset) {
    public boolean contains(long address) {
        return Long.compareUnsigned(address, addr) >= 0 && Long.compareUnsigned(address - addr, size) < 0;
    }

    public long end() {
        return addr + size;
    }
}
