package dev.crashkit.symbolicate.format.elf;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.crashkit.core.ObjectFormatException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * ELFCOMPRESS_ZSTD sections (testdata/elf/zstd/bin/inline.zstd, llvm-objcopy-19) and damaged copies of
 * one: the section decodes to the uncompressed file's bytes; a lying size, a truncated or corrupt frame
 * is a one-line error naming the file and the section, and a size no compressed bytes can reach is
 * refused before it is allocated.
 */
class SectionDecompressorZstdTest {
    private static final Path DIR = Path.of("testdata/elf/zstd/bin");
    private static final Path NAME = Path.of("damaged.zstd");

    /** The Elf64_Chdr plus zstd frame of inline.zstd's .debug_info, as stored. */
    private static byte[] stored() throws IOException {
        ElfFile elf = ElfFile.open(DIR.resolve("inline.zstd"));
        return bytes(elf.rawSectionData(elf.section(".debug_info").orElseThrow()));
    }

    private static byte[] plain() throws IOException {
        ElfFile elf = ElfFile.open(DIR.resolve("inline"));
        return bytes(elf.sectionData(elf.section(".debug_info").orElseThrow()));
    }

    private static ByteBuffer decode(byte[] section) throws ObjectFormatException {
        ElfFile elf = ElfFile.parse(NAME, ByteBuffer.wrap(OneSectionElf.of(".debug_info", OneSectionElf.COMPRESSED, section)));
        return elf.sectionData(elf.section(".debug_info").orElseThrow());
    }

    private static byte[] withSize(byte[] section, long chSize) {
        byte[] copy = section.clone();
        ByteBuffer.wrap(copy).order(ByteOrder.LITTLE_ENDIAN).putLong(8, chSize);
        return copy;
    }

    private static String refused(byte[] section, String expected) {
        ObjectFormatException e = assertThrows(ObjectFormatException.class, () -> decode(section));
        String m = e.getMessage();
        assertTrue(m.startsWith(NAME + ": section .debug_info: "), m);
        assertFalse(m.contains("\n") || m.contains("\r"), m);
        assertTrue(m.contains(expected), m);
        return m;
    }

    @Test
    void zstdSectionDecodesToTheUncompressedBytes() throws IOException {
        byte[] stored = stored();
        assertTrue(ByteBuffer.wrap(stored).order(ByteOrder.LITTLE_ENDIAN).getInt(0) == 2, "not ELFCOMPRESS_ZSTD");
        assertArrayEquals(plain(), bytes(decode(stored)));
    }

    @Test
    void sizeLargerThanTheFrameIsAnError() throws IOException {
        byte[] s = stored();
        long size = ByteBuffer.wrap(s).order(ByteOrder.LITTLE_ENDIAN).getLong(8);
        refused(withSize(s, size + 1), "ends after " + size + " of " + (size + 1) + " bytes");
    }

    @Test
    void sizeSmallerThanTheFrameIsAnError() throws IOException {
        byte[] s = stored();
        long size = ByteBuffer.wrap(s).order(ByteOrder.LITTLE_ENDIAN).getLong(8);
        refused(withSize(s, size - 1), "zstd");
        refused(withSize(s, 0), "zstd");
    }

    @Test
    void sizeBeyondWhatTheBytesCanHoldIsRefusedBeforeAllocating() throws IOException {
        byte[] s = stored();
        refused(withSize(s, 0x7fff_0000L), "compressed bytes can hold");
        refused(withSize(s, -1L), "uncompressed size 18446744073709551615 is too large");
        refused(withSize(s, 1L << 40), "is too large");
    }

    @Test
    void truncatedFrameIsAnError() throws IOException {
        byte[] s = stored();
        for (int cut : new int[] {24, 26, 28, 30, 40, s.length / 2, s.length - 1}) {
            refused(Arrays.copyOf(s, cut), "");
        }
    }

    @Test
    void garbageFrameIsAnError() throws IOException {
        byte[] s = stored();
        refused(withGarbage(s, 24, 0), "corrupt zstd data (no zstd frame magic)");
        Random random = new Random(28);
        for (int from : new int[] {28, 30, 34, 40, 60}) {
            for (int round = 0; round < 20; round++) {
                byte[] g = s.clone();
                for (int i = from; i < g.length; i++) {
                    g[i] = (byte) random.nextInt();
                }
                refused(g, "zstd");
            }
        }
    }

    @Test
    void frameHeaderWithoutWindowOrContentSizeIsAnError() throws IOException {
        // Fuzz finding (ZstdSectionFuzzTestInputs/section/findings/frame-header-without-window-or-content-size):
        // single-segment frame (no window descriptor) whose 8-byte content size reads negative; aircompressor
        // refused it with an IllegalStateException from its precondition check.
        byte[] s = Arrays.copyOf(stored(), 24 + 4 + 1 + 8 + 8);
        s[28] = (byte) 0xE0;
        Arrays.fill(s, 29, s.length, (byte) 0xE0);
        for (long size : new long[] {0, 16, 1000}) {
            refused(withSize(s, size), "corrupt zstd data (Invalid frame header: contentSize or windowSize must be set)");
        }
    }

    @Test
    void unknownCompressionTypeIsAnError() throws IOException {
        byte[] s = stored();
        ByteBuffer.wrap(s).order(ByteOrder.LITTLE_ENDIAN).putInt(0, 3);
        refused(s, "unknown compression type 3");
    }

    private static byte[] withGarbage(byte[] s, int from, int value) {
        byte[] g = s.clone();
        Arrays.fill(g, from, g.length, (byte) value);
        return g;
    }

    private static byte[] bytes(ByteBuffer b) {
        byte[] out = new byte[b.remaining()];
        b.duplicate().get(out);
        return out;
    }
}
