package dev.crashkit.symbolicate.dwarf;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.crashkit.symbolicate.format.elf.ElfFile;
import dev.crashkit.symbolicate.format.elf.ElfSection;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * SHF_COMPRESSED ELFCOMPRESS_ZSTD debug sections (llvm-objcopy-19 --compress-debug-sections=zstd of a
 * clang-19 -O2 program with inlined functions, testdata/elf/zstd/build.sh): the same answers as
 * llvm-symbolizer-19 on the zstd file, and the same answers as ours on the uncompressed file.
 */
class ZstdDwarfGoldenTest {
    private static final Path DIR = Path.of("testdata/elf/zstd");

    @Test
    void zstdFileMatchesLlvmSymbolizer() throws IOException {
        ElfFile elf = ElfFile.open(DIR.resolve("bin/inline.zstd"));
        assertTrue(elf.hasDwarf());
        DwarfContext ctx = DwarfContext.open("inline.zstd", DwarfSections.of(elf));
        Golden.Result r = Golden.check(ctx, DIR.resolve("golden/inline.zstd"));
        assertTrue(r.addresses() > 200, "golden too small: " + r.addresses());
        assertTrue(r.frames() > r.addresses(), "no inline chains in the golden: " + r.frames());
        assertTrue(r.mismatches().isEmpty(),
                String.join("\n", r.mismatches().subList(0, Math.min(30, r.mismatches().size()))));
    }

    @ParameterizedTest
    @ValueSource(strings = {"inline.zstd", "inline.zlib"})
    void compressedFileAnswersLikeTheUncompressedOne(String name) throws IOException {
        DwarfContext plain = DwarfContext.open("inline", DwarfSections.of(ElfFile.open(DIR.resolve("bin/inline"))));
        DwarfContext packed = DwarfContext.open(name, DwarfSections.of(ElfFile.open(DIR.resolve("bin").resolve(name))));
        List<String> addresses = Files.readAllLines(DIR.resolve("golden/inline.zstd.addrs"));
        int inlined = 0;
        for (String a : addresses) {
            long address = Long.parseUnsignedLong(a.substring(2), 16);
            List<SourceFrame> expected = plain.lookup(address);
            assertEquals(expected, packed.lookup(address), name + " @" + a);
            inlined += expected.size() > 1 ? 1 : 0;
        }
        assertTrue(inlined > 20, "only " + inlined + " addresses with inlined frames");
    }

    @ParameterizedTest
    @ValueSource(strings = {"inline.zstd", "inline.zlib"})
    void everyDebugSectionDecompressesToTheUncompressedBytes(String name) throws IOException {
        ElfFile plain = ElfFile.open(DIR.resolve("bin/inline"));
        ElfFile packed = ElfFile.open(DIR.resolve("bin").resolve(name));
        int compressed = 0;
        for (ElfSection s : plain.elfSections()) {
            if (s.name().startsWith(".debug_")) {
                ElfSection p = packed.section(s.name()).orElseThrow();
                assertArrayEquals(bytes(plain.sectionData(s)), bytes(packed.sectionData(p)), s.name());
                compressed += p.isCompressed() ? 1 : 0;
            }
        }
        assertTrue(compressed >= 5, "only " + compressed + " compressed sections");
    }

    private static byte[] bytes(ByteBuffer b) {
        byte[] out = new byte[b.remaining()];
        b.duplicate().get(out);
        return out;
    }
}
