package dev.crashkit.symbolicate.symcache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.crashkit.symbolicate.dwarf.DwarfContext;
import dev.crashkit.symbolicate.dwarf.DwarfSections;
import dev.crashkit.symbolicate.dwarf.FlatDwarf;
import dev.crashkit.symbolicate.dwarf.SourceFrame;
import dev.crashkit.symbolicate.format.ObjectFile;
import dev.crashkit.symbolicate.format.detect.ObjectFiles;
import dev.crashkit.symbolicate.symtab.SymbolTable;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The cache of a unit whose line program is damaged names its function as the DWARF does, and
 * carries the same reason for the missing file and line (testdata/elf/broken).
 */
class SymCacheBrokenLineProgramTest {

    @Test
    void cacheNamesTheFunctionAndKeepsTheReason(@TempDir Path dir) throws IOException {
        Path elf = SymCacheEquivalenceTest.repo("testdata/elf/broken/bad-line-program.elf");
        ObjectFile object = ObjectFiles.open(elf).get(0);
        DwarfSections sections = DwarfSections.of(object);
        DwarfContext live = DwarfContext.open(elf.toString(), sections);
        FlatDwarf flat = live.flatten(2);
        SymCacheKey key = SymCacheKey.builder("t").field("file", elf.toString()).build();
        SymCacheStore store = SymCacheStore.in(dir);
        SymCacheStore.Built built = store.build(key, new ModuleLayout(elf.toString(), object.arch(),
                object.linkBase(), List.of()), SymbolTable.empty(), flat, live.fileName());
        assertTrue(built.problem().isEmpty(), built.problem().toString());
        SymCache cache = store.open(key).cache().orElseThrow();

        for (long a : new long[] {0xfff, 0x1000, 0x1005, 0x10ff, 0x1100}) {
            assertEquals(live.lookup(a), cache.lookup(a), "0x" + Long.toHexString(a));
        }
        SourceFrame f = cache.lookup(0x1005).get(0);
        String golden = java.nio.file.Files.readAllLines(
                SymCacheEquivalenceTest.repo("testdata/elf/broken/bad-line-program.llvm-symbolizer.txt")).get(0);
        assertEquals(Optional.of(golden), f.functionName());
        assertTrue(f.lineProblem().orElseThrow().contains("line program: "), f.toString());
    }
}
