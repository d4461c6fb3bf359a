package dev.crashkit.symbolicate.format.macho.names;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.crashkit.symbolicate.Fixtures;
import dev.crashkit.symbolicate.format.macho.MachOImage;
import dev.crashkit.symbolicate.format.macho.Section;
import dev.crashkit.symbolicate.format.macho.layout.TestImages;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Damaged copies of the stripped test binaries, one known problem each: the result is one warning
 * line naming the file and the problem, and every frame the damage does not touch keeps its name
 * (the touched ones fall back to what the other sources give).
 */
class StrippedNamesHostileTest {
    private static final long LC_DYLD_INFO_ONLY = 0x80000022L;
    private static final long LC_DYLD_CHAINED_FIXUPS = 0x80000034L;

    @Test
    void classListEntryPointingOutsideTheFile() throws Exception {
        Damaged d = new Damaged("Shapes-dyldinfo");
        d.putLong(d.sectionOffset("__objc_classlist"), 0x7fff00001000L); // CKRoot's entry
        Result r = d.build();
        assertEquals(1, r.warnings.size(), r.warnings.toString());
        assertTrue(r.warnings.get(0).matches(".*Shapes-dyldinfo: Objective-C metadata: __objc_classlist entry 0: "
                + "address 0x7fff00001000 .*is not in the file's segments"), r.warnings.get(0));
        assertEquals(Optional.of("-[CKShape area]"), r.nameOf("-[CKShape area]"));
        assertEquals(Optional.of("-[CKRoot(Debugging) crashWithPointer:]"), r.nameOf("-[CKRoot(Debugging) crashWithPointer:]"));
        assertEquals(Optional.empty(), r.nameOf("-[CKRoot tag]"), "the damaged class's methods lose their names");
        assertEquals(NameSource.FUNCTION_STARTS, r.hitOf("-[CKRoot tag]").source(), "but keep their bounds");
    }

    @Test
    void methodListWithAHugeCount() throws Exception {
        Damaged d = new Damaged("Shapes-dyldinfo");
        long list = d.nmAddress("__OBJC_$_INSTANCE_METHODS_CKShape");
        d.putInt(d.fileOffset(list) + 4, 0x7fffffff);
        Result r = d.build();
        assertEquals(1, r.warnings.size(), r.warnings.toString());
        assertTrue(r.warnings.get(0).contains("__objc_classlist entry 1"), r.warnings.get(0));
        assertEquals(Optional.empty(), r.nameOf("-[CKShape area]"));
        assertEquals(Optional.of("+[CKShape shapeWithSides:]"), r.nameOf("+[CKShape shapeWithSides:]"),
                "the metaclass's list is read all the same");
    }

    @Test
    void chainedFixupsPastTheEndOfTheFile() throws Exception {
        Damaged d = new Damaged("Shapes-chained");
        int cmd = d.loadCommand(LC_DYLD_CHAINED_FIXUPS);
        d.putInt(cmd + 12, 0x7ffffff0); // datasize
        Result r = d.build();
        assertEquals(1, r.warnings.size(), r.warnings.toString());
        assertTrue(r.warnings.get(0).contains("extends past the end of the file"), r.warnings.get(0));
        // No pointer can be followed without the fixups: Objective-C names are gone, the export
        // trie and function starts still answer.
        assertEquals(Optional.empty(), r.nameOf("-[CKShape area]"));
        assertEquals(Optional.of("ck_exported_entry"), r.nameOf("_ck_exported_entry"));
    }

    @Test
    void exportTrieEdgeOutsideTheTrie() throws Exception {
        Damaged d = new Damaged("Shapes-dyldinfo");
        int cmd = d.loadCommand(LC_DYLD_INFO_ONLY);
        int trie = d.bytes.getInt(cmd + 40);
        // Root node: terminal size 0, one child, edge "_\0", then the child's ULEB offset.
        assertEquals(0, d.bytes.get(trie));
        assertEquals('_', d.bytes.get(trie + 2));
        d.bytes.put(trie + 4, (byte) 0);
        Result r = d.build();
        assertEquals(1, r.warnings.size(), r.warnings.toString());
        assertTrue(r.warnings.get(0).contains("export trie edge \"_\" points to offset 0, outside the trie"),
                r.warnings.get(0));
        assertEquals(Optional.empty(), r.nameOf("_main"));
        assertEquals(Optional.of("-[CKShape area]"), r.nameOf("-[CKShape area]"));
    }

    @Test
    void classListSectionClaimingAnEnormousSize() throws Exception {
        Damaged d = new Damaged("Shapes-chained");
        d.putLong(d.sectionHeader("__objc_classlist") + 40, 1L << 60);
        long t0 = System.nanoTime();
        Result r = d.build();
        assertTrue(System.nanoTime() - t0 < 2_000_000_000L, "bounded by the file, not by the claimed size");
        assertEquals(1, r.warnings.size(), r.warnings.toString());
        assertTrue(r.warnings.get(0).contains("__objc_classlist: address 0x100004000"), r.warnings.get(0));
        assertEquals(Optional.of("-[CKRoot(Debugging) crashWithPointer:]"), r.nameOf("-[CKRoot(Debugging) crashWithPointer:]"),
                "categories are still read");
    }

    /** A copy of one stripped binary, patched in memory. */
    private static final class Damaged {
        final String variant;
        final ByteBuffer bytes;
        final MachOImage image;

        Damaged(String variant) throws Exception {
            this.variant = variant;
            Path p = Fixtures.testdata("macho/objc/" + variant);
            bytes = ByteBuffer.wrap(Files.readAllBytes(p)).order(ByteOrder.LITTLE_ENDIAN);
            image = MachOImage.parse(p, 0, bytes.duplicate());
        }

        int sectionOffset(String name) {
            return (int) (long) image.machOSections().stream().filter(s -> s.name().equals(name)).findFirst()
                    .map(Section::offset).orElseThrow();
        }

        int fileOffset(long vmaddr) {
            return (int) (long) image.machOSegments().stream().filter(s -> s.contains(vmaddr)).findFirst()
                    .map(s -> s.fileoff() + vmaddr - s.vmaddr()).orElseThrow();
        }

        /** Address of a symbol of the unstripped build (llvm-nm golden). */
        long nmAddress(String name) throws Exception {
            for (String l : TestImages.golden("macho/objc/golden/" + variant + ".nm.txt")) {
                String[] f = l.split(" ", 3);
                if (f.length == 3 && f[2].equals(name)) {
                    return Long.parseUnsignedLong(f[0], 16);
                }
            }
            throw new AssertionError("no " + name);
        }

        /** File offset of the section_64 header of the first section called {@code name}. */
        int sectionHeader(String name) {
            int at = 32;
            for (int i = 0; i < bytes.getInt(16); i++) {
                if (bytes.getInt(at) == 0x19) {
                    for (int k = 0; k < bytes.getInt(at + 64); k++) {
                        int sh = at + 72 + 80 * k;
                        byte[] n = new byte[16];
                        bytes.get(sh, n);
                        if (new String(n, java.nio.charset.StandardCharsets.US_ASCII).replace("\0", "").equals(name)) {
                            return sh;
                        }
                    }
                }
                at += bytes.getInt(at + 4);
            }
            throw new AssertionError("no section " + name);
        }

        int loadCommand(long cmd) {
            int at = 32;
            for (int i = 0; i < bytes.getInt(16); i++) {
                if (Integer.toUnsignedLong(bytes.getInt(at)) == cmd) {
                    return at;
                }
                at += bytes.getInt(at + 4);
            }
            throw new AssertionError("no load command 0x" + Long.toHexString(cmd));
        }

        void putLong(int at, long v) {
            bytes.putLong(at, v);
        }

        void putInt(int at, int v) {
            bytes.putInt(at, v);
        }

        Result build() throws Exception {
            List<String> warnings = new ArrayList<>();
            // The layout is read again from the patched bytes: a test may damage a header.
            MachOImage patched = MachOImage.parse(image.file(), 0, bytes.duplicate());
            StrippedNames names = StrippedNames.build(TestImages.of(patched, bytes), warnings::add);
            for (String w : warnings) {
                assertTrue(w.startsWith(image.file().toString()) && w.indexOf('\n') < 0, "one line naming the file: " + w);
            }
            return new Result(this, names, warnings);
        }
    }

    private record Result(Damaged image, StrippedNames names, List<String> warnings) {
        NameHit hitOf(String nmName) throws Exception {
            return names.lookup(image.nmAddress(nmName)).orElseThrow();
        }

        Optional<String> nameOf(String nmName) throws Exception {
            return hitOf(nmName).name();
        }
    }
}
