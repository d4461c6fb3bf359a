package dev.crashkit.symbolicate.format.detect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.crashkit.core.ObjectFormatException;
import dev.crashkit.symbolicate.format.ObjectFile;
import dev.crashkit.symbolicate.format.ObjectFormat;
import dev.crashkit.symbolicate.format.ObjectKind;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ObjectFilesTest {

    /** The first 8 bytes of class files of Java 1.1 (45.3) to 21 (65.0): never a universal Mach-O. */
    @ParameterizedTest
    @ValueSource(ints = {0x0003_002d, 0x0000_0032, 0x0000_0034, 0x0000_003d, 0x0000_0041, 0xffff_0041})
    void javaClassFilesAreNotMachO(int version) {
        byte[] head = ByteBuffer.allocate(64).putInt(0xcafebabe).putInt(version).array();
        assertEquals(Optional.empty(), ObjectFiles.peek(head));
    }

    @Test
    void implausibleFatEntriesAreNotMachO() {
        // Two slices claimed, but the first entry's offset lies inside the header and its alignment is 2^40.
        byte[] head = ByteBuffer.allocate(64).putInt(0xcafebabe).putInt(2)
                .putInt(0x0100000c).putInt(0).putInt(4).putInt(100).putInt(40).array();
        assertEquals(Optional.empty(), ObjectFiles.peek(head));
    }

    @Test
    void realFilesAreRecognised() throws Exception {
        assertEquals(Optional.of(ObjectFormat.MACH_O), ObjectFiles.peek(Files.readAllBytes(Path.of("testdata/macho/App-fat"))));
        assertEquals(Optional.of(ObjectFormat.MACH_O), ObjectFiles.peek(Files.readAllBytes(Path.of("testdata/macho/App-arm64"))));
        assertEquals(Optional.of(ObjectFormat.ELF), ObjectFiles.peek(Files.readAllBytes(Path.of("testdata/elf/bin/app-gcc"))));
        List<ObjectFile> fat = ObjectFiles.open(Path.of("testdata/macho/App-fat"));
        assertTrue(fat.size() >= 2, fat.toString());
        assertTrue(fat.stream().allMatch(o -> o.format() == ObjectFormat.MACH_O && o.id().isPresent()));
        ObjectFile dsym = ObjectFiles.open(Path.of("testdata/macho/App-arm64.dSYM/Contents/Resources/DWARF/App-arm64")).get(0);
        assertEquals(ObjectKind.DEBUG_COMPANION, dsym.kind());
        assertTrue(dsym.hasDwarf() && dsym.dwarfSection("debug_info").isPresent());
        ObjectFile elf = ObjectFiles.open(Path.of("testdata/elf/bin/app-gcc")).get(0);
        assertEquals(ObjectKind.EXECUTABLE, elf.kind());
        assertTrue(elf.unwindSections().stream().anyMatch(u -> u.name().equals(".eh_frame")));
        assertEquals(ObjectKind.DEBUG_COMPANION,
                ObjectFiles.open(Path.of("testdata/elf/debug/app-gcc.debug")).get(0).kind());
    }

    @Test
    void aClassFileIsNotOpened(@TempDir Path dir) throws Exception {
        Path cls = dir.resolve("Foo.class");
        Files.write(cls, ByteBuffer.allocate(64).putInt(0xcafebabe).putInt(0x0000_0037).array());
        ObjectFormatException e = assertThrows(ObjectFormatException.class, () -> ObjectFiles.open(cls));
        assertEquals(cls + ": not a Mach-O or ELF file", e.getMessage());
    }
}
