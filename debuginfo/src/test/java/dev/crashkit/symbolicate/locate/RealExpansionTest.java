package dev.crashkit.symbolicate.locate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.crashkit.core.CrashkitException;
import dev.crashkit.symbolicate.locate.DebugFileIndex;
import dev.crashkit.testkit.TestData;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.compress.archivers.zip.ZipArchiveEntry;
import org.apache.commons.compress.archivers.zip.ZipArchiveOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 11: "a zip member declaring 18 KB that really expands to 3 GiB is extracted in full (the
 * 1000x ratio is checked against the declared size only)". The bytes a member really expands to are
 * counted while reading.
 */
class RealExpansionTest {

    /** A zip whose only member is {@code size} zero bytes but whose headers declare {@code declared}. */
    private static Path lyingZip(Path dir, int size, int declared) throws IOException {
        Path zip = dir.resolve("lying.zip");
        try (ZipArchiveOutputStream z = new ZipArchiveOutputStream(zip)) {
            z.putArchiveEntry(new ZipArchiveEntry("App"));
            z.write(new byte[size]);
            z.closeArchiveEntry();
        }
        ByteBuffer b = ByteBuffer.wrap(Files.readAllBytes(zip)).order(ByteOrder.LITTLE_ENDIAN);
        assertEquals(0x04034b50, b.getInt(0), "local file header");
        b.putInt(22, declared); // local header: uncompressed size
        for (int i = 0; i + 4 <= b.capacity(); i++) {
            if (b.getInt(i) == 0x02014b50) {
                b.putInt(i + 24, declared); // central directory: uncompressed size
            }
        }
        Files.write(zip, b.array());
        return zip;
    }

    @Test
    void zipMemberDeclaringLittleIsStoppedAtTheRatioOfWhatItReallyExpandsTo(@TempDir Path dir) throws IOException {
        // 8 MiB of zeros deflate ~1000:1; the headers claim 18 KB, so the declared ratio looks harmless.
        Path zip = lyingZip(dir, 8 << 20, 18_000);
        ArchiveMember m = new ArchiveMember(zip, "App");
        Path target = dir.resolve("out");
        CrashkitException e = assertThrows(CrashkitException.class,
                () -> Archives.extract(m, target, new ArchiveLimits(4L << 30, 100, 10)));
        assertTrue(e.getMessage().contains("expands more than 100x its compressed size"), e.getMessage());
        assertFalse(Files.exists(target), "nothing of the bomb stays in the cache");
    }

    @Test
    void zipMemberDeclaringLittleIsStoppedAtTheSizeLimit(@TempDir Path dir) throws IOException {
        Path zip = lyingZip(dir, 4 << 20, 1_000);
        Path target = dir.resolve("out");
        CrashkitException e = assertThrows(CrashkitException.class,
                () -> Archives.extract(new ArchiveMember(zip, "App"), target, new ArchiveLimits(1 << 20, 100_000, 10)));
        assertTrue(e.getMessage().contains("expands past the 1048576-byte limit"), e.getMessage());
        assertFalse(Files.exists(target));
    }

    /**
     * Issue 11: "a corrupt member inside a zip found in a --dsym folder aborts the whole run (exit 4)"
     * (a Java class file taken for a fat Mach-O), and a member we cannot decompress lost the whole
     * archive. Each spoils only itself now. (Since the ObjectFile contract a class file is told
     * from a universal Mach-O as file(1) and LLVM do, so it is not an object file at all; a
     * truncated universal header stands for the corrupt member.)
     */
    @Test
    void aCorruptMemberInADsymZipIsSkippedWithAWarning(@TempDir Path dir) throws IOException {
        byte[] dwarf = Files.readAllBytes(TestData.file("macho/App-arm64.dSYM/Contents/Resources/DWARF/App-arm64"));
        // 0xCAFEBABE, then class-file version 61 read as 61 fat slices that are not there.
        byte[] classFile = {(byte) 0xca, (byte) 0xfe, (byte) 0xba, (byte) 0xbe, 0, 0, 0, 61, 0, 0, 0, 0, 0, 0, 0, 0};
        Path zip = dir.resolve("syms/jdk.zip");
        Files.createDirectories(zip.getParent());
        try (ZipArchiveOutputStream z = new ZipArchiveOutputStream(zip)) {
            z.putArchiveEntry(new ZipArchiveEntry("A.class"));
            z.write(classFile);
            z.closeArchiveEntry();
            z.putArchiveEntry(new ZipArchiveEntry("crypt"));
            z.write(dwarf);
            z.closeArchiveEntry();
            z.putArchiveEntry(new ZipArchiveEntry("good"));
            z.write(dwarf);
            z.closeArchiveEntry();
            z.putArchiveEntry(new ZipArchiveEntry("broken"));
            z.write(new byte[] {(byte) 0xca, (byte) 0xfe, (byte) 0xba, (byte) 0xbe, 0, 0, 0, 2}); // 2 slices, none there
            z.closeArchiveEntry();
        }
        ByteBuffer b = ByteBuffer.wrap(Files.readAllBytes(zip)).order(ByteOrder.LITTLE_ENDIAN);
        int second = 0;
        for (int i = 4, seen = 0; i + 4 <= b.capacity(); i++) {
            if (b.getInt(i) == 0x04034b50 && seen++ == 0) {
                second = i;
            }
        }
        b.putShort(second + 8, (short) 99); // "crypt": compression method 99 (AES), which we cannot read
        for (int i = 0; i + 4 <= b.capacity(); i++) {
            if (b.getInt(i) == 0x02014b50 && b.getInt(i + 42) == second) {
                b.putShort(i + 10, (short) 99);
            }
        }
        Files.write(zip, b.array());
        List<String> warnings = new ArrayList<>();
        DebugFileIndex index = DebugFileIndex.scan(List.of(zip.getParent()), warnings::add);
        assertEquals(1, index.size(), "the good member is still indexed: " + warnings);
        assertFalse(warnings.stream().anyMatch(w -> w.contains("A.class")), "a class file is no Mach-O: " + warnings);
        assertTrue(warnings.stream().anyMatch(w -> w.startsWith("skipping " + zip + "!/broken")), warnings.toString());
        assertTrue(warnings.stream().anyMatch(w -> w.startsWith("skipping " + zip + "!/crypt")), warnings.toString());
    }

    /**
     * Issue 32: a universal header cut short inside a member (2 slices declared, 1 present) made the
     * Mach-O peek index past what it had read: an IndexOutOfBoundsException, reported as "corrupt
     * member (java.lang.IndexOutOfBoundsException: ...)". The warning now names the member and the
     * problem. The fuzz regression input is {@code ArchivesFuzzTestInputs/index/findings/tar-member-truncated-fat-header-IndexOutOfBoundsException}.
     */
    @Test
    void truncatedFatHeaderInAMemberIsAOneLineWarning(@TempDir Path dir) throws IOException {
        // 0xCAFEBABE, 2 slices, then only the first 20-byte entry (arm64, offset 0x4000, size 1, align 14).
        ByteBuffer fat = ByteBuffer.allocate(28);
        fat.putInt(0xcafebabe).putInt(2).putInt(0x0100000c).putInt(0).putInt(0x4000).putInt(1).putInt(14);
        Path tar = dir.resolve("syms/fat.tar");
        Files.createDirectories(tar.getParent());
        try (var t = new org.apache.commons.compress.archivers.tar.TarArchiveOutputStream(Files.newOutputStream(tar))) {
            var e = new org.apache.commons.compress.archivers.tar.TarArchiveEntry("App.dSYM/Contents/Resources/DWARF/App");
            e.setSize(fat.capacity());
            t.putArchiveEntry(e);
            t.write(fat.array());
            t.closeArchiveEntry();
        }
        List<String> warnings = new ArrayList<>();
        DebugFileIndex.scan(List.of(tar.getParent()), warnings::add);
        assertEquals(List.of("skipping " + tar + "!/App.dSYM/Contents/Resources/DWARF/App: truncated universal header: "
                + "2 slices need 48 bytes, the member has 28"), warnings);
    }
}
