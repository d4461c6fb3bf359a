package dev.crashkit.symbolicate.symtab;

import dev.crashkit.core.ObjectFormatException;
import dev.crashkit.symbolicate.format.elf.ElfFile;
import dev.crashkit.symbolicate.format.elf.ElfSection;
import dev.crashkit.symbolicate.format.elf.ElfSymbol;
import java.util.List;

/**
 * Builds the symbol index of an ELF file from .symtab (preferred) and .dynsym: defined function
 * symbols only, each covering {@code [value, value + size)} when the size is known, else up to the
 * next symbol or its section's end.
 */
public final class ElfSymbolTables {
    private static final int RANK_SYMTAB_GLOBAL = 4;
    private static final int RANK_SYMTAB = 3;
    private static final int RANK_DYNSYM_GLOBAL = 2;
    private static final int RANK_DYNSYM = 1;

    private ElfSymbolTables() {
    }

    public static SymbolTable build(ElfFile elf) throws ObjectFormatException {
        List<ElfSection> sections = elf.sections();
        SymbolTableBuilder b = new SymbolTableBuilder();
        for (ElfSymbol s : elf.symbols()) {
            if (!s.isDefinedFunction() || s.name().isEmpty()) {
                continue;
            }
            long limit;
            if (s.size() > 0) {
                limit = s.value() + s.size();
            } else if (s.sectionIndex() > 0 && s.sectionIndex() < sections.size()) {
                ElfSection sec = sections.get(s.sectionIndex());
                limit = sec.addr() + sec.size();
            } else {
                continue;
            }
            boolean global = s.binding() != 0;
            int rank = s.dynamic() ? (global ? RANK_DYNSYM_GLOBAL : RANK_DYNSYM) : (global ? RANK_SYMTAB_GLOBAL : RANK_SYMTAB);
            b.add(s.name(), s.value(), limit, rank);
        }
        return b.build(new long[0]);
    }
}
