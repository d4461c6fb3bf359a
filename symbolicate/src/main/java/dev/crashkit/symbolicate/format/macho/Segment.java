package dev.crashkit.symbolicate.format.macho;

/** An LC_SEGMENT(_64): link-time address range and where its bytes are in the slice. */
public record Segment(String name, long vmaddr, long vmsize, long fileoff, long filesize) {
    public boolean contains(long address) {
        return Long.compareUnsigned(address, vmaddr) >= 0 && Long.compareUnsigned(address - vmaddr, vmsize) < 0;
    }
}
