package dev.crashkit.symbolicate.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.crashkit.core.ObjectFormatException;
import dev.crashkit.core.model.Arch;
import dev.crashkit.symbolicate.dwarf.DwarfContext;
import dev.crashkit.symbolicate.dwarf.DwarfException;
import dev.crashkit.symbolicate.dwarf.DwarfSections;
import dev.crashkit.symbolicate.format.FunctionSymbols;
import dev.crashkit.symbolicate.format.ObjectFile;
import dev.crashkit.symbolicate.format.ObjectSection;
import dev.crashkit.symbolicate.format.ObjectSegment;
import dev.crashkit.symbolicate.format.detect.ObjectFiles;
import dev.crashkit.symbolicate.dumpsyms.MachOSymbolFileWriter;
import dev.crashkit.symbolicate.dumpsyms.SymbolFileWriter;
import dev.crashkit.symbolicate.format.macho.MachOFile;
import dev.crashkit.symbolicate.format.macho.MachOImage;
import dev.crashkit.symbolicate.format.elf.ElfFile;
import dev.crashkit.symbolicate.symbolize.ObjectCodeMap;
import dev.crashkit.core.unwind.ByteMemory;
import dev.crashkit.core.unwind.Registers;
import dev.crashkit.core.unwind.Unwinder;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * Mach-O (thin and fat), ELF and the DWARF in either container, opened the way the symbolicator opens
 * them: sniff the head, open every slice, walk symbols, sections, unwind data and (ELF) notes, then build
 * a DWARF context and look up addresses. Only {@link ObjectFormatException} naming the file may escape.
 */
class ObjectFilesFuzzTest {

    /** Headers, symbol tables and DWARF indexes: a few tables per input byte. */
    private static final FuzzContract.Budget BUDGET = new FuzzContract.Budget(16L << 20, 1024);

    private static final Path DIR = tempDir();
    private static final Path FILE = DIR.resolve("fuzz-input");

    private static Path tempDir() {
        try {
            Path d = Files.createTempDirectory("crashkit-fuzz-objects");
            d.toFile().deleteOnExit();
            return d;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @FuzzTest
    void machO(byte[] input) throws IOException {
        Files.write(FILE, input);
        FuzzContract.check(input.length, BUDGET, ObjectFormatException.class, () -> named(() -> {
            byte[] head = Arrays.copyOf(input, Math.min(input.length, 512));
            if (ObjectFiles.peek(head).isEmpty()) {
                return;
            }
            ObjectFiles.isUniversal(head);
            for (ObjectFile o : ObjectFiles.open(FILE)) {
                walk(o);
            }
        }));
    }

    @FuzzTest
    void elf(byte[] input) throws IOException {
        Files.write(FILE, input);
        FuzzContract.check(input.length, BUDGET, ObjectFormatException.class, () -> named(() -> {
            ElfFile elf = ElfFile.parse(FILE, ByteBuffer.wrap(input));
            walk(elf);
            elf.buildId(); // notes
            elf.symbols();
            elf.programHeaders();
        }));
    }

    @FuzzTest
    void dwarf(byte[] input) throws IOException {
        Files.write(FILE, input);
        FuzzContract.check(input.length, BUDGET, ObjectFormatException.class, () -> named(() -> {
            byte[] head = Arrays.copyOf(input, Math.min(input.length, 512));
            if (ObjectFiles.peek(head).isEmpty()) {
                return;
            }
            for (ObjectFile o : ObjectFiles.open(FILE)) {
                if (!o.hasDwarf()) {
                    continue;
                }
                DwarfContext dwarf = DwarfContext.open(FILE.toString(), DwarfSections.of(o));
                dwarf.unitCount();
                lookups(o, dwarf);
                flatten(dwarf);
            }
        }));
    }

    /**
     * {@code dump-syms}: a whole Breakpad symbol file written for the input (build-id, symbol table, every
     * unit's functions and line program cut to function ranges, every FDE's CFA program as STACK CFI rules).
     */
    @FuzzTest
    void dumpSyms(byte[] input) throws IOException {
        Files.write(FILE, input);
        FuzzContract.check(input.length, BUDGET, ObjectFormatException.class, () -> named(() -> {
            ElfFile elf = ElfFile.parse(FILE, ByteBuffer.wrap(input));
            try {
                new SymbolFileWriter(elf, new SymbolFileWriter.Options("fuzz-input", "Linux", true, true))
                        .write(java.io.Writer.nullWriter());
            } catch (ObjectFormatException e) {
                throw e;
            } catch (IOException e) {
                throw new UncheckedIOException(e); // the null writer does not fail
            }
        }));
    }

    /**
     * {@code dump-syms} on Mach-O: every slice of a thin or universal file (a binary or a dSYM's DWARF file) read as
     * Breakpad's Mac {@code dump_syms} reads it (nlist PUBLICs, debug-map stabs turned into FUNCs with sizes from
     * the sorted boundaries, DWARF, {@code __eh_frame}/{@code __debug_frame} CFI) and written to a null writer.
     */
    @FuzzTest
    void dumpSymsMachO(byte[] input) throws IOException {
        Files.write(FILE, input);
        FuzzContract.check(input.length, BUDGET, ObjectFormatException.class, () -> named(() -> {
            for (MachOImage slice : MachOFile.open(FILE).slices()) {
                MachOSymbolFileWriter writer = new MachOSymbolFileWriter(slice, "fuzz-input", true, true);
                try {
                    writer.write(java.io.Writer.nullWriter(), writer.read());
                } catch (ObjectFormatException e) {
                    throw e;
                } catch (IOException e) {
                    throw new UncheckedIOException(e); // the null writer does not fail
                }
            }
        }));
    }

    /**
     * {@code symbolicate --reunwind}: the file's CFI ({@code .eh_frame}, {@code .debug_frame}: CIE/FDE parsing,
     * CFA programs, DWARF expressions) driving core's unwinder from PCs across its executable segments over a
     * synthetic stack of return addresses and frame pointers into that code. Unwinding never throws: damaged
     * CFI falls back to frame pointers and scanning.
     */
    @FuzzTest
    void reunwind(byte[] input) throws IOException {
        Files.write(FILE, input);
        FuzzContract.check(input.length, BUDGET, ObjectFormatException.class, () -> named(() -> {
            ElfFile elf = ElfFile.parse(FILE, ByteBuffer.wrap(input));
            ObjectCodeMap code = new ObjectCodeMap(List.of(new ObjectCodeMap.Module(elf, 0)));
            List<Long> pcs = new ArrayList<>();
            for (ObjectSegment s : elf.segments()) {
                if (s.executable() && s.size() != 0) {
                    long step = Long.divideUnsigned(s.size(), 16);
                    for (int i = 0; i < 16; i++) {
                        pcs.add(s.address() + step * i + i);
                    }
                }
            }
            if (pcs.isEmpty()) {
                return;
            }
            ByteBuffer stack = ByteBuffer.allocate(STACK_BYTES).order(ByteOrder.LITTLE_ENDIAN);
            for (int slot = 0; slot < STACK_BYTES / 8; slot++) {
                // Alternate frame pointers (each to the next pair up) and return addresses into the code.
                stack.putLong(slot % 2 == 0 ? STACK_BASE + (slot + 2) * 8L : pcs.get(slot % pcs.size()) + 5);
            }
            ByteMemory stackMemory = new ByteMemory(STACK_BASE, stack.array());
            Unwinder unwinder = Unwinder.forArch(Arch.Known.X86_64, stackMemory.over(code.memory()), code, 64).orElseThrow();
            for (long pc : pcs) {
                Registers regs = new Registers().set(Registers.X86_64_RA, pc).set(Registers.X86_64_RSP, STACK_BASE)
                        .set(Registers.X86_64_RBP, STACK_BASE + 16);
                unwinder.unwind(regs, stackMemory.end());
            }
        }));
    }

    private static final long STACK_BASE = 0x7ffd_0000_0000L;
    private static final int STACK_BYTES = 4096;

    /**
     * What the second use of a debug file does (the symbol cache build): every unit flattened. The
     * flattener keeps a unit's DWARF problems as answers and reports anything else as "cannot
     * flatten", which callers survive by answering from the DWARF; here such a cause is a finding.
     */
    private static void flatten(DwarfContext dwarf) throws ObjectFormatException {
        try {
            dwarf.flatten(1);
        } catch (DwarfException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException r) {
                throw r;
            }
            if (cause instanceof Error err) {
                throw err;
            }
            throw e;
        }
    }

    /** Addresses in and around every executable section: hits, misses, both ends. */
    private static void lookups(ObjectFile o, DwarfContext dwarf) throws ObjectFormatException {
        int n = 0;
        for (ObjectSection s : o.sections()) {
            long start = s.address();
            long size = s.size();
            for (long a : new long[] {start, start + size / 3, start + size / 2, start + size - 1, start + size}) {
                dwarf.lookup(a);
                if (++n > 64) {
                    return;
                }
            }
        }
        dwarf.lookup(o.linkBase());
    }

    /** What callers of any object file walk. */
    private static void walk(ObjectFile o) throws ObjectFormatException {
        o.id();
        o.arch();
        o.kind();
        o.linkBase();
        o.byteOrder();
        o.addressSize();
        for (ObjectSegment s : o.segments()) {
            o.segmentData(s);
        }
        o.sections();
        o.checkSections();
        o.checkSymbols();
        FunctionSymbols symbols = o.functionSymbols();
        symbols.nameTable();
        symbols.forEach(new FunctionSymbols.Visitor() {
            @Override
            public void atOffset(int nameOffset, long start, long limit, int rank) {
            }

            @Override
            public void named(String name, String version, long start, long limit, int rank) {
            }
        });
        symbols.fallbackBoundaries();
        o.functionStarts();
        o.unwindSections();
        o.debugLink();
        o.hasDwarf();
        if (o instanceof dev.crashkit.symbolicate.format.elf.ElfFile elf) {
            elf.soname(); // what atos names a build-id debug file by
        }
    }

    private interface Body {
        void run() throws ObjectFormatException;
    }

    private static void named(Body body) throws ObjectFormatException {
        try {
            body.run();
        } catch (ObjectFormatException e) {
            FuzzContract.requireNamed(e, FILE.toString());
            throw e;
        }
    }
}
