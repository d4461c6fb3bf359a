package dev.crashkit.symbolicate.format.macho;

/**
 * An LC_SEGMENT(_64): link-time address range and where its bytes are in the slice.
 *
 * @param initprot initial VM protection (1 read, 2 write, 4 execute)
 */
public record Segment(String name, long vmaddr, long vmsize, long fileoff, long filesize, int initprot) {
    public boolean contains(long address) {
        return Long.compareUnsigned(address, vmaddr) >= 0 && Long.compareUnsigned(address - vmaddr, vmsize) < 0;
    }

    public boolean executable() {
        return (initprot & 4) != 0;
    }
}
