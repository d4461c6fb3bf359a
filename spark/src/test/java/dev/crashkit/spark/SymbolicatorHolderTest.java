package dev.crashkit.spark;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SymbolicatorHolderTest {
    private static final String DWARF = "Contents/Resources/DWARF/App-arm64";

    @Test
    void localPathsAreUsedAsTheyAre() throws Exception {
        String macho = TestFiles.testdata("macho").toString();
        SymbolSettings s = new SymbolSettings(List.of(macho, "file:" + Path.of(macho).toAbsolutePath()), null, "simplified");
        assertEquals(List.of(Path.of(macho), Path.of(macho).toAbsolutePath()), SymbolicatorHolder.localDsyms(s, Map.of()));
    }

    @Test
    void remoteDebugFilesAreCopiedToLocalDisk() throws Exception {
        Path bundle = TestFiles.testdata("macho/App-arm64.dSYM").toAbsolutePath();
        SymbolSettings s = new SymbolSettings(List.of(RenamedLocalFileSystem.SCHEME + "://" + bundle), null, "simplified");
        List<Path> local = SymbolicatorHolder.localDsyms(s,
                Map.of("fs." + RenamedLocalFileSystem.SCHEME + ".impl", RenamedLocalFileSystem.class.getName()));
        assertEquals(1, local.size());
        assertNotEquals(bundle, local.get(0));
        assertArrayEquals(Files.readAllBytes(bundle.resolve(DWARF)), Files.readAllBytes(local.get(0).resolve(DWARF)));
    }

    @Test
    void oneSymbolicatorPerSettingsAndJvm() {
        SymbolSettings s = new SymbolSettings(List.of(TestFiles.testdata("macho/App-arm64.dSYM").toString()), null, "full");
        assertSame(SymbolicatorHolder.get(s, Map.of()), SymbolicatorHolder.get(
                new SymbolSettings(List.of(TestFiles.testdata("macho/App-arm64.dSYM").toString()), null, "full"), Map.of()));
    }
}
