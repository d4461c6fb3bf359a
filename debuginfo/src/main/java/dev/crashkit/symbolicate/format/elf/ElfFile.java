package dev.crashkit.symbolicate.format.elf;

import dev.crashkit.core.ObjectFormatException;
import dev.crashkit.core.model.Arch;
import dev.crashkit.core.model.DebugId;
import dev.crashkit.symbolicate.format.DebugLink;
import dev.crashkit.symbolicate.format.FileBytes;
import dev.crashkit.symbolicate.format.FunctionSymbols;
import dev.crashkit.symbolicate.format.KaitaiGuard;
import dev.crashkit.symbolicate.format.ObjectFile;
import dev.crashkit.symbolicate.format.ObjectFormat;
import dev.crashkit.symbolicate.format.ObjectKind;
import dev.crashkit.symbolicate.format.ObjectSection;
import dev.crashkit.symbolicate.format.ObjectSegment;
import dev.crashkit.symbolicate.format.UnwindSection;
import dev.crashkit.symbolicate.format.kaitai.Elf;
import io.kaitai.struct.ByteBufferKaitaiStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * An ELF executable, shared library or debug file (32/64-bit, either byte order), parsed with the
 * Kaitai spec ksy/elf.ksy: identity (GNU build-id), sections (decompressed on request), PT_LOAD
 * segments, symbols, .gnu_debuglink, and its DWARF sections. The file is memory-mapped, so an
 * image must be smaller than 2 GiB.
 */
public final class ElfFile implements ObjectFile {
    private static final int NT_GNU_BUILD_ID = 3;
    private static final int ET_EXEC = 2;
    private static final int ET_DYN = 3;
    private static final long PT_INTERP = 3;
    private static final long SHT_DYNAMIC = 6;
    private static final long DT_NULL = 0;
    private static final long DT_SONAME = 14;

    private final Path path;
    private final ByteBuffer bytes;
    private final Elf elf;
    private final List<ElfSection> sections;
    private final List<ElfSegment> segments;

    private Optional<DebugId> buildId = Optional.empty();

    private ElfFile(Path path, ByteBuffer bytes, Elf elf, List<ElfSection> sections, List<ElfSegment> segments) {
        this.path = path;
        this.bytes = bytes;
        this.elf = elf;
        this.sections = sections;
        this.segments = segments;
    }

    /** Maps and parses an ELF file. */
    public static ElfFile open(Path path) throws ObjectFormatException {
        return parse(path, FileBytes.map(path));
    }

    /** Parses ELF bytes already in memory; {@code path} names them in messages. */
    public static ElfFile parse(Path path, ByteBuffer bytes) throws ObjectFormatException {
        ByteBuffer b = bytes.duplicate();
        Elf elf = KaitaiGuard.parse(path, "ELF headers", () -> {
            Elf e = new Elf(new ByteBufferKaitaiStream(b.duplicate()));
            e.body().sectionHeaders();
            e.body().programHeaders();
            return e;
        });
        List<ElfSegment> segments = new ArrayList<>();
        if (elf.body().programHeaders() != null) {
            for (Elf.FileBody.ProgramHeader p : elf.body().programHeaders()) {
                segments.add(new ElfSegment(p.pType(), p.flags(), p.offset().value(), p.vaddr().value(),
                        p.filesz().value(), p.memsz().value(), p.align().value()));
            }
        }
        ElfFile file = new ElfFile(path, b, elf, sectionList(path, b, elf), List.copyOf(segments));
        file.buildId = file.readBuildId();
        return file;
    }

    private static List<ElfSection> sectionList(Path path, ByteBuffer b, Elf elf) throws ObjectFormatException {
        List<Elf.FileBody.SectionHeader> headers = elf.body().sectionHeaders();
        if (headers == null) {
            return List.of();
        }
        int strIndex = elf.body().shstrndx();
        ByteBuffer names = null;
        if (strIndex > 0 && strIndex < headers.size()) {
            Elf.FileBody.SectionHeader sh = headers.get(strIndex);
            names = window(path, b, "section names", sh.offset().value(), sh.size().value());
        }
        List<ElfSection> out = new ArrayList<>(headers.size());
        for (int i = 0; i < headers.size(); i++) {
            Elf.FileBody.SectionHeader sh = headers.get(i);
            String name = names == null ? "" : cstring(names, sh.nameOffset());
            out.add(new ElfSection(i, name, sh.shType(), sh.flags().value(), sh.addr().value(), sh.offset().value(),
                    sh.size().value(), sh.link(), sh.info(), sh.addralign().value(), sh.entsize().value()));
        }
        return List.copyOf(out);
    }

    @Override
    public Path path() {
        return path;
    }

    @Override
    public ObjectFormat format() {
        return ObjectFormat.ELF;
    }

    @Override
    public Optional<DebugId> id() {
        return buildId;
    }

    @Override
    public Arch arch() {
        return Arch.elf(machine());
    }

    /**
     * A debug file when its code is not in it ({@code .text} is {@code SHT_NOBITS}); else by
     * {@code e_type}, a position-independent executable (ET_DYN with an interpreter) counting as one.
     */
    @Override
    public ObjectKind kind() {
        if (section(".text").map(ElfSection::isNoBits).orElse(false)) {
            return ObjectKind.DEBUG_COMPANION;
        }
        return switch (fileType()) {
            case ET_EXEC -> ObjectKind.EXECUTABLE;
            case ET_DYN -> segments.stream().anyMatch(p -> p.type() == PT_INTERP) ? ObjectKind.EXECUTABLE
                    : ObjectKind.LIBRARY;
            default -> ObjectKind.OTHER;
        };
    }

    /** The lowest PT_LOAD address, rounded down to its page. */
    @Override
    public long linkBase() {
        return loadSegments().stream().mapToLong(ElfSegment::vaddr).min().orElse(0) & ~0xfffL;
    }

    @Override
    public List<ObjectSegment> segments() {
        return loadSegments().stream().filter(p -> p.memsz() > 0)
                .map(p -> new ObjectSegment("", p.vaddr(), p.memsz(), p.offset(), p.filesz(), p.isExecutable()))
                .toList();
    }

    @Override
    public List<ObjectSection> sections() {
        return sections.stream().map(s -> new ObjectSection("", s.name(), s.addr(), s.size(),
                (s.flags() & ElfSection.SHF_EXECINSTR) != 0)).toList();
    }

    @Override
    public ByteBuffer segmentData(ObjectSegment s) throws ObjectFormatException {
        return window(path, bytes, "PT_LOAD", s.fileOffset(), s.fileSize()).order(order());
    }

    @Override
    public ByteOrder byteOrder() {
        return order();
    }

    @Override
    public int addressSize() {
        return is64() ? 8 : 4;
    }

    @Override
    public FunctionSymbols functionSymbols() throws ObjectFormatException {
        return new ElfFunctionSymbols(symbols(), elfSections());
    }

    @Override
    public long[] functionStarts() {
        return new long[0];
    }

    /** {@code .eh_frame} and {@code .debug_frame}, when they hold bytes. */
    @Override
    public List<UnwindSection> unwindSections() throws ObjectFormatException {
        List<UnwindSection> out = new ArrayList<>();
        for (String name : List.of(".eh_frame", ".debug_frame")) {
            Optional<ElfSection> s = section(name);
            if (s.isPresent() && !s.get().isNoBits() && s.get().size() > 0) {
                out.add(new UnwindSection(name, s.get().addr(), sectionData(s.get()), name.equals(".debug_frame")));
            }
        }
        return out;
    }

    @Override
    public void checkSections() throws ObjectFormatException {
        for (ElfSection s : sections) {
            rawSectionData(s); // throws when the section lies past the end: truncated
        }
    }

    /** Nothing to check ahead: symbols are read whole when asked for. */
    @Override
    public void checkSymbols() {
    }

    public boolean is64() {
        return elf.ident().is64();
    }

    public ByteOrder order() {
        return elf.ident().isLe() ? ByteOrder.LITTLE_ENDIAN : ByteOrder.BIG_ENDIAN;
    }

    /** e_machine (EM_X86_64 = 62, EM_AARCH64 = 183, EM_386 = 3, EM_ARM = 40, ...). */
    public int machine() {
        return elf.body().machine();
    }

    /** e_type (ET_EXEC = 2, ET_DYN = 3, ET_REL = 1, ET_CORE = 4). */
    public int fileType() {
        return elf.body().eType();
    }

    /** Every section header, with its ELF fields. */
    public List<ElfSection> elfSections() {
        return sections;
    }

    public Optional<ElfSection> section(String name) {
        return sections.stream().filter(s -> s.name().equals(name)).findFirst();
    }

    /** All program headers. */
    public List<ElfSegment> programHeaders() {
        return segments;
    }

    /** The PT_LOAD segments. */
    public List<ElfSegment> loadSegments() {
        return segments.stream().filter(s -> s.type() == ElfSegment.PT_LOAD).toList();
    }

    /** The stored bytes of a section, as they are in the file (compressed ones stay compressed). */
    public ByteBuffer rawSectionData(ElfSection s) throws ObjectFormatException {
        if (s.isNoBits()) {
            return ByteBuffer.allocate(0).order(order());
        }
        return window(path, bytes, "section " + s.name(), s.offset(), s.size()).order(order());
    }

    /** The contents of a section, decompressed when it is compressed; empty for SHT_NOBITS. */
    public ByteBuffer sectionData(ElfSection s) throws ObjectFormatException {
        ByteBuffer raw = rawSectionData(s);
        if (s.isNoBits() || !s.isCompressed()) {
            return raw;
        }
        return SectionDecompressor.decompress(path, elf, s, raw).order(order());
    }

    /** The GNU build-id (NT_GNU_BUILD_ID), read when the file was opened. */
    public Optional<DebugId> buildId() throws ObjectFormatException {
        return buildId;
    }

    /** The GNU build-id from note sections or, without section headers, PT_NOTE. */
    private Optional<DebugId> readBuildId() throws ObjectFormatException {
        for (ElfSection s : sections) {
            if (s.type() == ElfSection.SHT_NOTE && !s.isNoBits() && s.addralign() <= 4) {
                Optional<DebugId> id = buildIdIn(rawSectionData(s), s.name());
                if (id.isPresent()) {
                    return id;
                }
            }
        }
        if (sections.isEmpty()) {
            for (ElfSegment p : segments) {
                if (p.type() == ElfSegment.PT_NOTE && p.align() <= 4) {
                    Optional<DebugId> id = buildIdIn(window(path, bytes, "PT_NOTE", p.offset(), p.filesz()), "PT_NOTE");
                    if (id.isPresent()) {
                        return id;
                    }
                }
            }
        }
        return Optional.empty();
    }

    private Optional<DebugId> buildIdIn(ByteBuffer notes, String where) throws ObjectFormatException {
        boolean le = elf.ident().isLe();
        checkNoteSizes(notes.duplicate().order(le ? ByteOrder.LITTLE_ENDIAN : ByteOrder.BIG_ENDIAN), where);
        Elf.FileBody.NoteList list = KaitaiGuard.parse(path, "notes in " + where,
                () -> new Elf.FileBody.NoteList(new ByteBufferKaitaiStream(notes.duplicate()), null, elf, le));
        for (Elf.FileBody.Note n : list.notes()) {
            if (n.noteType() == NT_GNU_BUILD_ID && n.desc().length > 0
                    && new String(n.name(), StandardCharsets.ISO_8859_1).equals("GNU\0")) {
                return Optional.of(DebugId.buildId(n.desc()));
            }
        }
        return Optional.empty();
    }

    /**
     * Checks every note's name and desc sizes against the bytes left before Kaitai reads them: it
     * allocates a claimed size before noticing the data is not there (a hostile 4 GB claim).
     */
    private void checkNoteSizes(ByteBuffer notes, String where) throws ObjectFormatException {
        long pos = notes.position();
        long end = notes.limit();
        while (end - pos >= 12) {
            long namesz = notes.getInt((int) pos) & 0xffffffffL;
            long descsz = notes.getInt((int) pos + 4) & 0xffffffffL;
            long size = 12 + ((namesz + 3) & ~3L) + ((descsz + 3) & ~3L);
            if (size > end - pos) {
                throw new ObjectFormatException(path + ": note in " + where + " claims " + size + " bytes, only "
                        + (end - pos) + " left");
            }
            pos += size;
        }
    }

    /**
     * Symbols of .symtab and .dynsym (the null symbol 0 left out), in table order; those of .dynsym
     * with their GNU version (.gnu.version).
     */
    public List<ElfSymbol> symbols() throws ObjectFormatException {
        List<ElfSymbol> out = new ArrayList<>();
        for (ElfSection s : sections) {
            boolean dynamic = s.type() == ElfSection.SHT_DYNSYM;
            if ((s.type() == ElfSection.SHT_SYMTAB || dynamic) && !s.isNoBits()) {
                readSymbols(s, dynamic, out);
            }
        }
        return out;
    }

    private void readSymbols(ElfSection s, boolean dynamic, List<ElfSymbol> out) throws ObjectFormatException {
        if (s.link() <= 0 || s.link() >= sections.size()) {
            throw new ObjectFormatException(path + ": symbol table " + s.name() + " links to no string table");
        }
        ByteBuffer strings = sectionData(sections.get((int) s.link()));
        ByteBuffer data = sectionData(s);
        long entsize = s.entsize() > 0 ? s.entsize() : is64() ? 24 : 16;
        boolean le = elf.ident().isLe();
        Elf.FileBody.SymbolTable table = KaitaiGuard.parse(path, "symbol table " + s.name(),
                () -> new Elf.FileBody.SymbolTable(new ByteBufferKaitaiStream(data.duplicate()), null, elf, le, entsize));
        List<Elf.FileBody.Symbol> symbols = table.symbols();
        ElfSymbolVersions versions = dynamic ? ElfSymbolVersions.of(this, s) : ElfSymbolVersions.none();
        for (int i = 1; i < symbols.size(); i++) {
            Elf.FileBody.Symbol sym = symbols.get(i);
            out.add(new ElfSymbol(cstring(strings, sym.nameOffset()), versions.of(i), versions.hidden(i), sym.value(),
                    sym.size(), sym.symType(), sym.binding(), sym.shndx(), dynamic));
        }
    }

    /**
     * DT_SONAME of the dynamic section, when the file has one with bytes (a separate debug file's
     * .dynamic is SHT_NOBITS: empty).
     */
    public Optional<String> soname() throws ObjectFormatException {
        for (ElfSection s : sections) {
            if (s.type() != SHT_DYNAMIC || s.isNoBits() || s.link() <= 0 || s.link() >= sections.size()) {
                continue;
            }
            ElfSection strings = sections.get((int) s.link());
            if (strings.isNoBits()) {
                continue;
            }
            ByteBuffer d = sectionData(s);
            ByteBuffer names = sectionData(strings);
            int entry = is64() ? 16 : 8;
            for (int at = 0; at + entry <= d.limit(); at += entry) {
                long tag = is64() ? d.getLong(at) : d.getInt(at);
                long value = is64() ? d.getLong(at + 8) : d.getInt(at + 4) & 0xffffffffL;
                if (tag == DT_NULL) {
                    break;
                }
                if (tag == DT_SONAME) {
                    String name = cstring(names, value);
                    return name.isEmpty() ? Optional.empty() : Optional.of(name);
                }
            }
        }
        return Optional.empty();
    }

    /** The .gnu_debuglink section: the debug file's name and CRC-32. */
    @Override
    public Optional<DebugLink> debugLink() throws ObjectFormatException {
        Optional<ElfSection> s = section(".gnu_debuglink");
        if (s.isEmpty() || s.get().isNoBits()) {
            return Optional.empty();
        }
        ByteBuffer b = rawSectionData(s.get());
        String name = cstring(b, 0);
        int crcAt = (name.getBytes(StandardCharsets.UTF_8).length + 1 + 3) & ~3;
        if (crcAt + 4 > b.limit()) {
            throw new ObjectFormatException(path + ": .gnu_debuglink is truncated");
        }
        return Optional.of(new DebugLink(name, b.getInt(crcAt) & 0xffffffffL));
    }

    /** True when the file has a non-empty .debug_info (plain or compressed). */
    @Override
    public boolean hasDwarf() {
        return sections.stream().anyMatch(s -> (s.name().equals(".debug_info") || s.name().equals(".zdebug_info"))
                && !s.isNoBits() && s.size() > 0);
    }

    /** A DWARF section, {@code .debug_<name>} or the older compressed {@code .zdebug_<name>}, decompressed. */
    @Override
    public Optional<ByteBuffer> dwarfSection(String name) throws ObjectFormatException {
        for (ElfSection s : sections) {
            if (!s.isNoBits() && (s.name().equals("." + name) || s.name().equals(".z" + name))) {
                return Optional.of(sectionData(s));
            }
        }
        return Optional.empty();
    }

    private static ByteBuffer window(Path path, ByteBuffer b, String what, long offset, long size)
            throws ObjectFormatException {
        if (offset < 0 || size < 0 || offset > b.limit() || size > b.limit() - offset) {
            throw new ObjectFormatException(path + ": " + what + " [0x" + Long.toHexString(offset) + ", +0x"
                    + Long.toHexString(size) + ") lies outside the file: truncated or corrupt");
        }
        return b.slice((int) offset, (int) size);
    }

    /** The NUL-terminated UTF-8 string at {@code offset}; empty when the offset lies outside. */
    static String cstring(ByteBuffer b, long offset) {
        if (offset < 0 || offset >= b.limit()) {
            return "";
        }
        int end = (int) offset;
        while (end < b.limit() && b.get(end) != 0) {
            end++;
        }
        byte[] out = new byte[end - (int) offset];
        b.get((int) offset, out);
        return new String(out, StandardCharsets.UTF_8);
    }

    @Override
    public String toString() {
        return path.toString();
    }
}
