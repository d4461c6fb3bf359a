package dev.crashkit.symbolicate.format.elf;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * A minimal 64-bit little-endian relocatable ELF whose only section (besides .shstrtab) holds given
 * bytes: lets tests and fuzz targets reach one section's decoder without the rest of a real file.
 */
public final class OneSectionElf {
    private OneSectionElf() {
    }

    /** SHF_COMPRESSED. */
    public static final long COMPRESSED = ElfSection.SHF_COMPRESSED;

    /** An ELF with section 2 named {@code name}, of type PROGBITS and {@code flags}, holding {@code contents}. */
    public static byte[] of(String name, long flags, byte[] contents) {
        byte[] names = ("\0.shstrtab\0" + name + "\0").getBytes(StandardCharsets.ISO_8859_1);
        int namesAt = 64;
        int dataAt = align8(namesAt + names.length);
        int headersAt = align8(dataAt + contents.length);
        ByteBuffer b = ByteBuffer.allocate(headersAt + 3 * 64).order(ByteOrder.LITTLE_ENDIAN);
        b.put(new byte[] {0x7f, 'E', 'L', 'F', 2, 1, 1, 0});
        b.putShort(16, (short) 1);      // e_type: ET_REL
        b.putShort(18, (short) 62);     // e_machine: x86-64
        b.putInt(20, 1);                // e_version
        b.putLong(40, headersAt);       // e_shoff
        b.putShort(52, (short) 64);     // e_ehsize
        b.putShort(54, (short) 56);     // e_phentsize
        b.putShort(58, (short) 64);     // e_shentsize
        b.putShort(60, (short) 3);      // e_shnum
        b.putShort(62, (short) 1);      // e_shstrndx
        b.put(namesAt, names);
        b.put(dataAt, contents);
        header(b, headersAt + 64, 1, 3, 0, namesAt, names.length, 1);
        header(b, headersAt + 128, 11, 1, flags, dataAt, contents.length, 8);
        return b.array();
    }

    private static void header(ByteBuffer b, int at, int name, int type, long flags, long offset, long size, long align) {
        b.putInt(at, name);
        b.putInt(at + 4, type);
        b.putLong(at + 8, flags);
        b.putLong(at + 24, offset);
        b.putLong(at + 32, size);
        b.putLong(at + 48, align);
    }

    private static int align8(int n) {
        return (n + 7) & ~7;
    }
}
