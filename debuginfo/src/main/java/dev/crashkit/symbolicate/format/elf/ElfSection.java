package dev.crashkit.symbolicate.format.elf;

/**
 * One section header of an ELF file, with its name resolved.
 *
 * @param index section header index
 * @param name name from the section-header string table
 * @param type sh_type (SHT_*)
 * @param flags sh_flags (SHF_*)
 * @param addr link-time address (0 for non-allocated sections)
 * @param offset file offset of the contents
 * @param size size in the file (compressed size for compressed sections)
 * @param link sh_link
 * @param info sh_info
 * @param addralign sh_addralign
 * @param entsize sh_entsize
 */
public record ElfSection(int index, String name, long type, long flags, long addr, long offset, long size, long link,
        long info, long addralign, long entsize) {
    public static final long SHT_SYMTAB = 2;
    public static final long SHT_NOTE = 7;
    public static final long SHT_NOBITS = 8;
    public static final long SHT_DYNSYM = 11;
    public static final long SHF_ALLOC = 0x2;
    public static final long SHF_EXECINSTR = 0x4;
    public static final long SHF_COMPRESSED = 0x800;

    /** True for SHT_NOBITS: the section takes no bytes in this file (.bss, stripped debug copies). */
    public boolean isNoBits() {
        return type == SHT_NOBITS;
    }

    /** True when the contents are compressed (SHF_COMPRESSED, or the older {@code .zdebug_*} naming). */
    public boolean isCompressed() {
        return (flags & SHF_COMPRESSED) != 0 || name.startsWith(".zdebug");
    }
}
