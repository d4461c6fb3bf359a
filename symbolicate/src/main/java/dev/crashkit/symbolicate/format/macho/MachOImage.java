package dev.crashkit.symbolicate.format.macho;

import dev.crashkit.core.ObjectFormatException;
import dev.crashkit.core.model.Arch;
import dev.crashkit.core.model.DebugId;
import dev.crashkit.symbolicate.format.KaitaiGuard;
import dev.crashkit.symbolicate.format.kaitai.MachO;
import io.kaitai.struct.ByteBufferKaitaiStream;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One thin Mach-O image (a whole thin file or one slice of a fat file): header facts, segments,
 * sections and identity are read eagerly; the symbol table and function starts on request.
 */
public final class MachOImage {
    /** MH_DSYM: the companion file inside a .dSYM bundle (segments without bytes, plus __DWARF). */
    public static final int MH_DSYM = 0xa;

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
        for (MachO.MachHeader.LoadCommand lc : parsed.header().loadCommands().commands()) {
            Object body = lc.body();
            if (body instanceof MachO.MachHeader.SegmentCommand seg) {
                segs.add(new Segment(seg.segname(), number(seg.vmaddr()), number(seg.vmsize()),
                        number(seg.fileoff()), number(seg.filesize())));
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

    /** Offset of this slice within its file (0 for thin files). */
    public long sliceOffset() {
        return sliceOffset;
    }

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

    public List<Segment> segments() {
        return segments;
    }

    public List<Section> sections() {
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
        if (s.offset() + s.size() > bytes.capacity()) {
            throw new ObjectFormatException(file + ": section " + s.segment() + "," + s.name()
                    + " extends past the end of the file: truncated");
        }
        return Optional.of(bytes.duplicate().position((int) s.offset()).limit((int) (s.offset() + s.size()))
                .slice().order(bytes.order()));
    }

    /** True when the image has a non-empty __DWARF,__debug_info section (a dSYM companion, usually). */
    public boolean hasDwarf() {
        return section("__DWARF", "__debug_info").map(s -> s.size() > 0 && s.offset() != 0).orElse(false);
    }

    /** The __DWARF sections of this image for the DWARF reader. */
    public dev.crashkit.symbolicate.dwarf.DwarfSections dwarfSections() throws ObjectFormatException {
        java.util.Map<dev.crashkit.symbolicate.dwarf.DwarfSection, ByteBuffer> map =
                new java.util.EnumMap<>(dev.crashkit.symbolicate.dwarf.DwarfSection.class);
        for (Section s : sections) {
            if (s.segment().equals("__DWARF")) {
                var which = dev.crashkit.symbolicate.dwarf.DwarfSection.fromContainerName(s.name());
                if (which.isPresent()) {
                    Optional<ByteBuffer> data = sectionBytes(s);
                    if (data.isPresent()) {
                        map.put(which.get(), data.get());
                    }
                }
            }
        }
        return new dev.crashkit.symbolicate.dwarf.MapDwarfSections(map, order(), is64() ? 8 : 4);
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

    private java.nio.ByteOrder order() {
        return parsed.magic()[0] == (byte) 0xfe ? java.nio.ByteOrder.BIG_ENDIAN : java.nio.ByteOrder.LITTLE_ENDIAN;
    }

    /**
     * Link-time start addresses of all functions from LC_FUNCTION_STARTS, ascending; empty when
     * the command is absent (dSYM companions and some stripped files do not have it).
     */
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
        int n = 0;
        long addr = textVmaddr();
        while (pos < end) {
            long delta = 0;
            int shift = 0;
            int byt;
            do {
                if (pos >= end) {
                    throw new ObjectFormatException(file + ": LC_FUNCTION_STARTS ends inside a ULEB128 value");
                }
                byt = bytes.get(pos++) & 0xff;
                if (shift < 64) {
                    delta |= (long) (byt & 0x7f) << shift;
                }
                shift += 7;
            } while ((byt & 0x80) != 0);
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
