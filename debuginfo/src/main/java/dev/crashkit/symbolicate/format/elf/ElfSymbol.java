package dev.crashkit.symbolicate.format.elf;

/**
 * One symbol of .symtab or .dynsym.
 *
 * @param name the name as the string table has it (raw, mangled; a .symtab name may end in
 *             {@code @VERSION} or {@code @@VERSION})
 * @param tableVersion the GNU version .gnu.version gives a .dynsym symbol ("" for none)
 * @param tableVersionHidden true when .gnu.version marks that version hidden (an older one)
 * @param value st_value: the link-time address for defined symbols of executables and libraries
 * @param size st_size (0 when unknown)
 * @param type STT_* (2 = STT_FUNC, 1 = STT_OBJECT, 10 = STT_GNU_IFUNC)
 * @param binding STB_* (0 = local, 1 = global, 2 = weak)
 * @param sectionIndex st_shndx (0 = undefined)
 * @param dynamic true when it comes from .dynsym
 */
public record ElfSymbol(String name, String tableVersion, boolean tableVersionHidden, long value, long size, int type, int binding,
                        int sectionIndex, boolean dynamic) {
    public static final int STT_FUNC = 2;
    public static final int STT_GNU_IFUNC = 10;

    /** Defined (has a section) and names code. */
    public boolean isDefinedFunction() {
        return sectionIndex != 0 && (type == STT_FUNC || type == STT_GNU_IFUNC);
    }

    /**
     * The name without its version, as gdb and llvm-symbolizer-style tools print a function:
     * {@code pthread_cond_wait@@GLIBC_2.3.2} is {@code pthread_cond_wait}. A leading {@code @} is
     * part of the name.
     */
    public String baseName() {
        int at = name.indexOf('@', 1);
        return at < 0 ? name : name.substring(0, at);
    }

    /**
     * True for the default version of a name ({@code name@@VERSION}, or not hidden in
     * .gnu.version) and for a symbol without one; false for an older one ({@code name@VERSION}),
     * which the linker no longer binds new references to.
     */
    public boolean isDefaultVersion() {
        int at = name.indexOf('@', 1);
        return at < 0 ? !tableVersionHidden : name.startsWith("@", at + 1);
    }

    /**
     * The symbol's GNU version: the part after {@code @}/{@code @@} of a .symtab name, else what
     * .gnu.version gives; "" for none.
     */
    public String version() {
        int at = name.indexOf('@', 1);
        if (at < 0) {
            return tableVersion;
        }
        return name.substring(name.startsWith("@", at + 1) ? at + 2 : at + 1);
    }
}
