package dev.crashkit.symbolicate.locate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.crashkit.core.CrashkitException;
import dev.crashkit.core.model.DebugId;
import dev.crashkit.symbolicate.symbolize.ModuleCache;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.zip.GZIPOutputStream;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveOutputStream;
import org.apache.commons.compress.archivers.zip.ZipArchiveEntry;
import org.apache.commons.compress.archivers.zip.ZipArchiveOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** dSYMs inside zip / tar / tar.gz archives, and hostile archives. */
class ArchivesTest {
    private static final Path DSYM_DWARF = Path.of("testdata/macho/App-arm64.dSYM/Contents/Resources/DWARF/App-arm64");
    /** UUID of App-arm64 as llvm-dwarfdump --uuid printed it (testdata/macho/golden/App-arm64.dSYM.uuid.txt). */
    private static DebugId expectedUuid() throws IOException {
        String line = Files.readString(Path.of("testdata/macho/golden/App-arm64.dSYM.uuid.txt"));
        return DebugId.parse(line.split("\\s+")[1]).orElseThrow();
    }

    @Test
    void indexesAndExtractsFromZipTarAndTgz(@TempDir Path dir) throws IOException {
        byte[] dwarf = Files.readAllBytes(DSYM_DWARF);
        Path zip = dir.resolve("syms.zip");
        try (ZipArchiveOutputStream z = new ZipArchiveOutputStream(zip)) {
            z.putArchiveEntry(new ZipArchiveEntry("App.dSYM/Contents/Resources/DWARF/App"));
            z.write(dwarf);
            z.closeArchiveEntry();
        }
        Path tgz = dir.resolve("syms.tar.gz");
        try (TarArchiveOutputStream t = new TarArchiveOutputStream(new GZIPOutputStream(Files.newOutputStream(tgz)))) {
            addTar(t, "junk.txt", "hello".getBytes());
            addTar(t, "deep/App.dSYM/Contents/Resources/DWARF/App", dwarf);
        }
        for (Path archive : List.of(zip, tgz)) {
            List<String> warnings = new ArrayList<>();
            DebugFileIndex index = DebugFileIndex.scan(List.of(archive), warnings::add);
            List<DebugFileIndex.Entry> found = index.find(expectedUuid());
            assertEquals(1, found.size(), archive + " " + warnings);
            assertTrue(found.get(0).member().isPresent());
            ModuleCache cache = new ModuleCache(index, new MemberStore(Optional.of(dir.resolve("cache")), ArchiveLimits.defaults()));
            var loaded = cache.get(expectedUuid());
            assertTrue(loaded.loaded().isPresent(), loaded.toString());
            assertTrue(loaded.loaded().get().file().toString().startsWith(archive + "!/"));
            assertTrue(loaded.loaded().get().symbols().size() > 5);
        }
    }

    @Test
    void refusesPathTraversalAndLinks(@TempDir Path dir) throws IOException {
        byte[] dwarf = Files.readAllBytes(DSYM_DWARF);
        Path zip = dir.resolve("slip.zip");
        try (ZipArchiveOutputStream z = new ZipArchiveOutputStream(zip)) {
            z.putArchiveEntry(new ZipArchiveEntry("../../outside/App"));
            z.write(dwarf);
            z.closeArchiveEntry();
        }
        Path tar = dir.resolve("link.tar");
        try (TarArchiveOutputStream t = new TarArchiveOutputStream(Files.newOutputStream(tar))) {
            TarArchiveEntry link = new TarArchiveEntry("App", TarArchiveEntry.LF_SYMLINK);
            link.setLinkName("/etc/passwd");
            t.putArchiveEntry(link);
            t.closeArchiveEntry();
        }
        List<String> warnings = new ArrayList<>();
        DebugFileIndex index = DebugFileIndex.scan(List.of(zip, tar), warnings::add);
        assertTrue(index.find(expectedUuid()).isEmpty());
        assertTrue(warnings.stream().anyMatch(w -> w.contains("slip.zip!/../../outside/App") && w.contains("path traversal")), warnings.toString());
        assertTrue(warnings.stream().anyMatch(w -> w.contains("link.tar!/App") && w.contains("link")), warnings.toString());
        assertFalse(Files.exists(dir.resolve("outside")));
    }

    @Test
    void refusesTenGigabyteBombQuickly(@TempDir Path dir) throws IOException {
        // A tar.gz whose member declares (and would expand to) 10 GB of zeros; only its start is stored.
        Path bomb = dir.resolve("bomb.tar.gz");
        try (OutputStream gz = new GZIPOutputStream(Files.newOutputStream(bomb))) {
            TarArchiveEntry e = new TarArchiveEntry("App.dSYM/Contents/Resources/DWARF/App");
            e.setSize(10L << 30);
            byte[] header = new byte[512];
            // Sizes past 8 GiB need the star/GNU binary number encoding.
            e.writeEntryHeader(header, org.apache.commons.compress.archivers.zip.ZipEncodingHelper.getZipEncoding("UTF-8"), true);
            gz.write(header);
            gz.write(new byte[1 << 20]);
        }
        List<String> warnings = new ArrayList<>();
        DebugFileIndex index = assertTimeoutPreemptively(Duration.ofSeconds(20),
                () -> DebugFileIndex.scan(List.of(bomb), warnings::add));
        assertEquals(0, index.size());
        assertTrue(warnings.stream().anyMatch(w -> w.startsWith("refusing " + bomb + "!/App.dSYM")
                && w.contains("declares 10737418240 bytes")), warnings.toString());
    }

    @Test
    void extractionStopsAtTheSizeLimit(@TempDir Path dir) throws IOException {
        byte[] dwarf = Files.readAllBytes(DSYM_DWARF);
        Path zip = dir.resolve("big.zip");
        try (ZipArchiveOutputStream z = new ZipArchiveOutputStream(zip)) {
            z.putArchiveEntry(new ZipArchiveEntry("App"));
            z.write(dwarf);
            z.closeArchiveEntry();
        }
        ArchiveMember m = new ArchiveMember(zip, "App");
        Path target = dir.resolve("out");
        CrashkitException ex = assertThrows(CrashkitException.class,
                () -> Archives.extract(m, target, new ArchiveLimits(1024, Long.MAX_VALUE, 10)));
        assertTrue(ex.getMessage().contains("big.zip!/App"), ex.getMessage());
        assertFalse(Files.exists(target));
    }

    private static void addTar(TarArchiveOutputStream t, String name, byte[] data) throws IOException {
        TarArchiveEntry e = new TarArchiveEntry(name);
        e.setSize(data.length);
        t.putArchiveEntry(e);
        t.write(data);
        t.closeArchiveEntry();
    }
}
