package dev.crashkit.symbolicate.symcache;

import static dev.crashkit.symbolicate.symcache.SymCacheFormat.*;

import dev.crashkit.core.model.Arch;
import dev.crashkit.symbolicate.dwarf.FlatDwarf;
import dev.crashkit.symbolicate.symtab.SymbolTable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.CRC32C;

/**
 * Lays out one symbol cache file (see {@link SymCacheFormat}) and streams it: the body goes out
 * in chunks as it is produced (a cache can be larger than the DWARF it comes from, and is never
 * held whole in memory), each page's checksum computed as it goes out, then the page checksums,
 * then the header, whose checksums cover them. Deterministic: the same
 * key, layout, symbols and flattened DWARF give the same bytes.
 */
final class SymCacheWriter {
    private static final int CHUNK = 1 << 18;
    /**
     * Rows a call encodes where the rows are not in blocks of the format's own. The large tables are
     * encoded by a method called once per block (or per this many rows), not by one loop over the
     * whole table: a cache is written once per cold run, and C1 compiles a method after ~200 calls
     * but a loop only after 60,000 iterations run in the interpreter (Tier3BackEdgeThreshold), ~20%
     * of the first write's CPU for a big dSYM (BENCHMARKS.md "Batch into one image, sixth pass").
     */
    private static final int ROWS_PER_CALL = 16;

    /** Where the bytes go: the body in order, each chunk at its file offset, then the header at 0. */
    interface Output {
        /** Takes some or all of {@code chunk}'s remaining bytes, which belong at file offset {@code at}. */
        void body(ByteBuffer chunk, long at) throws IOException;

        void header(ByteBuffer header) throws IOException;
    }

    private final List<byte[]> strings = new ArrayList<>();
    private final Map<String, Integer> stringIds = new HashMap<>();

    private SymCacheWriter() {
    }

    /** Writes the file to {@code out}; returns its length. */
    static long write(SymCacheKey key, ModuleLayout layout, SymbolTable symbols, FlatDwarf dwarf, String dwarfName,
                      Output out) throws IOException {
        return new SymCacheWriter().layOut(key, layout, symbols, dwarf, dwarfName, out);
    }

    /** The whole file in memory (for tests and when the cache folder cannot be written). */
    static ByteBuffer write(SymCacheKey key, ModuleLayout layout, SymbolTable symbols, FlatDwarf dwarf,
                            String dwarfName) {
        List<ByteBuffer> body = new ArrayList<>();
        ByteBuffer[] head = new ByteBuffer[1];
        long length;
        try {
            length = write(key, layout, symbols, dwarf, dwarfName, new Output() {
                @Override
                public void body(ByteBuffer chunk, long at) {
                    ByteBuffer copy = ByteBuffer.allocate(chunk.remaining());
                    copy.put(chunk).flip();
                    body.add(copy);
                }

                @Override
                public void header(ByteBuffer header) {
                    head[0] = header;
                }
            });
        } catch (IOException e) {
            throw new IllegalStateException("memory output failed", e); // it has no I/O to fail
        }
        ByteBuffer all = ByteBuffer.allocate(Math.toIntExact(length)).order(ByteOrder.LITTLE_ENDIAN);
        all.put(head[0]);
        all.position(align8(all.position()));
        for (ByteBuffer b : body) {
            all.put(b);
        }
        return all.clear();
    }

    private long layOut(SymCacheKey key, ModuleLayout layout, SymbolTable symbols, FlatDwarf dwarf, String dwarfName,
                        Output out) throws IOException {
        // Strings: the DWARF's first (its indexes stay valid), then the module's and the symbols'.
        for (int i = 0; i < dwarf.stringCount(); i++) {
            intern(dwarf.string(i));
        }
        int fileString = intern(layout.file());
        int archString = intern(layout.arch().label());
        int dwarfString = intern(dwarfName);
        int namesFile = layout.strippedNamesFrom().map(b -> intern(b.file())).orElse(-1);
        int namesId = layout.strippedNamesFrom().map(b -> intern(b.id())).orElse(-1);
        int[] symbolNames = new int[symbols.size()];
        int[] symbolVersions = new int[symbols.size()];
        for (int i = 0; i < symbolNames.length; i++) {
            symbolNames[i] = intern(symbols.name(i));
            String v = symbols.version(i);
            symbolVersions[i] = v.isEmpty() ? -1 : intern(v);
        }
        int[] offsets = new int[strings.size() + 1];
        for (int i = 0; i < strings.size(); i++) {
            offsets[i + 1] = Math.addExact(offsets[i], strings.get(i).length + 1);
        }
        int directoryEnd = HEADER_SIZE + DIRECTORY_ENTRY * (KINDS - 1);
        Body b = new Body(out, align8(directoryEnd));
        b.begin(KEY).put(key.bytes()).end();
        b.begin(MODULE);
        module(b, layout, fileString, archString, dwarfString);
        b.putInt(dwarf.rangeCount()).putInt(dwarf.locationCount()).putInt(dwarf.functionCount()).putInt(namesFile)
                .putInt(namesId).end();
        b.begin(SEGMENTS);
        for (ModuleLayout.Segment s : layout.segments()) {
            b.putLong(s.start()).putLong(s.size());
        }
        b.end();
        b.begin(STRING_OFFSETS);
        for (int o : offsets) {
            b.putInt(o);
        }
        b.end();
        b.begin(STRINGS);
        for (byte[] s : strings) {
            b.put(s).putByte(0);
        }
        b.end();
        b.begin(SYMBOLS);
        for (int i = 0; i < symbolNames.length; i += ROWS_PER_CALL) {
            int to = Math.min(symbolNames.length, i + ROWS_PER_CALL);
            symbols(b, symbols, symbolNames, symbolVersions, offsets, i, to);
        }
        b.end();
        ranges(b, dwarf);
        locations(b, dwarf);
        functions(b, dwarf);
        b.begin(ERRORS);
        for (int i = 0; i < dwarf.errorCount(); i++) {
            b.putInt(dwarf.errorMessage(i));
        }
        b.end();
        b.begin(NAMES);
        for (int i = 0; i < dwarf.nameCount(); i += ROWS_PER_CALL) {
            names(b, dwarf, i, Math.min(dwarf.nameCount(), i + ROWS_PER_CALL));
        }
        b.end();
        long pagesEnd = b.endPages();
        b.begin(PAGE_CRCS);
        CRC32C pageCrcs = new CRC32C();
        ByteBuffer crc = ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < b.pageCrcCount(); i++) {
            b.putInt(b.pageCrc(i));
            pageCrcs.update(crc.putInt(0, b.pageCrc(i)).array());
        }
        b.end();
        long end = b.finish();
        if (pagesEnd != b.starts[KINDS - 2]) {
            throw new IllegalStateException("page checksums not right after the pages");
        }
        if (end > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("symbol cache would exceed 2 GiB");
        }
        ByteBuffer h = ByteBuffer.allocate(directoryEnd).order(ByteOrder.LITTLE_ENDIAN);
        h.putInt(0, MAGIC).putShort(4, (short) FORMAT_VERSION).putShort(6, (short) BUILDER_VERSION)
                .putInt(8, HEADER_SIZE).putInt(12, KINDS - 1).putLong(16, end).putInt(24, (int) pageCrcs.getValue())
                .putInt(32, PAGE_SIZE);
        for (int i = 0; i < KINDS - 1; i++) {
            int d = HEADER_SIZE + DIRECTORY_ENTRY * i;
            int kind = b.kinds[i];
            h.putInt(d, kind).putInt(d + 4, ITEM_SIZE[kind]).putLong(d + 8, b.starts[i]).putLong(d + 16, b.lengths[i]);
        }
        CRC32C header = new CRC32C();
        header.update(h.array(), 0, directoryEnd);
        h.putInt(28, (int) header.getValue());
        out.header(h);
        return end;
    }

    /** Symbols {@code from} up to {@code to} (see {@link #ROWS_PER_CALL}). */
    private static void symbols(Body b, SymbolTable symbols, int[] names, int[] versions, int[] offsets, int from,
                                int to) throws IOException {
        for (int i = from; i < to; i++) {
            b.putLong(symbols.start(i)).putLong(symbols.end(i)).putInt(offsets[names[i]])
                    .putInt(versions[i] < 0 ? -1 : offsets[versions[i]]);
        }
    }

    /** Names {@code from} up to {@code to} (see {@link #ROWS_PER_CALL}). */
    private static void names(Body b, FlatDwarf dwarf, int from, int to) throws IOException {
        for (int i = from; i < to; i++) {
            b.putInt(dwarf.nameLinkage(i)).putInt(dwarf.nameName(i)).putLong(dwarf.nameDeclLine(i));
        }
    }

    /** RANGE_DATA in blocks, then their RANGE_INDEX. */
    private static void ranges(Body b, FlatDwarf dwarf) throws IOException {
        int n = dwarf.rangeCount();
        int blocks = (n + RANGE_BLOCK - 1) / RANGE_BLOCK;
        long[] first = new long[blocks];
        int[] at = new int[blocks];
        b.begin(RANGE_DATA);
        for (int k = 0; k < blocks; k++) {
            first[k] = dwarf.rangeStart(k * RANGE_BLOCK);
            at[k] = b.sectionOffset();
            rangeBlock(b, dwarf, k * RANGE_BLOCK, Math.min(n, (k + 1) * RANGE_BLOCK));
        }
        b.end();
        b.begin(RANGE_INDEX);
        for (int k = 0; k < blocks; k++) {
            b.putLong(first[k]).putInt(at[k]).putInt(0);
        }
        b.end();
        b.begin(RANGE_TOP);
        for (int k = 0; k < blocks; k += RANGE_TOP_GROUP) {
            b.putLong(first[k]);
        }
        b.end();
    }

    /**
     * One block of RANGE_DATA: the first start is in the index, every later one the difference from
     * the one before; each code as the zigzagged difference from the one before (from 0).
     */
    private static void rangeBlock(Body b, FlatDwarf dwarf, int from, int to) throws IOException {
        long previous = 0;
        int code = 0;
        for (int i = from; i < to; i++) {
            long start = dwarf.rangeStart(i);
            if (i > from) {
                b.varint(start - previous);
            }
            int c = dwarf.rangeCode(i);
            b.varint(zigzag(c - (long) code));
            previous = start;
            code = c;
        }
    }

    /** LOCATION_DATA in blocks, then their LOCATION_INDEX. */
    private static void locations(Body b, FlatDwarf dwarf) throws IOException {
        int n = dwarf.locationCount();
        int[] at = new int[(n + LOCATION_BLOCK - 1) / LOCATION_BLOCK];
        b.begin(LOCATION_DATA);
        for (int k = 0; k < at.length; k++) {
            at[k] = b.sectionOffset();
            locationBlock(b, dwarf, k * LOCATION_BLOCK, Math.min(n, (k + 1) * LOCATION_BLOCK));
        }
        b.end();
        b.begin(LOCATION_INDEX);
        for (int o : at) {
            b.putInt(o);
        }
        b.end();
    }

    /** One block of LOCATION_DATA: each field as the zigzagged difference from the row before (from 0). */
    private static void locationBlock(Body b, FlatDwarf dwarf, int from, int to) throws IOException {
        long fn = 0;
        long file = 0;
        long line = 0;
        long column = 0;
        for (int i = from; i < to; i++) {
            int f = dwarf.locationFunction(i);
            int fl = dwarf.locationFile(i);
            int l = dwarf.locationLine(i);
            int c = dwarf.locationColumn(i);
            int parent = dwarf.locationParent(i);
            b.varint(zigzag(f - fn)).varint(zigzag(fl - file)).varint(zigzag(l - line)).varint(zigzag(c - column))
                    .varint(parent < 0 ? 0 : i - parent);
            fn = f;
            file = fl;
            line = l;
            column = c;
        }
    }

    /** FUNCTION_DATA in blocks, then their FUNCTION_INDEX. */
    private static void functions(Body b, FlatDwarf dwarf) throws IOException {
        int n = dwarf.functionCount();
        int[] at = new int[(n + FUNCTION_BLOCK - 1) / FUNCTION_BLOCK];
        b.begin(FUNCTION_DATA);
        for (int k = 0; k < at.length; k++) {
            at[k] = b.sectionOffset();
            functionBlock(b, dwarf, k * FUNCTION_BLOCK, Math.min(n, (k + 1) * FUNCTION_BLOCK));
        }
        b.end();
        b.begin(FUNCTION_INDEX);
        for (int o : at) {
            b.putInt(o);
        }
        b.end();
    }

    /**
     * One block of FUNCTION_DATA: names and low pc as zigzagged differences from the row before
     * (from 0), flags as they are.
     */
    private static void functionBlock(Body b, FlatDwarf dwarf, int from, int to) throws IOException {
        long names = 0;
        long low = 0;
        for (int i = from; i < to; i++) {
            int nm = dwarf.functionNames(i);
            long lowPc = dwarf.functionLowPc(i);
            b.varint(zigzag(nm - names)).varint(dwarf.functionFlags(i)).varint(zigzag(lowPc - low));
            names = nm;
            low = lowPc;
        }
    }

    private static void module(Body b, ModuleLayout layout, int fileString, int archString, int dwarfString)
            throws IOException {
        Arch arch = layout.arch();
        int flags = 0;
        long cpu = 0;
        long sub = 0;
        int elf = 0;
        if (arch instanceof Arch.Known) {
            flags = ARCH_KNOWN;
        } else if (arch instanceof Arch.Other o) {
            if (o.machOCpuType().isPresent()) {
                flags |= ARCH_CPU_TYPE;
                cpu = o.machOCpuType().getAsLong();
            }
            if (o.machOSubtype().isPresent()) {
                flags |= ARCH_SUBTYPE;
                sub = o.machOSubtype().getAsLong();
            }
            if (o.elfMachine().isPresent()) {
                flags |= ARCH_ELF_MACHINE;
                elf = o.elfMachine().getAsInt();
            }
        }
        b.putInt(fileString).putInt(archString).putInt(flags).putInt(elf).putLong(layout.linkBase()).putLong(cpu)
                .putLong(sub).putInt(dwarfString);
    }

    private int intern(String s) {
        Integer id = stringIds.get(s);
        if (id == null) {
            byte[] utf8 = s.getBytes(StandardCharsets.UTF_8);
            if (!new String(utf8, StandardCharsets.UTF_8).equals(s)) {
                // Only a string with a lone surrogate fails this; it could not come back as it was.
                throw new IllegalArgumentException("string does not survive UTF-8: " + s);
            }
            id = strings.size();
            strings.add(utf8);
            stringIds.put(s, id);
        }
        return id;
    }

    /**
     * The body, buffered in chunks, each page checksummed as it goes out (until {@link #endPages});
     * records where each section lies.
     */
    private static final class Body {
        private final Output out;
        // A heap array written by index: on C1 (the CLI's compiler) every put into a direct buffer
        // is a chain of calls, and the writer puts ~25 million bytes for a big dSYM.
        private final byte[] chunk = new byte[CHUNK];
        private int fill;
        private final CRC32C crc = new CRC32C();
        private int pageFill;
        private int[] pageCrcs = new int[64];
        private int pageCount;
        private boolean paging = true;
        private long written;
        final int[] kinds = new int[KINDS - 1];
        final long[] starts = new long[KINDS - 1];
        final long[] lengths = new long[KINDS - 1];
        private int sections;
        private long sectionStart;

        Body(Output out, long start) {
            this.out = out;
            this.written = start;
        }

        private void room(int n) throws IOException {
            if (CHUNK - fill < n) {
                drain();
            }
        }

        private void drain() throws IOException {
            if (paging) {
                for (int at = 0; at < fill; ) {
                    int n = Math.min(fill - at, PAGE_SIZE - pageFill);
                    crc.update(chunk, at, n);
                    at += n;
                    pageFill += n;
                    if (pageFill == PAGE_SIZE) {
                        endPage();
                    }
                }
            }
            ByteBuffer bytes = ByteBuffer.wrap(chunk, 0, fill);
            while (bytes.hasRemaining()) {
                int before = bytes.position();
                out.body(bytes, written);
                written += bytes.position() - before;
            }
            fill = 0;
        }

        Body putInt(int v) throws IOException {
            room(4);
            byte[] c = chunk;
            int p = fill;
            c[p] = (byte) v;
            c[p + 1] = (byte) (v >>> 8);
            c[p + 2] = (byte) (v >>> 16);
            c[p + 3] = (byte) (v >>> 24);
            fill = p + 4;
            return this;
        }

        Body putLong(long v) throws IOException {
            putInt((int) v);
            return putInt((int) (v >>> 32));
        }

        Body putByte(int v) throws IOException {
            room(1);
            chunk[fill++] = (byte) v;
            return this;
        }

        Body put(byte[] bytes) throws IOException {
            for (int i = 0; i < bytes.length; ) {
                room(1);
                int n = Math.min(CHUNK - fill, bytes.length - i);
                System.arraycopy(bytes, i, chunk, fill, n);
                fill += n;
                i += n;
            }
            return this;
        }

        /** Starts section {@code kind} at the next multiple of 8. */
        Body begin(int kind) throws IOException {
            align();
            kinds[sections] = kind;
            sectionStart = written + fill;
            return this;
        }

        /** Ends the section begun last. */
        void end() {
            starts[sections] = sectionStart;
            lengths[sections++] = written + fill - sectionStart;
        }

        /** Offset in the current section of the next byte. */
        int sectionOffset() {
            return Math.toIntExact(written + fill - sectionStart);
        }

        /** Unsigned LEB128. */
        Body varint(long v) throws IOException {
            room(10);
            byte[] c = chunk;
            int p = fill;
            while ((v & ~0x7fL) != 0) {
                c[p++] = (byte) (v & 0x7f | 0x80);
                v >>>= 7;
            }
            c[p++] = (byte) v;
            fill = p;
            return this;
        }

        /** Zeros up to the next multiple of 8 of the file offset. */
        void align() throws IOException {
            long at = written + fill;
            for (long pad = (8 - (at & 7)) & 7; pad > 0; pad--) {
                putByte(0);
            }
        }

        /** Writes out what is left; the file ends with the last section (no padding nothing would check). */
        long finish() throws IOException {
            drain();
            return written;
        }

        private void endPage() {
            if (pageCount == pageCrcs.length) {
                pageCrcs = java.util.Arrays.copyOf(pageCrcs, 2 * pageCount);
            }
            pageCrcs[pageCount++] = (int) crc.getValue();
            crc.reset();
            pageFill = 0;
        }

        /** Ends the pages (at a multiple of 8) and returns their end. */
        long endPages() throws IOException {
            align();
            drain();
            if (pageFill > 0) {
                endPage();
            }
            paging = false;
            return written;
        }

        int pageCrcCount() {
            return pageCount;
        }

        int pageCrc(int i) {
            return pageCrcs[i];
        }
    }
}
