package dev.crashkit.symbolicate.dumpsyms;

import dev.crashkit.core.ObjectFormatException;
import dev.crashkit.core.unwind.BreakpadCfi;
import dev.crashkit.core.unwind.ByteMemory;
import dev.crashkit.core.unwind.CfiException;
import dev.crashkit.core.unwind.CfiSection;
import dev.crashkit.symbolicate.demangle.cpp.ItaniumDemangler;
import dev.crashkit.symbolicate.dumpsyms.ModuleText.CfiEntry;
import dev.crashkit.symbolicate.dumpsyms.ModuleText.Function;
import dev.crashkit.symbolicate.dwarf.BreakpadUnits;
import dev.crashkit.symbolicate.dwarf.DwarfContext;
import dev.crashkit.symbolicate.dwarf.DwarfSections;
import dev.crashkit.symbolicate.format.UnwindSection;
import dev.crashkit.symbolicate.format.macho.MachOImage;
import dev.crashkit.symbolicate.format.macho.NlistEntries;
import java.io.IOException;
import java.io.Writer;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Writes a Breakpad symbol file for one Mach-O image (a thin file, a slice of a universal file, or the DWARF
 * file of a dSYM) as Breakpad's Mac {@code dump_syms} does: MODULE {@code mac ARCH UUID0 NAME}; the load
 * commands in file order, where {@code __TEXT} sets the load address and gives {@code __eh_frame} CFI,
 * {@code __DWARF} gives FILE/FUNC/line records and {@code __debug_frame} CFI, and LC_SYMTAB gives PUBLIC
 * records (every non-stab {@code N_SECT} entry outside a stabs compilation unit) and, through its
 * debug-map stabs ({@code N_SO}/{@code N_FUN}), FUNC records without lines for a binary without DWARF.
 * {@code __unwind_info} (Apple's compact unwind) is not read: {@code dump_syms} writes no CFI from it.
 */
public final class MachOSymbolFileWriter {
    private static final int N_UNDF = 0x00;
    private static final int N_FUN = 0x24;
    private static final int N_SLINE = 0x44;
    private static final int N_SO = 0x64;
    private static final int N_SOL = 0x84;
    /** {@code StabsToModule::kFallbackSize}: the size of a last function whose end the stabs do not give. */
    private static final long STABS_FALLBACK_SIZE = 0x10000000L;

    private static final int CPU_TYPE_X86 = 7;
    private static final int CPU_TYPE_X86_64 = 0x01000007;
    private static final int CPU_TYPE_ARM = 12;
    private static final int CPU_TYPE_ARM64 = 0x0100000c;
    private static final int CPU_TYPE_POWERPC = 18;

    /** Breakpad's kKnownArchitectures (Linux build): name, CPU type, CPU subtype. */
    private record KnownArch(String name, int cpuType, int cpuSubtype) {
    }

    private static final List<KnownArch> KNOWN = List.of(
            new KnownArch("i386", CPU_TYPE_X86, 3),
            new KnownArch("x86_64", CPU_TYPE_X86_64, 3),
            new KnownArch("x86_64h", CPU_TYPE_X86_64, 8),
            new KnownArch("arm", CPU_TYPE_ARM, 0),
            new KnownArch("arm64", CPU_TYPE_ARM64, 0),
            new KnownArch("arm64e", CPU_TYPE_ARM64, 2),
            new KnownArch("ppc", CPU_TYPE_POWERPC, 0));
    private static final int CPU_SUBTYPE_MASK = 0xff000000;

    /** The symbols, lines and CFI of one image, before writing. */
    public static final class Module {
        private final long loadAddress;
        private final TreeSet<Function> functions = ModuleText.functionSet();
        private final TreeMap<Long, String> externs = ModuleText.externSet();
        private final List<CfiEntry> cfi = new ArrayList<>();

        private Module(long loadAddress) {
            this.loadAddress = loadAddress;
        }

        /** Breakpad's Module::AddFunction: a FUNC replaces a PUBLIC already at its address. */
        private void addFunction(Function f) {
            externs.remove(f.address());
            functions.add(f);
        }

        /**
         * {@code CopyCFIDataBetweenModules} of Breakpad's {@code dump_syms_tool}: adds the entries of
         * {@code from} (in address order) that start before, and end before, the next entry of this module.
         */
        public void copyCfiFrom(Module from) {
            List<CfiEntry> fromSorted = new ArrayList<>(from.cfi);
            fromSorted.sort((a, b) -> Long.compareUnsigned(a.address(), b.address()));
            List<CfiEntry> toSorted = new ArrayList<>(cfi);
            toSorted.sort((a, b) -> Long.compareUnsigned(a.address(), b.address()));
            int to = 0;
            for (CfiEntry e : fromSorted) {
                long end = e.address() + e.size();
                while (to < toSorted.size() && Long.compareUnsigned(e.address(), toSorted.get(to).address()) > 0) {
                    to++;
                }
                if (to == toSorted.size() || (Long.compareUnsigned(e.address(), toSorted.get(to).address()) < 0
                        && Long.compareUnsigned(end, toSorted.get(to).address()) < 0)) {
                    cfi.add(e);
                }
            }
        }
    }

    private final MachOImage image;
    private final String name;
    private final boolean withCfi;
    private final boolean withInlines;

    /**
     * @param image the image to describe
     * @param name  the module name of the MODULE line
     * @param cfi   whether to read STACK CFI records
     */
    public MachOSymbolFileWriter(MachOImage image, String name, boolean cfi) {
        this(image, name, cfi, false);
    }

    /**
     * @param image   the image to describe
     * @param name    the module name of the MODULE line
     * @param cfi     whether to read STACK CFI records
     * @param inlines whether to read the DWARF's inlined calls for INLINE_ORIGIN and INLINE records
     *                ({@code dump_syms -d}); stabs give none
     */
    public MachOSymbolFileWriter(MachOImage image, String name, boolean cfi, boolean inlines) {
        this.image = image;
        this.name = name;
        this.withCfi = cfi;
        this.withInlines = inlines;
    }

    /**
     * The name Breakpad's Linux-built {@code dump_syms} gives a CPU type and subtype: the entry with both
     * equal, else the first with the CPU type (so arm64e with the pointer-authentication ABI bits, subtype
     * {@code 0x80000002}, is {@code arm64}); {@code i386} is written {@code x86}.
     *
     * @return the name, or empty for a CPU type Breakpad does not know
     */
    public static Optional<String> archName(int cpuType, int cpuSubtype) {
        String candidate = null;
        for (KnownArch k : KNOWN) {
            if (k.cpuType() == cpuType) {
                if (k.cpuSubtype() == cpuSubtype) {
                    candidate = k.name();
                    break;
                }
                if (candidate == null) {
                    candidate = k.name();
                }
            }
        }
        return Optional.ofNullable(candidate).map(n -> n.equals("i386") ? "x86" : n);
    }

    /**
     * Chooses the slice {@code dump_syms -a ARCH} would: the one with the CPU type and subtype (capability bits
     * masked), else the first with the CPU type.
     *
     * @param slices the images of a file
     * @param arch   an architecture name ({@code x86_64}, {@code arm64}, {@code arm64e}, {@code i386}, ...)
     * @return the slice, or empty when the name is unknown or no slice has its CPU type
     */
    public static Optional<MachOImage> selectSlice(List<MachOImage> slices, String arch) {
        KnownArch wanted = KNOWN.stream().filter(k -> k.name().equals(arch)).findFirst().orElse(null);
        if (wanted == null) {
            return Optional.empty();
        }
        MachOImage closest = null;
        for (MachOImage s : slices) {
            if (s.cpuType() == wanted.cpuType()) {
                if ((s.cpuSubtype() & ~CPU_SUBTYPE_MASK) == (wanted.cpuSubtype() & ~CPU_SUBTYPE_MASK)) {
                    return Optional.of(s);
                }
                if (closest == null) {
                    closest = s;
                }
            }
        }
        return Optional.ofNullable(closest);
    }

    /**
     * Whether two images are of one architecture: same CPU type and subtype, the subtype's capability bits
     * masked (as {@code dump_syms} matches {@code -a}). Breakpad's {@code dump_syms -g} compares the MODULE
     * names instead, so it refuses an arm64e binary (subtype {@code 0x80000002}, named {@code arm64} by its
     * Linux build) with its dSYM (subtype 2, {@code arm64e}).
     */
    public boolean sameArchitecture(MachOSymbolFileWriter other) {
        return image.cpuType() == other.image.cpuType()
                && (image.cpuSubtype() & ~CPU_SUBTYPE_MASK) == (other.image.cpuSubtype() & ~CPU_SUBTYPE_MASK);
    }

    /** {@return the architecture names {@code -a} accepts} */
    public static List<String> knownArchNames() {
        return KNOWN.stream().map(KnownArch::name).toList();
    }

    /**
     * The MODULE line's fields.
     *
     * @return os ({@code mac}), architecture, debug id (the UUID in hex and age 0; without an LC_UUID, the MD5 of
     *         the sections' bytes, as Breakpad's {@code dump_syms} names such an image), name; no code id
     * @throws DumpSymsException when the image has a CPU type Breakpad does not name
     */
    public SymbolFileWriter.ModuleId moduleId() throws DumpSymsException {
        String arch = archName(image.cpuType(), image.cpuSubtype()).orElseThrow(() -> new DumpSymsException(
                image.file() + ": CPU type " + image.cpuType() + " is not one dump-syms names"
                        + " (x86, x86-64, ARM, ARM64, PowerPC)"));
        byte[] id = MachOIdentifier.of(image);
        return new SymbolFileWriter.ModuleId("mac", arch, HexFormat.of().withUpperCase().formatHex(id) + "0", name, "");
    }

    /**
     * Reads the image's symbols, lines and CFI as {@code DumpSymbols::ReadSymbolData} does.
     *
     * @return the module
     * @throws DumpSymsException when the symbol table, DWARF or CFI is corrupt
     */
    public Module read() throws DumpSymsException {
        moduleId();
        long load = image.segment("__TEXT").map(s -> s.vmaddr()).orElse(0L);
        Module m = new Module(load);
        if (withCfi) {
            readCfi(m, false);
        }
        boolean dwarfFirst = image.segment("__DWARF").isPresent() && image.segmentBeforeSymtab("__DWARF");
        if (dwarfFirst) {
            readDwarf(m);
        }
        readSymtab(m);
        if (!dwarfFirst) {
            readDwarf(m);
        }
        if (withCfi) {
            readCfi(m, true);
        }
        ModuleText.checkInlineOutput(image.file().toString(), m.functions);
        return m;
    }

    /**
     * Writes the module.
     *
     * @param out    where the text goes
     * @param module what {@link #read()} returned (perhaps with another image's CFI copied in)
     * @throws DumpSymsException when the MODULE line cannot be made
     * @throws IOException       when {@code out} fails
     */
    public void write(Writer out, Module module) throws DumpSymsException, IOException {
        SymbolFileWriter.ModuleId id = moduleId();
        out.write("MODULE " + id.os() + " " + id.arch() + " " + id.debugId() + " " + id.name() + "\n");
        ModuleText.writeSymbols(out, module.functions, module.externs, module.loadAddress);
        if (withCfi) {
            StringBuilder b = new StringBuilder(256);
            for (CfiEntry e : module.cfi) {
                b.setLength(0);
                ModuleText.appendCfi(b, e.address(), e.size(), e.initial(), e.changes(), module.loadAddress);
                out.append(b);
            }
        }
    }

    private void readDwarf(Module m) throws DumpSymsException {
        if (!image.hasDwarf()) {
            return;
        }
        try {
            DwarfContext dwarf = DwarfContext.open(image.file().toString(), DwarfSections.of(image));
            BreakpadUnits.forEachUnit(dwarf, ItaniumDemangler::tryDemangleGnu, withInlines, unit -> {
                for (BreakpadUnits.Function f : unit) {
                    m.addFunction(new Function(f.name(), f.ranges(), f.lines(), f.inlines()));
                }
            });
        } catch (ObjectFormatException e) {
            throw named(e);
        }
    }

    /** A stabs function being read: its start, name and lines (sizes filled in at the end). */
    private record StabsFunction(String name, long address, List<long[]> lines, List<String> lineFiles) {
    }

    /**
     * LC_SYMTAB as Breakpad's {@code StabsReader} (unitized, Mach-O) and {@code StabsToModule} read it: PUBLIC
     * records from {@code N_SECT} entries between compilation units, FUNC (and line) records from {@code N_FUN}
     * stabs, each function's size the distance to the next known boundary.
     */
    private void readSymtab(Module m) throws DumpSymsException {
        NlistEntries nl;
        try {
            nl = image.readSymbols();
        } catch (ObjectFormatException e) {
            throw named(e);
        }
        StabsState st = new StabsState(nl);
        while (st.i < nl.size()) {
            int type = nl.type(st.i) & 0xff;
            if (type == N_SO) {
                compilationUnit(st);
            } else if (type == N_UNDF) {
                st.stringOffset = st.nextStringOffset;
                st.nextStringOffset = nl.value(st.i);
                st.i++;
            } else if ((type & NlistEntries.N_STAB) == 0 && (type & NlistEntries.N_TYPE) == NlistEntries.N_SECT) {
                addExtern(m, st.string(st.i), nl.value(st.i));
                st.i++;
            } else {
                st.i++;
            }
        }
        finishStabs(m, st);
    }

    private static final class StabsState {
        final NlistEntries nl;
        int i;
        long stringOffset;
        long nextStringOffset;
        long unitBase;
        String sourceFile;
        final List<Long> boundaries = new ArrayList<>();
        final List<StabsFunction> functions = new ArrayList<>();

        StabsState(NlistEntries nl) {
            this.nl = nl;
        }

        /** {@code StabsReader::SymbolString}: an offset outside the string table reads string 0. */
        String string(int entry) {
            long at = stringOffset + nl.stringIndex(entry);
            long size = nl.strings().capacity();
            return nl.stringAt(at < 0 || at >= size ? 0 : at);
        }

        int type() {
            return nl.type(i) & 0xff;
        }
    }

    private void compilationUnit(StabsState st) {
        NlistEntries nl = st.nl;
        String first = st.string(st.i);
        if (!first.isEmpty() && first.endsWith("/")) {
            st.i++; // the build directory
        }
        if (st.i >= nl.size() || st.type() != N_SO) {
            return;
        }
        String file = st.string(st.i);
        if (file.isEmpty()) {
            st.i++; // a stray end-of-unit marker
            return;
        }
        st.sourceFile = file;
        st.unitBase = nl.value(st.i);
        st.boundaries.add(st.unitBase);
        st.i++;
        List<long[]> queued = new ArrayList<>();
        List<String> queuedFiles = new ArrayList<>();
        while (st.i < nl.size() && st.type() != N_SO) {
            int type = st.type();
            if (type == N_FUN) {
                function(st, queued, queuedFiles);
            } else if (type == N_SLINE) {
                queued.add(new long[] {nl.value(st.i), nl.desc(st.i) & 0xffff});
                queuedFiles.add(st.sourceFile);
                st.i++;
            } else if (type == N_SOL) {
                st.sourceFile = st.string(st.i);
                st.i++;
            } else {
                st.i++;
            }
        }
        long end = 0;
        if (st.i < nl.size() && st.string(st.i).isEmpty()) {
            end = nl.value(st.i);
            st.i++;
        }
        st.unitBase = 0;
        if (end != 0) {
            st.boundaries.add(end);
        }
    }

    private void function(StabsState st, List<long[]> queued, List<String> queuedFiles) {
        NlistEntries nl = st.nl;
        long address = nl.value(st.i);
        String stab = st.string(st.i);
        int colon = stab.indexOf(':');
        String fname = colon < 0 ? stab : stab.substring(0, colon);
        StabsFunction f = new StabsFunction(ItaniumDemangler.tryDemangleGnu(fname).orElse(fname), address,
                new ArrayList<>(queued), new ArrayList<>(queuedFiles));
        queued.clear();
        queuedFiles.clear();
        st.boundaries.add(address);
        st.i++;
        while (st.i < nl.size()) {
            int type = st.type();
            if (type == N_SO || type == N_FUN) {
                break;
            } else if (type == N_SLINE) {
                f.lines().add(new long[] {address + nl.value(st.i), nl.desc(st.i) & 0xffff});
                f.lineFiles().add(st.sourceFile);
            } else if (type == N_SOL) {
                st.sourceFile = st.string(st.i);
            }
            st.i++;
        }
        long end = 0;
        if (st.i < nl.size()) {
            if (st.type() == N_FUN) {
                if (st.string(st.i).isEmpty()) {
                    end = address + nl.value(st.i); // an unnamed N_FUN ends the function: its value is the size
                    st.i++;
                } else {
                    end = nl.value(st.i);
                }
            } else {
                end = nl.value(st.i);
            }
        }
        if (Long.compareUnsigned(address, st.unitBase) >= 0) {
            st.functions.add(f);
        }
        if (end != 0) {
            st.boundaries.add(end);
        }
    }

    /** {@code StabsToModule::Finalize}: sizes from the sorted boundaries, then each function added. */
    private static void finishStabs(Module m, StabsState st) {
        // Sorted unsigned (sign bit flipped), searched with upper_bound: linear-logarithmic in the symbol count.
        long[] bounds = st.boundaries.stream().mapToLong(b -> b ^ Long.MIN_VALUE).sorted().toArray();
        List<StabsFunction> fs = new ArrayList<>(st.functions);
        fs.sort((a, b) -> Long.compareUnsigned(a.address(), b.address()));
        for (StabsFunction f : fs) {
            int above = upperBound(bounds, f.address() ^ Long.MIN_VALUE);
            long size = above < bounds.length ? (bounds[above] ^ Long.MIN_VALUE) - f.address() : STABS_FALLBACK_SIZE;
            List<Integer> order = new ArrayList<>();
            for (int k = 0; k < f.lines().size(); k++) {
                order.add(k);
            }
            order.sort((a, b) -> Long.compareUnsigned(f.lines().get(a)[0], f.lines().get(b)[0])); // stable
            List<BreakpadUnits.Line> lines = new ArrayList<>();
            for (int k = 0; k < order.size(); k++) {
                long[] l = f.lines().get(order.get(k));
                long next = k + 1 < order.size() ? f.lines().get(order.get(k + 1))[0] : f.address() + size;
                lines.add(new BreakpadUnits.Line(l[0], next - l[0], f.lineFiles().get(order.get(k)), l[1]));
            }
            if (!f.name().isEmpty()) {
                m.addFunction(new Function(f.name(), new long[] {f.address(), f.address() + size}, lines));
            }
        }
    }

    /** The index of the first element of sorted {@code a} greater than {@code key} ({@code a.length} if none). */
    private static int upperBound(long[] a, long key) {
        int lo = 0;
        int hi = a.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (a[mid] <= key) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /** {@code StabsToModule::Extern}: {@code __Z} names demangled, one leading underscore removed. */
    private static void addExtern(Module m, String raw, long address) {
        String name;
        if (raw.startsWith("__Z")) {
            name = ItaniumDemangler.tryDemangleGnu(raw.substring(1)).orElse(raw.substring(1));
        } else if (raw.startsWith("_")) {
            name = raw.substring(1);
        } else {
            name = raw;
        }
        m.externs.putIfAbsent(address, name);
    }

    private void readCfi(Module m, boolean debugFrame) throws DumpSymsException {
        String[] names = switch (image.cpuType()) {
            case CPU_TYPE_X86_64 -> BreakpadCfi.X86_64_NAMES;
            case CPU_TYPE_ARM64 -> BreakpadCfi.ARM64_NAMES;
            case CPU_TYPE_X86 -> BreakpadCfi.X86_NAMES;
            default -> null; // 32-bit ARM: no register names here (dump-syms writes no CFI for it)
        };
        if (names == null) {
            return;
        }
        List<UnwindSection> sections;
        try {
            sections = image.unwindSections();
        } catch (ObjectFormatException e) {
            throw named(e);
        }
        BreakpadCfi cfi = new BreakpadCfi(names);
        for (UnwindSection u : sections) {
            if (u.debugFrame() != debugFrame) {
                continue;
            }
            ByteBuffer data = u.data().duplicate();
            byte[] bytes = new byte[data.remaining()];
            data.get(bytes);
            long base = u.debugFrame() ? 0 : u.address();
            try {
                cfi.forEachEntry(new CfiSection(new ByteMemory(base, bytes), base, u.debugFrame(),
                        image.is64() ? 8 : 4), bytes.length,
                        (address, size, initial, changes) -> m.cfi.add(new CfiEntry(address, size, initial, changes)));
            } catch (CfiException e) {
                throw new DumpSymsException(image.file() + ": " + u.name() + ": " + e.getMessage());
            }
        }
    }

    private DumpSymsException named(ObjectFormatException e) {
        String message = String.valueOf(e.getMessage());
        String file = image.file().toString();
        return new DumpSymsException(message.contains(file) ? message : file + ": " + message);
    }
}
