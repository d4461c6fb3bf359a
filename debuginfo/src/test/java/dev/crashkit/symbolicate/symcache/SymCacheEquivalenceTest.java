package dev.crashkit.symbolicate.symcache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.crashkit.core.CrashkitException;
import dev.crashkit.symbolicate.dwarf.DwarfContext;
import dev.crashkit.symbolicate.dwarf.DwarfException;
import dev.crashkit.symbolicate.dwarf.DwarfSections;
import dev.crashkit.symbolicate.dwarf.FlatDwarf;
import dev.crashkit.symbolicate.dwarf.SourceLookup;
import dev.crashkit.symbolicate.format.ObjectFile;
import dev.crashkit.symbolicate.format.ObjectSegment;
import dev.crashkit.symbolicate.format.detect.ObjectFiles;
import dev.crashkit.symbolicate.symtab.SymbolTable;
import dev.crashkit.symbolicate.symtab.SymbolTables;
import dev.crashkit.testkit.TestData;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A symbol cache answers exactly as the DWARF it was built from: for every debug file with DWARF
 * under testdata/ (every slice, the deliberately broken ones included) and the CrashProbe dSYMs,
 * the frames (or the error) at every address where an answer can change (each range start of the
 * flattened table, one below and one above it), every symbol's start and last byte, a stride
 * through every segment, random addresses and the ends of the address space are compared with
 * {@link DwarfContext#lookup}, field by field (records compare every field). A context whose units
 * were decoded up front in parallel ({@link DwarfContext#prepare}) answers alike too.
 */
class SymCacheEquivalenceTest {

    record Slice(Path file, int index) {
        @Override
        public String toString() {
            return file + (index > 0 ? "#" + index : "");
        }
    }

    static Stream<Arguments> slices() throws IOException {
        // Every file under testdata/, third-party/sentry-crashprobe/dSYMs included.
        List<Path> roots = List.of(TestData.root().resolve("testdata"));
        TestData.thirdParty("sentry-crashprobe/dSYMs"); // fails loudly if it is gone
        List<Arguments> out = new ArrayList<>();
        int crashProbe = 0;
        for (Path root : roots) {
            List<Path> files;
            try (Stream<Path> s = Files.walk(root)) {
                files = s.filter(Files::isRegularFile).sorted().toList();
            }
            for (Path f : files) {
                List<ObjectFile> objects;
                try {
                    objects = ObjectFiles.open(f);
                } catch (CrashkitException | RuntimeException e) {
                    continue; // not an object file
                }
                for (int i = 0; i < objects.size(); i++) {
                    if (objects.get(i).hasDwarf()) {
                        out.add(Arguments.of(new Slice(f, i)));
                        crashProbe += f.toString().contains("sentry-crashprobe") ? 1 : 0;
                    }
                }
            }
        }
        assertTrue(out.size() >= 28, "found only " + out.size() + " slices with DWARF");
        assertTrue(crashProbe >= 2, "CrashProbe dSYMs: " + crashProbe);
        return out.stream();
    }

    /** A path of the repository, wherever the tests run from. */
    static Path repo(String p) {
        return TestData.root().resolve(p);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("slices")
    void cacheAnswersAsTheDwarf(Slice slice, @TempDir Path dir) throws IOException {
        ObjectFile object = ObjectFiles.open(slice.file()).get(slice.index());
        DwarfSections sections;
        DwarfContext live;
        try {
            sections = DwarfSections.of(object);
            live = DwarfContext.open(slice.toString(), sections);
        } catch (CrashkitException e) {
            return; // DWARF that does not open gives no module DWARF and no cache (the loaders skip it)
        }
        FlatDwarf flat = DwarfContext.open(slice.toString(), sections).flatten(2);
        SymbolTable symbols;
        try {
            symbols = SymbolTables.build(object);
        } catch (CrashkitException e) {
            symbols = SymbolTable.empty();
        }
        SymCacheKey key = SymCacheKey.builder("t").field("slice", slice.toString()).build();
        SymCacheStore store = SymCacheStore.in(dir);
        SymCacheStore.Built built = store.build(key, new ModuleLayout(slice.toString(), object.arch(),
                object.linkBase(), List.of()), symbols, flat, live.fileName());
        assertTrue(built.problem().isEmpty(), built.problem().toString());
        SymCache fromDisk = store.open(key).cache().orElseThrow();

        List<Long> addresses = new ArrayList<>(List.of(0L, -1L, 1L << 32, (1L << 32) - 1, Long.MIN_VALUE));
        for (int i = 0; i < flat.rangeCount(); i++) {
            long s = flat.rangeStart(i);
            addresses.add(s);
            addresses.add(s - 1);
            addresses.add(s + 1);
        }
        for (int i = 0; i < symbols.size(); i++) {
            addresses.add(symbols.start(i));
            addresses.add(symbols.end(i) - 1);
        }
        for (ObjectSegment seg : object.segments()) {
            long step = Math.max(1, seg.size() / 4096);
            for (long a = seg.address(); Long.compareUnsigned(a, seg.address() + seg.size()) < 0; a += step) {
                addresses.add(a);
            }
        }
        Random random = new Random(20261123);
        for (int i = 0; i < 2000 && flat.rangeCount() > 1; i++) {
            int r = random.nextInt(flat.rangeCount() - 1);
            long span = flat.rangeStart(r + 1) - flat.rangeStart(r);
            addresses.add(flat.rangeStart(r) + (span > 0 ? Math.floorMod(random.nextLong(), span) : 0));
        }
        // The same DWARF with every unit the addresses touch decoded up front on several threads.
        DwarfContext prepared = DwarfContext.open(slice.toString(), sections);
        prepared.prepare(addresses.stream().mapToLong(Long::longValue).toArray());
        int compared = 0;
        for (long a : addresses) {
            String want = answer(live, a);
            assertEquals(want, answer(prepared, a), () -> slice + " (prepared) at 0x" + Long.toHexString(a));
            assertEquals(want, answer(built.cache(), a), () -> slice + " at 0x" + Long.toHexString(a));
            assertEquals(want, answer(fromDisk, a), () -> slice + " (from disk) at 0x" + Long.toHexString(a));
            compared++;
        }
        assertTrue(compared > 5, slice + ": compared " + compared);
        assertEquals(symbols.size(), fromDisk.symbols().size());
        for (int i = 0; i < symbols.size(); i++) {
            assertEquals(symbols.start(i), fromDisk.symbols().start(i));
            assertEquals(symbols.end(i), fromDisk.symbols().end(i));
            assertEquals(symbols.name(i), fromDisk.symbols().name(i));
            assertEquals(symbols.version(i), fromDisk.symbols().version(i));
        }
    }

    /** The frames (records: every field) or the error message, as one comparable string. */
    static String answer(SourceLookup lookup, long address) {
        try {
            return lookup.lookup(address).toString();
        } catch (DwarfException e) {
            return "error: " + e.getMessage();
        } catch (RuntimeException e) {
            fail("lookup threw " + e);
            return null;
        }
    }
}
