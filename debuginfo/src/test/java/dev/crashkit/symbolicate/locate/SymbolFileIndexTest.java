package dev.crashkit.symbolicate.locate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.crashkit.core.model.Arch;
import dev.crashkit.core.model.DebugId;
import dev.crashkit.symbolicate.Fixtures;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Breakpad .sym files in --dsym folders and archives: told by content, indexed by the identity their id stands for. */
class SymbolFileIndexTest {
    static final Path SYM = Fixtures.testdata("breakpad/sym/shapes/0E1AFF4172E2F8D9EED2378AA112749B0/shapes.sym");
    static final DebugId BUILD_ID = DebugId.parse("41ff1a0ee272d9f8eed2378aa112749bbc65cdb1").orElseThrow();

    @TempDir
    Path tmp;

    @Test
    void symInAFolderUnderAnyNameIsIndexedByTheBuildIdOfItsCodeId() throws Exception {
        Path dir = tmp.resolve("symbols/deep");
        Files.createDirectories(dir);
        Files.copy(SYM, dir.resolve("whatever.txt"));
        List<String> warnings = new ArrayList<>();
        DebugFileIndex index = DebugFileIndex.scan(List.of(tmp.resolve("symbols")), warnings::add);
        List<DebugFileIndex.Entry> found = index.find(BUILD_ID);
        assertEquals(1, found.size(), warnings::toString);
        assertEquals(SliceId.Container.BREAKPAD, found.get(0).container());
        assertEquals(Arch.parse("x86_64"), found.get(0).arch());
        assertTrue(found.get(0).debugInfo());
        assertEquals(List.of(), warnings);
    }

    @Test
    void symWithoutCodeIdIsFoundFromTheWholeBuildIdThroughItsFirst16Bytes() throws Exception {
        Path sym = tmp.resolve("shapes.sym");
        Files.write(sym, Files.readAllLines(SYM).stream().filter(l -> !l.startsWith("INFO CODE_ID")).toList());
        DebugFileIndex index = DebugFileIndex.scan(List.of(sym), m -> { });
        assertEquals(1, index.find(BUILD_ID).size());
        assertEquals(1, index.find(DebugId.parse("41ff1a0ee272d9f8eed2378aa112749bbc65cdb2").orElseThrow()).size(),
                "a build-id differing only past its 16th byte matches too: the .sym cannot tell them apart");
        assertEquals(0, index.find(DebugId.parse("42ff1a0ee272d9f8eed2378aa112749bbc65cdb1").orElseThrow()).size());
    }

    @Test
    void symInAZipIsIndexedWithoutExtracting() throws Exception {
        Path zip = tmp.resolve("symbols.zip");
        try (ZipOutputStream z = new ZipOutputStream(Files.newOutputStream(zip))) {
            z.putNextEntry(new ZipEntry("shapes/0E1AFF4172E2F8D9EED2378AA112749B0/shapes.sym"));
            z.write(Files.readAllBytes(SYM));
            z.closeEntry();
        }
        List<String> warnings = new ArrayList<>();
        DebugFileIndex index = DebugFileIndex.scan(List.of(zip), warnings::add);
        List<DebugFileIndex.Entry> found = index.find(BUILD_ID);
        assertEquals(1, found.size(), warnings::toString);
        assertTrue(found.get(0).member().isPresent());
        assertEquals("shapes.sym", found.get(0).name());
    }

    @Test
    void aMacSymFileIsIndexedByTheUuidItsIdHoldsInOrder() throws Exception {
        Path sym = tmp.resolve("App.sym");
        Files.writeString(sym, "MODULE mac arm64 4C4C44F255553144A157E368F8FB0F1A0 App\nFUNC 1000 10 0 main\n");
        DebugFileIndex index = DebugFileIndex.scan(List.of(sym), m -> { });
        List<DebugFileIndex.Entry> found = index.find(DebugId.parse("4C4C44F2-5555-3144-A157-E368F8FB0F1A").orElseThrow());
        assertEquals(1, found.size());
        assertEquals(Arch.parse("arm64"), found.get(0).arch());
    }

    @Test
    void aPdbSymbolFileIsSkippedWithAWarning() throws IOException, dev.crashkit.core.CrashkitException {
        Path dir = tmp.resolve("win");
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("xul.sym"), "MODULE windows x86 5A9832E5287241C1838ED98914E9B7FF1 xul.pdb\n");
        List<String> warnings = new ArrayList<>();
        DebugFileIndex index = DebugFileIndex.scan(List.of(dir), warnings::add);
        assertEquals(0, index.size());
        assertEquals(List.of("skipping " + dir.resolve("xul.sym") + ": Breakpad module id 5A9832E5287241C1838ED98914E9B7FF1"
                + " (windows) names no ELF build-id or Mach-O UUID"), warnings);
    }
}
