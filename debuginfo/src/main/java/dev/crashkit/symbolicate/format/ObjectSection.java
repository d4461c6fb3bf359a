package dev.crashkit.symbolicate.format;

/**
 * A section.
 *
 * @param segment Mach-O segment name; empty for ELF
 * @param name    the container's own spelling ({@code __text}, {@code .text})
 * @param address link-time address (0 for sections not mapped at run time)
 * @param size    size in memory
 * @param code    true when it holds machine code
 */
public record ObjectSection(String segment, String name, long address, long size, boolean code) {
    public boolean contains(long linkAddress) {
        return Long.compareUnsigned(linkAddress - address, size) < 0;
    }
}
