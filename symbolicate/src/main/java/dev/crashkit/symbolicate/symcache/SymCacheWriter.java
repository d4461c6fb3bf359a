package dev.crashkit.symbolicate.symcache;

import static dev.crashkit.symbolicate.symcache.SymCacheFormat.*;

import dev.crashkit.core.model.Arch;
import dev.crashkit.symbolicate.dwarf.FlatDwarf;
import dev.crashkit.symbolicate.symtab.SymbolTable;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.CRC32C;

/**
 * Lays out one symbol cache file in memory (see {@link SymCacheFormat}). Deterministic: the same
 * key, layout, symbols and flattened DWARF give the same bytes.
 */
final class SymCacheWriter {
    private final List<byte[]> strings = new ArrayList<>();
    private final Map<String, Integer> stringIds = new HashMap<>();

    private SymCacheWriter() {
    }

    static ByteBuffer write(SymCacheKey key, ModuleLayout layout, SymbolTable symbols, FlatDwarf dwarf,
                            String dwarfName) {
        return new SymCacheWriter().layOut(key, layout, symbols, dwarf, dwarfName);
    }

    private ByteBuffer layOut(SymCacheKey key, ModuleLayout layout, SymbolTable symbols, FlatDwarf dwarf,
                              String dwarfName) {
        // Strings: the DWARF's first (its indexes stay valid), then the module's and the symbols'.
        for (int i = 0; i < dwarf.stringCount(); i++) {
            intern(dwarf.string(i));
        }
        int fileString = intern(layout.file());
        int archString = intern(layout.arch().label());
        int dwarfString = intern(dwarfName);
        int[] symbolNames = new int[symbols.size()];
        for (int i = 0; i < symbolNames.length; i++) {
            symbolNames[i] = intern(symbols.name(i));
        }
        int[] offsets = new int[strings.size() + 1];
        for (int i = 0; i < strings.size(); i++) {
            offsets[i + 1] = Math.addExact(offsets[i], strings.get(i).length + 1);
        }
        byte[] keyBytes = key.bytes();
        int[] kinds = {KEY, MODULE, SEGMENTS, STRING_OFFSETS, STRINGS, SYMBOLS, RANGE_STARTS, RANGE_CODES, LOCATIONS,
            FUNCTIONS, ERRORS, NAMES};
        long[] lengths = {keyBytes.length, ITEM_SIZE[MODULE], 16L * layout.segments().size(), 4L * offsets.length,
            offsets[strings.size()], 24L * symbols.size(), 8L * dwarf.rangeCount(), 4L * dwarf.rangeCount(),
            20L * dwarf.locationCount(), 16L * dwarf.functionCount(), 4L * dwarf.errorCount(), 16L * dwarf.nameCount()};
        int directoryEnd = HEADER_SIZE + DIRECTORY_ENTRY * kinds.length;
        long[] at = new long[kinds.length];
        long pos = align8(directoryEnd);
        for (int i = 0; i < kinds.length; i++) {
            at[i] = pos;
            pos = pos + lengths[i] + 7 & ~7L;
        }
        if (pos > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("symbol cache would exceed 2 GiB");
        }
        ByteBuffer b = ByteBuffer.allocate((int) pos).order(ByteOrder.LITTLE_ENDIAN);
        b.putInt(0, MAGIC).putShort(4, (short) FORMAT_VERSION).putShort(6, (short) BUILDER_VERSION)
                .putInt(8, HEADER_SIZE).putInt(12, kinds.length).putLong(16, pos);
        for (int i = 0; i < kinds.length; i++) {
            int d = HEADER_SIZE + DIRECTORY_ENTRY * i;
            b.putInt(d, kinds[i]).putInt(d + 4, ITEM_SIZE[kinds[i]]).putLong(d + 8, at[i]).putLong(d + 16, lengths[i]);
        }
        b.put((int) at[0], keyBytes);
        module(b, (int) at[1], layout, fileString, archString);
        b.putInt((int) at[1] + 40, dwarfString);
        int p = (int) at[2];
        for (ModuleLayout.Segment s : layout.segments()) {
            b.putLong(p, s.start()).putLong(p + 8, s.size());
            p += 16;
        }
        p = (int) at[3];
        for (int o : offsets) {
            b.putInt(p, o);
            p += 4;
        }
        p = (int) at[4];
        for (byte[] s : strings) {
            b.put(p, s);
            p += s.length + 1; // the NUL is the buffer's zero
        }
        p = (int) at[5];
        for (int i = 0; i < symbolNames.length; i++) {
            b.putLong(p, symbols.start(i)).putLong(p + 8, symbols.end(i)).putInt(p + 16, offsets[symbolNames[i]]);
            p += 24;
        }
        p = (int) at[6];
        int q = (int) at[7];
        for (int i = 0; i < dwarf.rangeCount(); i++) {
            b.putLong(p, dwarf.rangeStart(i)).putInt(q, dwarf.rangeCode(i));
            p += 8;
            q += 4;
        }
        p = (int) at[8];
        for (int i = 0; i < dwarf.locationCount(); i++) {
            b.putInt(p, dwarf.locationFunction(i)).putInt(p + 4, dwarf.locationFile(i))
                    .putInt(p + 8, dwarf.locationLine(i)).putInt(p + 12, dwarf.locationColumn(i))
                    .putInt(p + 16, dwarf.locationParent(i));
            p += 20;
        }
        p = (int) at[9];
        for (int i = 0; i < dwarf.functionCount(); i++) {
            b.putInt(p, dwarf.functionNames(i)).putInt(p + 4, dwarf.functionFlags(i))
                    .putLong(p + 8, dwarf.functionLowPc(i));
            p += 16;
        }
        p = (int) at[10];
        for (int i = 0; i < dwarf.errorCount(); i++) {
            b.putInt(p, dwarf.errorMessage(i));
            p += 4;
        }
        p = (int) at[11];
        for (int i = 0; i < dwarf.nameCount(); i++) {
            b.putInt(p, dwarf.nameLinkage(i)).putInt(p + 4, dwarf.nameName(i)).putLong(p + 8, dwarf.nameDeclLine(i));
            p += 16;
        }
        CRC32C body = new CRC32C();
        body.update(b.array(), directoryEnd, (int) pos - directoryEnd);
        b.putInt(24, (int) body.getValue());
        CRC32C header = new CRC32C();
        header.update(b.array(), 0, directoryEnd);
        b.putInt(28, (int) header.getValue());
        return b;
    }

    private static void module(ByteBuffer b, int p, ModuleLayout layout, int fileString, int archString) {
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
        b.putInt(p, fileString).putInt(p + 4, archString).putInt(p + 8, flags).putInt(p + 12, elf)
                .putLong(p + 16, layout.linkBase()).putLong(p + 24, cpu).putLong(p + 32, sub);
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
}
