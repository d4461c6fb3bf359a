package dev.crashkit.symbolicator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.crashkit.testkit.TestData;
import java.nio.file.Files;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Through the public facade: an ELF file whose debug sections are zstd-compressed (testdata/elf/zstd,
 * llvm-objcopy-19) answers every golden address as the uncompressed file does, inline chains included.
 */
class ZstdImageLookupTest {

    @Test
    void zstdCompressedFileAnswersLikeTheUncompressedOne() throws Exception {
        try (Symbolicator s = Symbolicator.open(SymbolicatorConfig.defaults())) {
            ImageLookup plain = s.image(TestData.file("elf/zstd/bin/inline"), Optional.empty());
            ImageLookup zstd = s.image(TestData.file("elf/zstd/bin/inline.zstd"), Optional.empty());
            int chains = 0;
            for (String a : Files.readAllLines(TestData.file("elf/zstd/golden/inline.zstd.addrs"))) {
                long address = Long.parseUnsignedLong(a.substring(2), 16);
                List<SourceLocation> expected = plain.lookup(address);
                assertEquals(expected, zstd.lookup(address), a);
                chains += expected.size() > 1 ? 1 : 0;
            }
            assertTrue(chains > 20, "only " + chains + " inline chains");
            // llvm-symbolizer-19 -i at 0x11ab: square (inline.c:12) inlined in add (:16) inlined in sum_of_squares (:30)
            List<SourceLocation> at = zstd.lookup(0x11ab);
            assertEquals(List.of("square", "add", "sum_of_squares"), at.stream().map(SourceLocation::function).toList());
            assertEquals(List.of(12, 16, 30), at.stream().map(l -> l.line().orElse(0)).toList());
        }
    }
}
