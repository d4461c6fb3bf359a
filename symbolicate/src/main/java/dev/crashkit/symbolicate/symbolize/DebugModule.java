package dev.crashkit.symbolicate.symbolize;

import dev.crashkit.core.model.Arch;
import dev.crashkit.symbolicate.dwarf.DwarfContext;
import dev.crashkit.symbolicate.dwarf.DwarfException;
import dev.crashkit.symbolicate.dwarf.SourceFrame;
import dev.crashkit.symbolicate.format.elf.ElfFile;
import dev.crashkit.symbolicate.format.elf.ElfSegment;
import dev.crashkit.symbolicate.format.macho.MachOImage;
import dev.crashkit.symbolicate.symtab.SymbolTable;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Everything loaded for one image identity: the file that answers, its link-time layout, its
 * symbol index and, when present, its DWARF. Immutable; shared between reports and threads.
 *
 * @param linkBase link-time address the report's load address corresponds to (Mach-O: __TEXT
 *                 vmaddr; ELF: the lowest PT_LOAD address, page-aligned)
 * @param ranges   link-time ranges the image occupies, to find the image of an address when the
 *                 report gives no size
 */
public record DebugModule(Path file, Arch arch, long linkBase, List<LinkRange> ranges, SymbolTable symbols,
                          Optional<DwarfContext> dwarf, NameFallback fallback) {

    public DebugModule {
        ranges = List.copyOf(ranges);
    }

    /** A module without names for stripped code. */
    public DebugModule(Path file, Arch arch, long linkBase, List<LinkRange> ranges, SymbolTable symbols,
                       Optional<DwarfContext> dwarf) {
        this(file, arch, linkBase, ranges, symbols, dwarf, NameFallback.none());
    }

    /**
     * Everything known about {@code linkAddress}: DWARF's inline chain (innermost first, the
     * concrete function last) when DWARF covers it, else the symbol table's function; empty when
     * neither does. Offsets are always from the symbol table's function start when there is one.
     */
    public List<ResolvedSymbol> lookup(long linkAddress) {
        int i = symbols.indexOf(linkAddress);
        if (dwarf.isPresent()) {
            List<SourceFrame> frames;
            try {
                frames = dwarf.get().lookup(linkAddress);
            } catch (DwarfException e) {
                frames = List.of(); // a damaged unit: the symbol table still answers
            }
            if (!frames.isEmpty()) {
                return fromDwarf(frames, i, linkAddress);
            }
        }
        if (i < 0) {
            // Precedence dwarf > symtab > exports > objc > swift > function_starts (NameSource
            // argues it): metadata names only where the linker's and compiler's records are silent.
            return fallback.lookup(linkAddress).flatMap(h -> h.name().map(n -> List.of(
                    ResolvedSymbol.fromSymbolTable(n, h.start()).withSource(h.source().jsonName()))))
                    .orElse(List.of());
        }
        return List.of(ResolvedSymbol.fromSymbolTable(symbols.name(i), symbols.start(i)));
    }

    /**
     * Start of the function around {@code linkAddress} when it has no name (LC_FUNCTION_STARTS of
     * a stripped image), so that offsets are printed from it.
     */
    public java.util.OptionalLong unnamedFunctionStart(long linkAddress) {
        if (symbols.indexOf(linkAddress) >= 0) {
            return java.util.OptionalLong.empty();
        }
        return fallback.lookup(linkAddress).filter(h -> h.name().isEmpty())
                .map(h -> java.util.OptionalLong.of(h.start())).orElse(java.util.OptionalLong.empty());
    }

    private List<ResolvedSymbol> fromDwarf(List<SourceFrame> frames, int symbolIndex, long linkAddress) {
        SourceFrame concrete = frames.get(frames.size() - 1);
        long start = symbolIndex >= 0 ? symbols.start(symbolIndex)
                : concrete.startAddress().orElse(linkAddress);
        List<ResolvedSymbol> out = new ArrayList<>(frames.size());
        for (SourceFrame f : frames) {
            Optional<String> name = f.functionName();
            if (!f.inlined() && symbolIndex >= 0) {
                // The concrete function is named by its symbol, as llvm-symbolizer does in linkage
                // mode: DWARF may only have a short DW_AT_name (Swift thunks, C functions).
                name = Optional.of(symbols.name(symbolIndex));
            }
            out.add(new ResolvedSymbol(name.orElse("??"), start, f.file(),
                    f.line() > 0 ? OptionalInt.of((int) f.line()) : OptionalInt.empty(),
                    f.column() > 0 ? OptionalInt.of((int) f.column()) : OptionalInt.empty(), f.inlined(), "dwarf"));
        }
        return out;
    }

    /** A Mach-O image (binary or dSYM companion). */
    public static DebugModule ofMachO(MachOImage image, SymbolTable symbols, Optional<DwarfContext> dwarf) {
        return ofMachO(image, symbols, dwarf, NameFallback.none());
    }

    /** A Mach-O image with names for its stripped code. */
    public static DebugModule ofMachO(MachOImage image, SymbolTable symbols, Optional<DwarfContext> dwarf,
                                      NameFallback fallback) {
        List<LinkRange> mapped = image.segments().stream()
                .filter(s -> s.vmsize() != 0 && !s.name().equals("__PAGEZERO"))
                .map(s -> new LinkRange(s.vmaddr(), s.vmsize()))
                .toList();
        return new DebugModule(image.file(), image.arch(), image.textVmaddr(), mapped, symbols, dwarf, fallback);
    }

    /** An ELF executable, shared library or separate debug file. */
    public static DebugModule ofElf(ElfFile elf, SymbolTable symbols, Optional<DwarfContext> dwarf) {
        List<LinkRange> loads = elf.loadSegments().stream()
                .filter(p -> p.memsz() > 0)
                .map(p -> new LinkRange(p.vaddr(), p.memsz()))
                .toList();
        long base = elf.loadSegments().stream().mapToLong(ElfSegment::vaddr).min().orElse(0) & ~0xfffL;
        return new DebugModule(elf.path(), Arch.elf(elf.machine()), base, loads, symbols, dwarf);
    }

    /** The same module under another name (an archive member instead of its extracted copy). */
    DebugModule renamed(Path displayName) {
        return new DebugModule(displayName, arch, linkBase, ranges, symbols, dwarf, fallback);
    }
}
