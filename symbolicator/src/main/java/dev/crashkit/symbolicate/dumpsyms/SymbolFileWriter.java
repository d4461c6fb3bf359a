package dev.crashkit.symbolicate.dumpsyms;

import dev.crashkit.core.ObjectFormatException;
import dev.crashkit.core.model.DebugId;
import dev.crashkit.core.unwind.BreakpadCfi;
import dev.crashkit.core.unwind.ByteMemory;
import dev.crashkit.core.unwind.CfiException;
import dev.crashkit.core.unwind.CfiSection;
import dev.crashkit.symbolicate.breakpad.BreakpadIds;
import dev.crashkit.symbolicate.demangle.cpp.ItaniumDemangler;
import dev.crashkit.symbolicate.dumpsyms.ModuleText.Function;
import dev.crashkit.symbolicate.dwarf.BreakpadUnits;
import dev.crashkit.symbolicate.dwarf.DwarfContext;
import dev.crashkit.symbolicate.dwarf.DwarfSections;
import dev.crashkit.symbolicate.format.UnwindSection;
import dev.crashkit.symbolicate.format.elf.ElfFile;
import dev.crashkit.symbolicate.format.elf.ElfSegment;
import dev.crashkit.symbolicate.format.elf.ElfSymbol;
import java.io.IOException;
import java.io.Writer;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Writes a Breakpad symbol file for an ELF file as Breakpad's Linux {@code dump_syms} does
 * ({@code google_breakpad::Module::Write}): MODULE and INFO CODE_ID from the build-id, FILE records for
 * the files lines cite (numbered in name order), FUNC and line records from DWARF, PUBLIC records for the
 * {@code .symtab} functions (else {@code .dynsym}) no FUNC starts at, demangled as {@code __cxa_demangle}
 * would, and STACK CFI from {@code .debug_frame} then {@code .eh_frame}. Addresses are relative to the
 * first PT_LOAD segment; entries outside every PT_LOAD segment are left out.
 */
public final class SymbolFileWriter {
    /**
     * What to write and how to name the module.
     *
     * @param name    the module's name
     * @param os      the MODULE line's OS
     * @param cfi     whether to write STACK CFI
     * @param inlines whether to write INLINE_ORIGIN and INLINE records ({@code dump_syms -d})
     */
    public record Options(String name, String os, boolean cfi, boolean inlines) {
        /**
         * Options without inline records.
         *
         * @param name the module's name
         * @param os   the MODULE line's OS
         * @param cfi  whether to write STACK CFI
         */
        public Options(String name, String os, boolean cfi) {
            this(name, os, cfi, false);
        }
    }

    /** The MODULE line's fields, known before the symbols are read. */
    public record ModuleId(String os, String arch, String debugId, String name, String codeId) {
    }

    private final ElfFile elf;
    private final Options options;
    private final long loadAddress;
    private final long[][] loadRanges;

    /**
     * @param elf     the file to describe
     * @param options name, OS and whether to write CFI
     */
    public SymbolFileWriter(ElfFile elf, Options options) {
        this.elf = elf;
        this.options = options;
        List<ElfSegment> loads = elf.loadSegments();
        this.loadAddress = loads.isEmpty() ? 0 : loads.get(0).vaddr();
        this.loadRanges = loads.stream().map(s -> new long[] {s.vaddr(), s.memsz()}).toArray(long[][]::new);
    }

    /**
     * The MODULE line's fields.
     *
     * @return os, architecture, Breakpad debug id, name and code id
     * @throws DumpSymsException when the file has no build-id or an architecture Breakpad does not name
     */
    public ModuleId moduleId() throws DumpSymsException {
        DebugId id = elf.id().orElseThrow(() -> new DumpSymsException(elf.path()
                + ": no GNU build-id note (dump-syms names modules by build-id)"));
        String arch = switch (elf.machine()) {
            case 62 -> "x86_64";
            case 183 -> "arm64";
            case 3 -> "x86";
            case 40 -> "arm";
            default -> throw new DumpSymsException(elf.path() + ": ELF machine " + elf.machine()
                    + " is not one dump-syms writes (x86-64, AArch64, x86, ARM)");
        };
        return new ModuleId(options.os(), arch, BreakpadIds.breakpadId(id), options.name(),
                HexFormat.of().withUpperCase().formatHex(id.bytes()));
    }

    /**
     * Writes the whole symbol file.
     *
     * @param out where the text goes
     * @throws DumpSymsException when the file's symbols, DWARF or CFI are unreadable
     * @throws IOException       when {@code out} fails
     */
    public void write(Writer out) throws DumpSymsException, IOException {
        ModuleId m = moduleId();
        out.write("MODULE " + m.os() + " " + m.arch() + " " + m.debugId() + " " + m.name() + "\n");
        out.write("INFO CODE_ID " + m.codeId() + "\n");
        TreeMap<Long, String> externs = externs();
        TreeSet<Function> functions = functions(externs);
        ModuleText.writeSymbols(out, functions, externs, loadAddress);
        if (options.cfi()) {
            writeCfi(out, m.arch());
        }
    }

    private boolean inModule(long address) {
        if (loadRanges.length == 0) {
            return true;
        }
        for (long[] r : loadRanges) {
            if (Long.compareUnsigned(address - r[0], r[1]) < 0) {
                return true;
            }
        }
        return false;
    }

    /** {@code ELFSymbolsToModule}: STT_FUNC symbols with a section, the first name at an address kept. */
    private TreeMap<Long, String> externs() throws DumpSymsException {
        List<ElfSymbol> symbols;
        try {
            symbols = elf.symbols();
        } catch (ObjectFormatException e) {
            throw named(e);
        }
        boolean hasSymtab = symbols.stream().anyMatch(s -> !s.dynamic());
        TreeMap<Long, String> out = ModuleText.externSet();
        for (ElfSymbol s : symbols) {
            if (s.dynamic() == hasSymtab || s.type() != ElfSymbol.STT_FUNC || s.sectionIndex() == 0
                    || !inModule(s.value())) {
                continue;
            }
            out.putIfAbsent(s.value(), ItaniumDemangler.tryDemangleGnu(s.name()).orElse(s.name()));
        }
        return out;
    }

    private TreeSet<Function> functions(TreeMap<Long, String> externs) throws DumpSymsException {
        TreeSet<Function> out = ModuleText.functionSet();
        if (!elf.hasDwarf()) {
            return out;
        }
        try {
            DwarfContext dwarf = DwarfContext.open(elf.path().toString(), DwarfSections.of(elf));
            BreakpadUnits.forEachUnit(dwarf, ItaniumDemangler::tryDemangleGnu, options.inlines(), unit -> {
                for (BreakpadUnits.Function f : unit) {
                    if (!inModule(f.address())) {
                        continue;
                    }
                    externs.remove(f.address());
                    out.add(new Function(f.name(), f.ranges(), f.lines(), f.inlines()));
                }
            });
        } catch (ObjectFormatException e) {
            throw named(e);
        }
        ModuleText.checkInlineOutput(elf.path().toString(), out);
        return out;
    }

    private void writeCfi(Writer out, String arch) throws DumpSymsException, IOException {
        String[] names = switch (arch) {
            case "x86_64" -> BreakpadCfi.X86_64_NAMES;
            case "arm64" -> BreakpadCfi.ARM64_NAMES;
            case "x86" -> BreakpadCfi.X86_NAMES;
            default -> null;
        };
        if (names == null) {
            return; // 32-bit ARM unwinds through .ARM.exidx, which dump-syms does not translate
        }
        BreakpadCfi cfi = new BreakpadCfi(names);
        List<UnwindSection> sections;
        try {
            sections = new ArrayList<>(elf.unwindSections());
        } catch (ObjectFormatException e) {
            throw named(e);
        }
        // Breakpad reads .debug_frame first, then .eh_frame.
        sections.sort((x, y) -> Boolean.compare(!x.debugFrame(), !y.debugFrame()));
        IOException[] failed = new IOException[1];
        StringBuilder b = new StringBuilder(256);
        for (UnwindSection u : sections) {
            ByteBuffer data = u.data().duplicate();
            byte[] bytes = new byte[data.remaining()];
            data.get(bytes);
            long base = u.debugFrame() ? 0 : u.address();
            ByteMemory memory = new ByteMemory(base, bytes);
            try {
                cfi.forEachEntry(new CfiSection(memory, base, u.debugFrame(), elf.is64() ? 8 : 4), bytes.length,
                        (address, size, initial, changes) -> {
                            if (failed[0] != null || !inModule(address)) {
                                return;
                            }
                            b.setLength(0);
                            ModuleText.appendCfi(b, address, size, initial, changes, loadAddress);
                            try {
                                out.append(b);
                            } catch (IOException e) {
                                failed[0] = e;
                            }
                        });
            } catch (CfiException e) {
                throw new DumpSymsException(elf.path() + ": " + u.name() + ": " + e.getMessage());
            }
            if (failed[0] != null) {
                throw failed[0];
            }
        }
    }

    /** A failure as one line that names the file (DWARF errors name only the unit or offset). */
    private DumpSymsException named(ObjectFormatException e) {
        String message = String.valueOf(e.getMessage());
        String file = elf.path().toString();
        return new DumpSymsException(message.contains(file) ? message : file + ": " + message);
    }
}
