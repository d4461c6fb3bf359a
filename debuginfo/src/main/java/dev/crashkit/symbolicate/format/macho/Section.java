package dev.crashkit.symbolicate.format.macho;

/**
 * A section of a segment.
 *
 * @param ordinal 1-based position over all sections of the slice, the number nlist.n_sect uses
 * @param offset  file offset of the section's bytes within the slice (0 for zero-fill sections)
 * @param flags   section type and attributes (S_ATTR_PURE_INSTRUCTIONS etc.)
 */
public record Section(int ordinal, String segment, String name, long addr, long size, long offset, int flags) {
    private static final int S_ATTR_PURE_INSTRUCTIONS = 0x80000000;
    private static final int S_ATTR_SOME_INSTRUCTIONS = 0x00000400;

    /** True for sections that hold machine code (__text, __stubs, ...), the only places a PC can be. */
    public boolean hasInstructions() {
        return (flags & (S_ATTR_PURE_INSTRUCTIONS | S_ATTR_SOME_INSTRUCTIONS)) != 0;
    }

    public boolean contains(long address) {
        return Long.compareUnsigned(address, addr) >= 0 && Long.compareUnsigned(address - addr, size) < 0;
    }

    public long end() {
        return addr + size;
    }
}
