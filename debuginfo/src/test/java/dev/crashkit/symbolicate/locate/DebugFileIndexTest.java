package dev.crashkit.symbolicate.locate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.crashkit.core.Diagnostics;
import dev.crashkit.core.model.DebugId;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DebugFileIndexTest {

    private static DebugId uuidFromGolden(String file) throws IOException {
        // llvm-dwarfdump --uuid output: "UUID: <uuid> (<arch>) <path>"
        return DebugId.parse(Files.readString(Path.of("testdata/macho/golden/" + file)).split("\\s+")[1]).orElseThrow();
    }

    @Test
    void xcarchiveFolderIsSearched(@TempDir Path dir) throws IOException {
        Path dsyms = Files.createDirectories(dir.resolve("App 2026-11-21.xcarchive/dSYMs/App.app.dSYM/Contents/Resources/DWARF"));
        Files.copy(Path.of("testdata/macho/App-arm64.dSYM/Contents/Resources/DWARF/App-arm64"), dsyms.resolve("App"));
        Path app = Files.createDirectories(dir.resolve("App 2026-11-21.xcarchive/Products/Applications/App.app"));
        Files.copy(Path.of("testdata/macho/App-arm64"), app.resolve("App"));
        Files.writeString(app.resolve("Info.plist"), "<plist/>");

        DebugFileIndex index = DebugFileIndex.scan(List.of(dir.resolve("App 2026-11-21.xcarchive")), Diagnostics.ignore());
        List<DebugFileIndex.Entry> found = index.find(uuidFromGolden("App-arm64.uuid.txt"));
        assertEquals(2, found.size(), found.toString());
        assertTrue(found.get(0).debugInfo(), "the dSYM comes first");
        assertTrue(found.get(0).file().toString().contains("/dSYMs/"));
    }

    @Test
    void duplicateDsymsAreReported(@TempDir Path dir) throws IOException {
        Path src = Path.of("testdata/macho/App-arm64.dSYM/Contents/Resources/DWARF/App-arm64");
        Files.copy(src, Files.createDirectories(dir.resolve("a")).resolve("App"));
        Files.copy(src, Files.createDirectories(dir.resolve("b")).resolve("App"));
        List<String> warnings = new ArrayList<>();
        DebugFileIndex.scan(List.of(dir), warnings::add);
        assertTrue(warnings.stream().anyMatch(w -> w.contains("is in 2 dSYMs")), warnings.toString());
    }

    /**
     * A fat header in an archive whose slice lies past the end of the member: the warning names the member.
     * (A loose file like it is no Mach-O to the magic sniffer, which checks slice offsets against the file size.)
     */
    @Test
    void aFatSlicePastTheEndIsAWarningNamingTheFile(@TempDir Path dir) throws IOException {
        java.nio.ByteBuffer fat = java.nio.ByteBuffer.allocate(64);
        fat.putInt(0xcafebabe).putInt(1).putInt(0x0100000c).putInt(0).putInt(0x7fffffff).putInt(0x7fffffff).putInt(14);
        try (java.util.zip.ZipOutputStream z = new java.util.zip.ZipOutputStream(
                Files.newOutputStream(dir.resolve("a.zip")))) {
            z.putNextEntry(new java.util.zip.ZipEntry("Member"));
            z.write(fat.array());
        }
        List<String> warnings = new ArrayList<>();
        DebugFileIndex.scan(List.of(dir), warnings::add);
        assertEquals(1, warnings.size(), warnings.toString());
        assertTrue(warnings.stream().anyMatch(w -> w.contains("a.zip!/Member") && w.contains("past the end")),
                warnings.toString());
    }

    /** A damaged file named on its own: one error naming it once (was "F: cannot read: F: ..."). */
    @Test
    void aDamagedFileGivenAloneIsNamedOnceInItsError() {
        Path broken = Path.of("testdata/macho/broken/App-corrupt-fail");
        dev.crashkit.core.CrashkitException e = org.junit.jupiter.api.Assertions.assertThrows(
                dev.crashkit.core.CrashkitException.class, () -> DebugFileIndex.scan(List.of(broken), Diagnostics.ignore()));
        assertTrue(e.getMessage().startsWith(broken + ": "), e.getMessage());
        assertEquals(e.getMessage().indexOf(broken.toString()), e.getMessage().lastIndexOf(broken.toString()),
                e.getMessage());
    }

    /**
     * The same dSYM reached twice (named twice, through a symbolic link to its bundle, a link to
     * its DWARF file, a hard link, inside a folder also given) is one dSYM: indexed once, no
     * "is in 2 dSYMs" (issue 11). A bundle given as a link is indexed (the walk used to stop at the link).
     */
    @Test
    void theSameDsymReachedTwiceIsOneDsym(@TempDir Path dir) throws IOException {
        Path bundle = Path.of("testdata/macho/App-arm64.dSYM").toAbsolutePath();
        Path dwarf = bundle.resolve("Contents/Resources/DWARF/App-arm64");
        Path linkedBundle = Files.createSymbolicLink(dir.resolve("Linked.dSYM"), bundle);
        Path linkedFile = Files.createSymbolicLink(dir.resolve("App-link"), dwarf);
        Path copies = Files.createDirectories(dir.resolve("folder"));
        Path hard = Files.copy(dwarf, dir.resolve("source"));
        Files.createLink(copies.resolve("App-hard"), hard);
        DebugId id = uuidFromGolden("App-arm64.uuid.txt");

        List<String> warnings = new ArrayList<>();
        DebugFileIndex alone = DebugFileIndex.scan(List.of(linkedBundle), warnings::add);
        assertEquals(1, alone.find(id).size(), "a bundle given as a link is indexed");

        DebugFileIndex index = DebugFileIndex.scan(List.of(bundle, bundle, linkedBundle, linkedFile, dwarf),
                warnings::add);
        assertEquals(1, index.find(id).size(), index.find(id).toString());
        DebugFileIndex hardLinked = DebugFileIndex.scan(List.of(hard, copies), warnings::add);
        assertEquals(1, hardLinked.find(id).size(), hardLinked.find(id).toString());
        assertEquals(List.of(), warnings);
    }
}
