package dev.crashkit.symbolicate.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.crashkit.core.ObjectFormatException;
import dev.crashkit.symbolicate.format.elf.ElfFile;
import dev.crashkit.symbolicate.format.elf.ElfSection;
import dev.crashkit.symbolicate.format.elf.OneSectionElf;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;

/**
 * A compressed ELF debug section's decoder (ELFCOMPRESS_ZSTD through aircompressor, ELFCOMPRESS_ZLIB
 * through the JDK): the input is the section's stored bytes (Elf64_Chdr + compressed data), placed in
 * a minimal ELF as its SHF_COMPRESSED {@code .debug_info} (seeds: debuginfo/src/test/fuzz/make_zstd_seeds.py).
 * Only an {@link ObjectFormatException} naming the file may escape; a section that decodes has exactly
 * the header's ch_size bytes; memory stays within the claimed-size bound (1040 × compressed bytes).
 */
class ZstdSectionFuzzTest {
    /**
     * The output (at most 1040 bytes per input byte + 1 KB), a copy of the input, and the decoder's fixed
     * working memory (a 128 KB literals buffer, Huffman and FSE tables).
     */
    private static final FuzzContract.Budget BUDGET = new FuzzContract.Budget(4L << 20, 2048);
    private static final Path NAME = Path.of("fuzz-input");

    @FuzzTest
    void section(byte[] input) {
        byte[] elfBytes = OneSectionElf.of(".debug_info", OneSectionElf.COMPRESSED, input);
        FuzzContract.check(input.length, BUDGET, ObjectFormatException.class, () -> {
            try {
                ElfFile elf = ElfFile.parse(NAME, ByteBuffer.wrap(elfBytes));
                ElfSection s = elf.section(".debug_info").orElseThrow();
                ByteBuffer data = elf.sectionData(s);
                long claimed = ByteBuffer.wrap(input).order(ByteOrder.LITTLE_ENDIAN).getLong(8);
                if (data.remaining() != claimed) {
                    FuzzContract.fail("decoded " + data.remaining() + " bytes, ch_size " + Long.toUnsignedString(claimed));
                }
            } catch (ObjectFormatException e) {
                FuzzContract.requireNamed(e, NAME.toString());
                throw e;
            }
        });
    }
}
