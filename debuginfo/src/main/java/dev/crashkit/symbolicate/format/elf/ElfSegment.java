package dev.crashkit.symbolicate.format.elf;

/**
 * One program header.
 *
 * @param type p_type (1 = PT_LOAD, 4 = PT_NOTE)
 * @param flags p_flags (1 = X, 2 = W, 4 = R)
 * @param offset file offset
 * @param vaddr link-time virtual address
 * @param filesz bytes in the file
 * @param memsz bytes in memory
 * @param align p_align
 */
public record ElfSegment(long type, long flags, long offset, long vaddr, long filesz, long memsz, long align) {
    public static final long PT_LOAD = 1;
    public static final long PT_NOTE = 4;

    public boolean isExecutable() {
        return (flags & 1) != 0;
    }
}
