package dev.crashkit.symbolicate.symcache;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.crashkit.core.model.Arch;
import dev.crashkit.symbolicate.dwarf.DwarfContext;
import dev.crashkit.symbolicate.dwarf.DwarfException;
import dev.crashkit.symbolicate.dwarf.DwarfSections;
import dev.crashkit.symbolicate.dwarf.SourceFrame;
import dev.crashkit.symbolicate.format.ObjectFile;
import dev.crashkit.symbolicate.format.detect.ObjectFiles;
import dev.crashkit.symbolicate.symtab.SymbolTables;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.CRC32C;

/**
 * Fuzz targets for the symbol cache reader: whatever bytes a cache file holds, {@link SymCache#open}
 * either refuses them with {@link BadSymCacheException} or opens a cache whose every lookup ends,
 * stays inside the file and throws nothing but {@link DwarfException}. {@code open} feeds the bytes
 * as they are (the header checksum stops most mutations there; a mutation of a page the opening
 * does not read reaches the lookups, which must find it by its page checksum); {@code openFixed}
 * first recomputes every checksum, so mutations reach the section and index checks and the lookups.
 *
 * <p>Committed inputs: {@code SymCacheFuzzTestInputs/<method>/seeds/app-arm64}, the cache of
 * testdata/macho/App-arm64.dSYM under {@link #KEY}; {@link SymCacheCorruptionTest} checks that it is
 * what the builder writes today (and rewrites it with {@code -Dsymcache.writeSeeds=true}). Fuzz for
 * long with {@code JAZZER_FUZZ=1 mvn -pl symbolicate -am test -Dsurefire.failIfNoSpecifiedTests=false -Dtest=SymCacheFuzzTest#openFixed} (see FUZZING.md).
 */
class SymCacheFuzzTest {
    /** The key the seeds were built under (so mutations of the rest of the file get past the key check). */
    static final SymCacheKey KEY = SymCacheKey.builder("fuzz").field("seed", "App-arm64").build();

    @FuzzTest(maxDuration = "30s")
    void open(byte[] input) {
        exercise(input, false);
    }

    @FuzzTest(maxDuration = "30s")
    void openFixed(byte[] input) {
        exercise(input, true);
    }

    /**
     * Pages of the caches opened mapped: room for any input (so none goes through slots), and for
     * a quarter million one-page mappings not yet collected (slots are never allocated here).
     */
    private static final PageCache MAPPED = new PageCache(4L << 30);

    /**
     * Opens {@code input} as a cache twice, its pages read into slots and from a mapping of the
     * bytes, and, when it opens, looks up every range start and a few more addresses, each both
     * ways: the two must give the same answers and fail the same way. True when the damage was
     * noticed (refused at open, or a lookup found a record out of range).
     */
    static boolean exercise(byte[] input, boolean fixChecksums) {
        byte[] bytes = input.clone();
        if (fixChecksums) {
            fixChecksums(bytes);
        }
        SymCache cache;
        SymCache mapped;
        try {
            cache = SymCache.open(ByteBuffer.wrap(bytes), KEY);
        } catch (BadSymCacheException e) {
            if (e.getMessage() == null || e.getMessage().indexOf('\n') >= 0) {
                throw new AssertionError("refusal without a one-line reason: " + e.getMessage());
            }
            return true;
        }
        try {
            mapped = SymCache.open(PageSource.of(ByteBuffer.wrap(bytes)), bytes.length, KEY, MAPPED);
        } catch (BadSymCacheException e) {
            throw new AssertionError("opens into slots but not mapped: " + e.getMessage());
        }
        if (!mapped.pagesMapped() || cache.pagesMapped()) {
            throw new AssertionError("not opened both ways");
        }
        boolean noticed = false;
        int n = cache.rangeCount();
        for (int i = 0; i < n && i < 4096; i++) {
            long a;
            try {
                a = cache.rangeStart(i);
            } catch (DwarfException e) {
                noticed = true;
                continue;
            }
            noticed |= lookup(cache, mapped, a);
            noticed |= lookup(cache, mapped, a - 1);
        }
        for (long a : new long[] {0, -1, Long.MIN_VALUE, 1L << 32}) {
            noticed |= lookup(cache, mapped, a);
        }
        for (int i = 0; i < cache.symbols().size() && i < 4096; i++) {
            cache.symbols().name(i);
            cache.symbols().indexOf(cache.symbols().start(i));
        }
        cache.layout();
        return noticed;
    }

    /** {@link #lookup(SymCache, long)} on both, which must answer alike (or fail alike). */
    private static boolean lookup(SymCache slots, SymCache mapped, long address) {
        Object a = outcome(slots, address);
        Object b = outcome(mapped, address);
        if (!a.equals(b)) {
            throw new AssertionError("slots and mapping differ at " + Long.toHexString(address) + ": " + a + " / " + b);
        }
        return lookup(slots, address);
    }

    /** The frames, or the message of the failure (the origin left out). */
    private static Object outcome(SymCache cache, long address) {
        try {
            return cache.lookup(address);
        } catch (DwarfException e) {
            String m = String.valueOf(e.getMessage());
            return e.getClass().getSimpleName() + m.substring(Math.max(0, m.indexOf(": ")));
        }
    }

    /** True when the lookup found the cache damaged (other DWARF errors are answers recorded at build time). */
    private static boolean lookup(SymCache cache, long address) {
        try {
            List<SourceFrame> frames = cache.lookup(address);
            if (frames.size() > 1_000_000) {
                throw new AssertionError("implausible chain of " + frames.size());
            }
            return false;
        } catch (DwarfException e) {
            return e.getMessage().contains("damaged symbol cache");
        }
    }

    /**
     * Recomputes the page checksums, the checksum of the page checksums and the header checksum of
     * a cache file in place, as far as its header and directory let them be found.
     */
    static void fixChecksums(byte[] bytes) {
        if (bytes.length < SymCacheFormat.HEADER_SIZE) {
            return;
        }
        ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        int count = b.getInt(12);
        if (count < 0 || count > SymCacheFormat.MAX_SECTIONS) {
            return;
        }
        int directoryEnd = SymCacheFormat.HEADER_SIZE + SymCacheFormat.DIRECTORY_ENTRY * count;
        if (directoryEnd > bytes.length) {
            return;
        }
        long crcsAt = -1;
        long crcsLength = 0;
        for (int i = 0; i < count; i++) {
            int d = SymCacheFormat.HEADER_SIZE + SymCacheFormat.DIRECTORY_ENTRY * i;
            if (b.getInt(d) == SymCacheFormat.PAGE_CRCS) {
                crcsAt = b.getLong(d + 8);
                crcsLength = b.getLong(d + 16);
            }
        }
        int start = SymCacheFormat.align8(directoryEnd);
        if (crcsAt >= start && crcsAt <= bytes.length && crcsLength >= 0 && crcsLength <= bytes.length - crcsAt) {
            int at = (int) crcsAt;
            for (int p = start, i = 0; p < crcsAt && 4 * i + 4 <= crcsLength; p += SymCacheFormat.PAGE_SIZE, i++) {
                CRC32C page = new CRC32C();
                page.update(bytes, p, (int) Math.min(SymCacheFormat.PAGE_SIZE, crcsAt - p));
                b.putInt(at + 4 * i, (int) page.getValue());
            }
            CRC32C crcs = new CRC32C();
            crcs.update(bytes, at, (int) crcsLength);
            b.putInt(24, (int) crcs.getValue());
        }
        b.putInt(28, 0);
        CRC32C header = new CRC32C();
        header.update(bytes, 0, directoryEnd);
        b.putInt(28, (int) header.getValue());
    }

    /** The seed: the cache of testdata/macho/App-arm64.dSYM under {@link #KEY}, laid out in memory. */
    static byte[] seed() throws IOException {
        return seed(SymCacheEquivalenceTest.repo("testdata/macho/App-arm64.dSYM/Contents/Resources/DWARF/App-arm64"),
                "App-arm64");
    }

    /** The cache of {@code file}'s first slice under {@link #KEY}, laid out in memory. */
    static byte[] seed(Path file, String name) throws IOException {
        ObjectFile object = ObjectFiles.open(file).get(0);
        DwarfContext dwarf = DwarfContext.open(name, DwarfSections.of(object));
        ByteBuffer b = SymCacheWriter.write(KEY, new ModuleLayout(name, Arch.parse("arm64"), object.linkBase(),
                List.of(new ModuleLayout.Segment(object.linkBase(), 0x4000))), SymbolTables.build(object),
                dwarf.flatten(1), dwarf.fileName());
        return b.array();
    }
}
