package dev.crashkit.symbolicate.format.elf;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.crashkit.core.ObjectFormatException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** A compressed section that claims a size zlib cannot reach from its bytes is refused before allocating. */
class SectionDecompressorBombTest {

    @Test
    void claimedSizeBeyondZlibsRatioIsRefused() throws Exception {
        byte[] bytes = Files.readAllBytes(Path.of("testdata/elf/debug/app-gcc.zdebug.debug"));
        int at = -1;
        for (int i = 0; i + 12 <= bytes.length && at < 0; i++) {
            if (bytes[i] == 'Z' && bytes[i + 1] == 'L' && bytes[i + 2] == 'I' && bytes[i + 3] == 'B') {
                at = i;
            }
        }
        assertTrue(at >= 0, "no .zdebug section in the test file");
        ByteBuffer.wrap(bytes).putLong(at + 4, 0x7fff_0000L); // ~2 GB claimed by a few hundred bytes
        int header = at;
        ElfFile elf = ElfFile.parse(Path.of("bomb.debug"), ByteBuffer.wrap(bytes));
        ElfSection bomb = elf.elfSections().stream().filter(s -> s.offset() == header).findFirst().orElseThrow();
        ObjectFormatException e = assertThrows(ObjectFormatException.class, () -> elf.sectionData(bomb));
        assertTrue(e.getMessage().startsWith("bomb.debug: section " + bomb.name()), e.getMessage());
        assertTrue(e.getMessage().contains("compressed bytes can hold"), e.getMessage());
    }
}
