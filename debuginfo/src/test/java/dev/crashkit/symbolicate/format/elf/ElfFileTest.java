package dev.crashkit.symbolicate.format.elf;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.crashkit.core.ObjectFormatException;
import dev.crashkit.symbolicate.format.DebugLink;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.zip.CRC32;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** ElfFile against binutils' view (readelf, nm, objcopy output) recorded by testdata/elf/build.sh. */
class ElfFileTest {
    private static final Path ELF = Path.of("testdata/elf");

    private static Path locate(String name) {
        Path bin = ELF.resolve("bin").resolve(name);
        return Files.exists(bin) ? bin : ELF.resolve("debug").resolve(name);
    }

    @Test
    void buildIdsAndDebugLinksMatchReadelf() throws IOException {
        List<String> rows = Files.readAllLines(ELF.resolve("golden/identity.tsv"));
        assertTrue(rows.size() >= 16);
        for (String row : rows) {
            String[] f = row.split("\t");
            ElfFile elf = ElfFile.open(locate(f[0]));
            Optional<String> id = elf.buildId().map(d -> HexFormat.of().formatHex(d.bytes()));
            assertEquals(f[1].equals("-") ? Optional.empty() : Optional.of(f[1]), id, f[0]);
            Optional<String> link = elf.debugLink().map(DebugLink::fileName);
            assertEquals(f[2].equals("-") ? Optional.empty() : Optional.of(f[2]), link, f[0]);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"app-gcc", "libshapes-gcc.so", "app-clang", "libshapes-clang.so"})
    void debugLinkCrcIsTheDebugFilesCrc(String name) throws IOException {
        DebugLink link = ElfFile.open(ELF.resolve("bin").resolve(name)).debugLink().orElseThrow();
        CRC32 crc = new CRC32();
        crc.update(Files.readAllBytes(ELF.resolve("debug").resolve(link.fileName())));
        assertEquals(crc.getValue(), link.crc32());
    }

    @ParameterizedTest
    @ValueSource(strings = {"app-gcc.debug", "libshapes-clang.so.debug", "app-i386", "app-ppc32be", "app-ppc64be"})
    void symtabMatchesNm(String name) throws IOException {
        ElfFile elf = ElfFile.open(locate(name));
        Set<String> ours = elf.symbols().stream()
                .filter(s -> !s.dynamic() && s.sectionIndex() != 0 && s.type() != 3 && s.type() != 4)
                .map(s -> key(s.value(), s.size(), s.name()))
                .collect(Collectors.toCollection(TreeSet::new));
        assertEquals(nm(ELF.resolve("golden/" + name + ".nm")), ours);
    }

    @Test
    void dynsymMatchesNmD() throws IOException {
        ElfFile elf = ElfFile.open(ELF.resolve("bin/libshapes-gcc.so"));
        Set<String> ours = elf.symbols().stream()
                .filter(s -> s.dynamic() && s.sectionIndex() != 0)
                .map(s -> key(s.value(), s.size(), s.name()))
                .collect(Collectors.toCollection(TreeSet::new));
        assertEquals(nm(ELF.resolve("golden/libshapes-gcc.so.dynsym.nm")), ours);
        assertTrue(elf.symbols().stream().anyMatch(s -> s.isDefinedFunction() && s.name().equals("shapes_entry")));
    }

    @ParameterizedTest
    @ValueSource(strings = {"app-gcc.debug", "libshapes-clang.so.debug", "app-i386", "app-ppc32be", "app-ppc64be"})
    void loadSegmentsMatchReadelf(String name) throws IOException {
        List<String> expected = Files.readAllLines(ELF.resolve("golden/" + name + ".load"));
        List<String> ours = new ArrayList<>();
        for (ElfSegment s : ElfFile.open(locate(name)).loadSegments()) {
            ours.add(s.offset() + "\t" + s.vaddr() + "\t" + s.filesz() + "\t" + s.memsz());
        }
        List<String> theirs = new ArrayList<>();
        for (String line : expected) {
            String[] f = line.split("\t");
            theirs.add(hex(f[0]) + "\t" + hex(f[1]) + "\t" + hex(f[2]) + "\t" + hex(f[3]));
        }
        assertFalse(theirs.isEmpty());
        assertEquals(theirs, ours);
    }

    @ParameterizedTest
    @ValueSource(strings = {"app-gcc.zlib.debug", "app-gcc.zdebug.debug", "app-gcc.zstd.debug"})
    void compressedSectionsInflateToObjcopysInput(String name) throws IOException {
        ElfFile plain = ElfFile.open(ELF.resolve("debug/app-gcc.debug"));
        ElfFile packed = ElfFile.open(ELF.resolve("debug").resolve(name));
        int compared = 0;
        for (ElfSection s : plain.elfSections()) {
            if (!s.name().startsWith(".debug_")) {
                continue;
            }
            String packedName = name.contains("zdebug") ? ".z" + s.name().substring(1) : s.name();
            ElfSection p = packed.section(packedName).or(() -> packed.section(s.name())).orElseThrow();
            assertArrayEquals(bytes(plain.sectionData(s)), bytes(packed.sectionData(p)), s.name());
            compared += p.isCompressed() ? 1 : 0;
        }
        assertTrue(compared >= 3, "only " + compared + " compressed sections compared");
    }

    @Test
    void truncatedAndCorruptFilesGiveOneLineErrors() throws IOException {
        byte[] all = Files.readAllBytes(ELF.resolve("bin/app-gcc"));
        Path name = Path.of("cut-app-gcc");
        for (int cut : new int[] {3, 20, 63, 64, 200, all.length / 2, all.length - 1}) {
            ByteBuffer b = ByteBuffer.wrap(all, 0, cut).slice();
            try {
                ElfFile elf = ElfFile.parse(name, b);
                elf.buildId();
                elf.symbols();
                elf.debugLink();
            } catch (ObjectFormatException e) {
                assertTrue(e.getMessage().startsWith("cut-app-gcc: "), e.getMessage());
                assertFalse(e.getMessage().contains("\n"), e.getMessage());
            }
        }
        byte[] bad = all.clone();
        bad[4] = 7; // invalid EI_CLASS
        ObjectFormatException e = assertThrows(ObjectFormatException.class, () -> ElfFile.parse(name, ByteBuffer.wrap(bad)));
        assertTrue(e.getMessage().startsWith("cut-app-gcc: "), e.getMessage());
    }

    private static String key(long value, long size, String name) {
        return Long.toHexString(value) + " " + Long.toHexString(size) + " " + name;
    }

    private static Set<String> nm(Path file) throws IOException {
        Set<String> out = new TreeSet<>();
        for (String line : Files.readAllLines(file)) {
            String[] f = line.trim().split("\\s+", 4);
            long value = Long.parseUnsignedLong(f[0], 16);
            if (f.length == 4) {
                out.add(key(value, Long.parseUnsignedLong(f[1], 16), f[3]));
            } else {
                out.add(key(value, 0, f[2]));
            }
        }
        return out;
    }

    private static long hex(String s) {
        return Long.parseUnsignedLong(s.substring(2), 16);
    }

    private static byte[] bytes(ByteBuffer b) {
        byte[] out = new byte[b.remaining()];
        b.duplicate().get(out);
        return out;
    }
}
