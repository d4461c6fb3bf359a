package dev.crashkit.symbolicate.format.macho;

import dev.crashkit.core.ObjectFormatException;
import dev.crashkit.core.bytes.ByteReader;
import dev.crashkit.core.model.Arch;
import dev.crashkit.core.model.DebugId;
import dev.crashkit.symbolicate.format.FunctionSymbols;
import dev.crashkit.symbolicate.format.KaitaiGuard;
import dev.crashkit.symbolicate.format.ObjectFile;
import dev.crashkit.symbolicate.format.ObjectFormat;
import dev.crashkit.symbolicate.format.ObjectKind;
import dev.crashkit.symbolicate.format.ObjectSection;
import dev.crashkit.symbolicate.format.ObjectSegment;
import dev.crashkit.symbolicate.format.UnwindSection;
import dev.crashkit.symbolicate.format.kaitai.MachO;
import io.kaitai.struct.ByteBufferKaitaiStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One thin Mach-O image (a whole thin file or one slice of a fat file): header facts, segments,
 * sections and identity are read eagerly; the symbol table and function starts on request.
 */
public final class MachOImage implements ObjectFile {
    /** MH_DSYM: the companion file inside a .dSYM bundle (segments without bytes, plus __DWARF). */
    public static final int MH_DSYM = 0xa;
    private static final int MH_EXECUTE = 0x2;
    /** Section types that take no bytes in the file. */
    private static final int S_ZEROFILL = 0x1;
    private static final int S_GB_ZEROFILL = 0xc;
    private static final int S_THREAD_LOCAL_ZEROFILL = 0x12;
    private static final int MH_DYLIB = 0x6;
    private static final int MH_DYLINKER = 0x7;
    private static final int MH_BUNDLE = 0x8;

    private final Path file;
    private final long sliceOffset;
    private final ByteBuffer bytes;
    private final MachO parsed;
    private final Arch arch;
    private final Optional<DebugId> uuid;
    private final List<Segment> segments;
    private final List<Section> sections;
    private final MachO.MachHeader.SymtabCommand symtab;
    private final MachO.MachHeader.LinkeditDataCommand functionStarts;
    private final Optional<String> installName;
    /** The segments whose load commands come before LC_SYMTAB's (all of them when there is none). */
    private final java.util.Set<String> segmentsBeforeSymtab;

    private MachOImage(Path file, long sliceOffset, ByteBuffer bytes, MachO parsed) {
        this.file = file;
        this.sliceOffset = sliceOffset;
        this.bytes = bytes;
        this.parsed = parsed;
        this.arch = Arch.machO(parsed.header().cputype(), parsed.header().cpusubtype());
        List<Segment> segs = new ArrayList<>();
        List<Section> sects = new ArrayList<>();
        Optional<DebugId> id = Optional.empty();
        MachO.MachHeader.SymtabCommand st = null;
        MachO.MachHeader.LinkeditDataCommand fs = null;
        Optional<String> install = Optional.empty();
        java.util.Set<String> beforeSymtab = new java.util.HashSet<>();
        for (MachO.MachHeader.LoadCommand lc : parsed.header().loadCommands().commands()) {
            Object body = lc.body();
            if (body instanceof MachO.MachHeader.SegmentCommand seg) {
                if (st == null) {
                    beforeSymtab.add(seg.segname());
                }
                segs.add(new Segment(seg.segname(), number(seg.vmaddr()), number(seg.vmsize()),
                        number(seg.fileoff()), number(seg.filesize()), (int) seg.initprot()));
                for (MachO.MachHeader.Section s : seg.sections()) {
                    sects.add(new Section(sects.size() + 1, s.segname(), s.sectname(), number(s.addr()),
                            number(s.size()), s.offset(), (int) s.flags()));
                }
            } else if (body instanceof MachO.MachHeader.UuidCommand u) {
                id = Optional.of(DebugId.uuid(u.uuid()));
            } else if (body instanceof MachO.MachHeader.SymtabCommand s) {
                st = s;
            } else if (body instanceof MachO.MachHeader.LinkeditDataCommand l
                    && lc.kind() == MachO.LoadCommandType.FUNCTION_STARTS) {
                fs = l;
            } else if (body instanceof MachO.MachHeader.DylibCommand d && lc.kind() == MachO.LoadCommandType.ID_DYLIB) {
                install = Optional.ofNullable(d.name());
            }
        }
        this.segments = List.copyOf(segs);
        this.sections = List.copyOf(sects);
        this.uuid = id;
        this.symtab = st;
        this.functionStarts = fs;
        this.installName = install;
        this.segmentsBeforeSymtab = java.util.Set.copyOf(beforeSymtab);
    }

    /** Parses the thin image in {@code bytes} (the slice at {@code sliceOffset} of {@code file}). */
    public static MachOImage parse(Path file, long sliceOffset, ByteBuffer bytes) throws ObjectFormatException {
        return KaitaiGuard.parse(file, "Mach-O header/load commands", () -> {
            MachO m = new MachO(new ByteBufferKaitaiStream(bytes.duplicate()));
            return new MachOImage(file, sliceOffset, bytes, m);
        });
    }

    private static long number(Object kaitaiInt) {
        return ((Number) kaitaiInt).longValue();
    }

    public Path file() {
        return file;
    }

    @Override
    public Path path() {
        return file;
    }

    @Override
    public ObjectFormat format() {
        return ObjectFormat.MACH_O;
    }

    @Override
    public Optional<DebugId> id() {
        return uuid;
    }

    @Override
    public ObjectKind kind() {
        return switch (fileType()) {
            case MH_EXECUTE -> ObjectKind.EXECUTABLE;
            case MH_DYLIB, MH_DYLINKER, MH_BUNDLE -> ObjectKind.LIBRARY;
            case MH_DSYM -> ObjectKind.DEBUG_COMPANION;
            default -> ObjectKind.OTHER;
        };
    }

    @Override
    public long linkBase() {
        return textVmaddr();
    }

    @Override
    public List<ObjectSegment> segments() {
        return segments.stream()
                .filter(s -> s.vmsize() != 0 && !s.name().equals("__PAGEZERO"))
                .map(s -> new ObjectSegment(s.name(), s.vmaddr(), s.vmsize(), s.fileoff(), s.filesize(), s.executable()))
                .toList();
    }

    @Override
    public List<ObjectSection> sections() {
        return sections.stream().map(s -> new ObjectSection(s.segment(), s.name(), s.addr(), s.size(),
                s.hasInstructions())).toList();
    }

    @Override
    public ByteBuffer segmentData(ObjectSegment s) throws ObjectFormatException {
        if (s.fileOffset() < 0 || s.fileSize() < 0 || s.fileOffset() > bytes.capacity()
                || s.fileSize() > bytes.capacity() - s.fileOffset()) {
            throw new ObjectFormatException(file + ": segment " + s.name() + " extends past the end of the file: truncated");
        }
        return slice(s.fileOffset(), s.fileSize()).order(order());
    }

    @Override
    public ByteOrder byteOrder() {
        return order();
    }

    @Override
    public int addressSize() {
        return is64() ? 8 : 4;
    }

    /** Offset of this slice within its file (0 for thin files). */
    public long sliceOffset() {
        return sliceOffset;
    }

    @Override
    public Arch arch() {
        return arch;
    }

    public int cpuType() {
        return (int) parsed.header().cputype();
    }

    public int cpuSubtype() {
        return (int) parsed.header().cpusubtype();
    }

    public int fileType() {
        return (int) parsed.header().filetype();
    }

    public boolean is64() {
        return parsed.is64();
    }

    public Optional<DebugId> uuid() {
        return uuid;
    }

    public Optional<String> installName() {
        return installName;
    }

    /** Every LC_SEGMENT, __PAGEZERO included. */
    public List<Segment> machOSegments() {
        return segments;
    }

    /** Every section with its nlist ordinal. */
    public List<Section> machOSections() {
        return sections;
    }

    public Optional<Segment> segment(String name) {
        return segments.stream().filter(s -> s.name().equals(name)).findFirst();
    }

    public Optional<Section> section(String segment, String name) {
        return sections.stream().filter(s -> s.segment().equals(segment) && s.name().equals(name)).findFirst();
    }

    /** The whole slice, read-only, for readers of structures this class does not model (format.macho.names). */
    public ByteBuffer bytes() {
        return bytes.asReadOnlyBuffer().order(order());
    }

    /** Link-time address of the Mach-O header: the __TEXT segment's vmaddr (0 if there is none). */
    public long textVmaddr() {
        return segment("__TEXT").map(Segment::vmaddr).orElse(0L);
    }

    /** Bytes of a section as stored in this slice, or empty for zero-fill/absent data. */
    public Optional<ByteBuffer> sectionBytes(Section s) throws ObjectFormatException {
        if (s.offset() == 0 || s.size() == 0) {
            return Optional.empty();
        }
        // offset and size are unsigned fields of the file: compare them so that neither can wrap negative.
        if (s.offset() < 0 || s.size() < 0 || s.offset() > bytes.capacity()
                || s.size() > bytes.capacity() - s.offset()) {
            throw new ObjectFormatException(file + ": section " + s.segment() + "," + s.name()
                    + " extends past the end of the file: truncated");
        }
        return Optional.of(bytes.duplicate().position((int) s.offset()).limit((int) (s.offset() + s.size()))
                .slice().order(bytes.order()));
    }

    /** True when the image has a non-empty __DWARF,__debug_info section (a dSYM companion, usually). */
    @Override
    public boolean hasDwarf() {
        return section("__DWARF", "__debug_info").map(s -> s.size() > 0 && s.offset() != 0).orElse(false);
    }

    /**
     * A {@code __DWARF} section; Mach-O names are cut to 16 bytes, so {@code __debug_str_offs} is
     * {@code debug_str_offsets}.
     */
    @Override
    public Optional<ByteBuffer> dwarfSection(String name) throws ObjectFormatException {
        String full = "__" + name;
        for (Section s : sections) {
            if (s.segment().equals("__DWARF") && (s.name().equals(full)
                    || (s.name().length() == 16 && full.startsWith(s.name())))) {
                return sectionBytes(s);
            }
        }
        return Optional.empty();
    }

    @Override
    public FunctionSymbols functionSymbols() throws ObjectFormatException {
        return new MachOFunctionSymbols(this, readSymbols());
    }

    @Override
    public List<UnwindSection> unwindSections() throws ObjectFormatException {
        List<UnwindSection> out = new ArrayList<>();
        Optional<Section> eh = section("__TEXT", "__eh_frame");
        if (eh.isPresent()) {
            Optional<ByteBuffer> b = sectionBytes(eh.get());
            if (b.isPresent()) {
                out.add(new UnwindSection("__eh_frame", eh.get().addr(), b.get(), false));
            }
        }
        Optional<Section> debug = section("__DWARF", "__debug_frame");
        if (debug.isPresent()) {
            Optional<ByteBuffer> b = sectionBytes(debug.get());
            if (b.isPresent()) {
                out.add(new UnwindSection("__debug_frame", 0, b.get(), true));
            }
        }
        return out;
    }

    @Override
    public void checkSections() throws ObjectFormatException {
        for (Section s : sections) {
            int type = s.flags() & 0xff;
            if (type != S_ZEROFILL && type != S_GB_ZEROFILL && type != S_THREAD_LOCAL_ZEROFILL) {
                sectionBytes(s); // throws when the section lies past the end: truncated
            }
        }
    }

    /**
     * Whether the segment's load command comes before LC_SYMTAB's (true when there is no LC_SYMTAB); Breakpad's
     * {@code dump_syms} reads load commands in order, so which comes first decides which PUBLIC records survive.
     */
    public boolean segmentBeforeSymtab(String segment) {
        return segmentsBeforeSymtab.contains(segment);
    }

    /** True when the image has an LC_SYMTAB with at least one entry. */
    public boolean hasSymbols() {
        return symtab != null && symtab.nsyms() > 0;
    }

    /**
     * Checks that LC_SYMTAB's entries and string table lie inside the file, without reading them.
     *
     * @throws ObjectFormatException when either is truncated
     */
    @Override
    public void checkSymbols() throws ObjectFormatException {
        if (symtab == null) {
            return;
        }
        long end = Math.max((long) symtab.symoff() + symtab.nsyms() * (is64() ? 16L : 12L),
                (long) symtab.stroff() + symtab.strsize());
        if (end > bytes.capacity()) {
            throw new ObjectFormatException(file + ": symbol table (" + symtab.nsyms() + " entries) or string table"
                    + " extends past the end of the file: truncated");
        }
    }

    /** The nlist entries, read in place (see {@link NlistEntries}); none when there is no LC_SYMTAB. */
    public NlistEntries readSymbols() throws ObjectFormatException {
        if (symtab == null) {
            return NlistEntries.empty();
        }
        checkSymbols();
        // Kaitai parsed LC_SYMTAB itself; the entries are read straight from the buffer because
        // a million nlist objects cost seconds and tens of MB (ksy/mach_o.ksy still describes
        // the nlist layout, which NlistEntries follows).
        int n = (int) symtab.nsyms();
        ByteBuffer entries = slice(symtab.symoff(), n * (is64() ? 16L : 12L)).order(order());
        return new NlistEntries(entries, slice(symtab.stroff(), symtab.strsize()), n, is64());
    }

    private ByteBuffer slice(long offset, long size) {
        return bytes.duplicate().position((int) offset).limit((int) (offset + size)).slice();
    }

    private ByteOrder order() {
        return parsed.magic()[0] == (byte) 0xfe ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN;
    }

    /**
     * Link-time start addresses of all functions from LC_FUNCTION_STARTS, ascending; empty when
     * the command is absent (dSYM companions and some stripped files do not have it).
     */
    @Override
    public long[] functionStarts() throws ObjectFormatException {
        if (functionStarts == null || functionStarts.datasize() == 0) {
            return new long[0];
        }
        if ((long) functionStarts.dataoff() + functionStarts.datasize() > bytes.capacity()) {
            throw new ObjectFormatException(file + ": LC_FUNCTION_STARTS data extends past the end of the file: truncated");
        }
        // ULEB128 deltas decoded in place: one object per function would dominate index build
        // time. One pass counts, the second fills an array of exactly that size.
        int pos = (int) functionStarts.dataoff();
        int end = pos + (int) functionStarts.datasize();
        long[] out = new long[decodeStarts(pos, end, null)];
        decodeStarts(pos, end, out);
        return out;
    }

    /** Decodes the LC_FUNCTION_STARTS deltas in {@code [pos, end)} into {@code out} (if given); returns the count. */
    private int decodeStarts(int pos, int end, long[] out) throws ObjectFormatException {
        ByteReader<ObjectFormatException> r = new ByteReader<>(bytes.slice(pos, end - pos), pos, pos,
                problem -> new ObjectFormatException(file + ": LC_FUNCTION_STARTS ends inside a ULEB128 value"));
        int n = 0;
        long addr = textVmaddr();
        while (r.hasRemaining()) {
            long delta = r.uleb();
            if (delta == 0) {
                break;
            }
            addr += delta;
            if (out != null) {
                out[n] = addr;
            }
            n++;
        }
        return n;
    }

    @Override
    public String toString() {
        return file + " (" + arch + ")";
    }
}
