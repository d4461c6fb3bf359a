package dev.crashkit.symbolicate.format;

/**
 * A range the image occupies at run time.
 *
 * @param name       Mach-O segment name; empty for ELF program headers
 * @param address    link-time start
 * @param size       size in memory
 * @param fileOffset where its bytes start in the file (in the slice, for a universal Mach-O)
 * @param fileSize   how many bytes the file holds (the rest is zero-filled)
 * @param executable true when it holds code
 */
public record ObjectSegment(String name, long address, long size, long fileOffset, long fileSize, boolean executable) {
    public boolean contains(long linkAddress) {
        return Long.compareUnsigned(linkAddress - address, size) < 0;
    }
}
