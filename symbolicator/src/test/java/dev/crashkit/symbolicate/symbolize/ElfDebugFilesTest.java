package dev.crashkit.symbolicate.symbolize;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.crashkit.core.Diagnostics;
import dev.crashkit.core.model.DebugId;
import dev.crashkit.symbolicate.format.elf.ElfFile;
import dev.crashkit.symbolicate.locate.DebugFileIndex;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Finding ELF debug info: by build-id among the scanned files (the .build-id/xx/rest.debug tree
 * included), through .gnu_debuglink next to the binary, and past a copy whose sections cannot be
 * decompressed. Answers are checked against llvm-symbolizer's goldens (testdata/elf/golden).
 */
class ElfDebugFilesTest {
    private static final Path BIN = Path.of("testdata/elf/bin/app-gcc");

    /** main's first address; the expected answer is read from llvm-symbolizer's golden for it. */
    private static final long MAIN = 0x1060;

    private static JsonNode golden() throws IOException {
        try (InputStream in = new GZIPInputStream(Files.newInputStream(Path.of("testdata/elf/golden/app-gcc.json.gz")))) {
            for (String line : new String(in.readAllBytes()).split("\n")) {
                JsonNode n = new ObjectMapper().readTree(line);
                if (Long.decode(n.path("Address").asText()) == MAIN) {
                    return n.path("Symbol").get(0);
                }
            }
        }
        throw new AssertionError("no golden for main");
    }

    @Test
    void buildIdTreeAloneIsEnough() throws IOException {
        DebugModule m = module(List.of(Path.of("testdata/elf/debug/.build-id")));
        assertMainWithLines(m);
    }

    @Test
    void debugLinkCompanionNextToTheBinary(@TempDir Path dir) throws IOException {
        Path bin = Files.copy(BIN, dir.resolve("app-gcc"));
        Files.createDirectories(dir.resolve(".debug"));
        Files.copy(Path.of("testdata/elf/debug/app-gcc.debug"), dir.resolve(".debug/app-gcc.debug"));
        // Only the stripped binary is given: the companion is found through .gnu_debuglink + CRC.
        DebugModule m = module(List.of(bin));
        assertMainWithLines(m);
    }

    @Test
    void undecodableCopyDoesNotHideAGoodOne(@TempDir Path dir) throws IOException {
        Files.copy(Path.of("testdata/elf/debug/app-gcc.zstd.debug"), dir.resolve("a-zstd.debug"));
        Files.copy(Path.of("testdata/elf/debug/app-gcc.zlib.debug"), dir.resolve("b-zlib.debug"));
        DebugModule m = module(List.of(dir));
        assertMainWithLines(m);
    }

    private static DebugModule module(List<Path> roots) throws IOException {
        DebugId id = ElfFile.open(BIN).buildId().orElseThrow();
        ModuleCache cache = new ModuleCache(DebugFileIndex.scan(roots, Diagnostics.ignore()));
        ModuleCache.Load l = cache.get(id);
        assertTrue(l.loaded().isPresent(), l.toString());
        return l.loaded().get();
    }

    private static void assertMainWithLines(DebugModule m) throws IOException {
        JsonNode want = golden();
        List<ResolvedSymbol> r = m.lookup(MAIN);
        assertEquals(1, r.size(), r.toString());
        assertEquals(want.path("FunctionName").asText(), r.get(0).name());
        assertEquals("dwarf", r.get(0).source());
        assertEquals(want.path("FileName").asText(), r.get(0).file().orElseThrow());
        assertEquals(want.path("Line").asInt(), r.get(0).line().getAsInt());
        assertEquals(want.path("Column").asInt(), r.get(0).column().getAsInt());
    }
}
