package dev.crashkit.symbolicate.format.elf;

import dev.crashkit.symbolicate.format.FunctionSymbols;
import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * ELF's function symbols: defined {@code STT_FUNC}/{@code STT_GNU_IFUNC} entries of .symtab
 * (preferred) and .dynsym, each covering {@code [value, value + size)} when the size is known, else
 * up to its section's end; global before local, .symtab before .dynsym at a shared address. Names
 * are given without their version ({@code @@GLIBC_2.3.2}), the version beside them.
 */
final class ElfFunctionSymbols implements FunctionSymbols {
    private static final int RANK_SYMTAB_GLOBAL = 4;
    private static final int RANK_SYMTAB = 3;
    private static final int RANK_DYNSYM_GLOBAL = 2;
    private static final int RANK_DYNSYM = 1;

    private final List<ElfSymbol> symbols;
    private final List<ElfSection> sections;

    ElfFunctionSymbols(List<ElfSymbol> symbols, List<ElfSection> sections) {
        this.symbols = symbols;
        this.sections = sections;
    }

    @Override
    public Optional<ByteBuffer> nameTable() {
        return Optional.empty();
    }

    @Override
    public int sizeHint() {
        return symbols.size();
    }

    @Override
    public void forEach(Visitor visitor) {
        Map<String, String> dynamicVersions = dynamicVersions();
        for (ElfSymbol s : symbols) {
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
            // Of two versions at one address (clock_nanosleep@@GLIBC_2.17, @GLIBC_2.2.5) the default one names it.
            int rank = 2 * (s.dynamic() ? (global ? RANK_DYNSYM_GLOBAL : RANK_DYNSYM)
                    : (global ? RANK_SYMTAB_GLOBAL : RANK_SYMTAB)) + (s.isDefaultVersion() ? 1 : 0);
            String name = s.baseName();
            String version = s.version();
            if (version.isEmpty() && !s.dynamic()) {
                version = dynamicVersions.getOrDefault(key(name, s.value()), "");
            }
            visitor.named(name, version, s.value(), limit, rank);
        }
    }

    /**
     * The versions .dynsym gives its functions, by name and address: a .symtab name carries its
     * version only when the source chose one ({@code .symver}); the others ({@code malloc} of
     * glibc) get theirs from the version script, which only .gnu.version records.
     */
    private Map<String, String> dynamicVersions() {
        Map<String, String> out = new HashMap<>();
        for (ElfSymbol s : symbols) {
            if (s.dynamic() && s.isDefinedFunction() && !s.version().isEmpty()) {
                String key = key(s.baseName(), s.value());
                if (s.isDefaultVersion()) {
                    out.put(key, s.version()); // the default version over an older one at the same address
                } else {
                    out.putIfAbsent(key, s.version());
                }
            }
        }
        return out;
    }

    private static String key(String name, long value) {
        return Long.toHexString(value) + ' ' + name;
    }

    @Override
    public long[] fallbackBoundaries() {
        return new long[0];
    }
}
