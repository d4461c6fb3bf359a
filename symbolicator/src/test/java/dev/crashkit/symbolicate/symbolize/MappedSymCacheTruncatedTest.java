package dev.crashkit.symbolicate.symbolize;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.crashkit.core.Diagnostics;
import dev.crashkit.core.model.DebugId;
import dev.crashkit.symbolicate.locate.ArchiveLimits;
import dev.crashkit.symbolicate.locate.DebugFileIndex;
import dev.crashkit.symbolicate.locate.MemberStore;
import dev.crashkit.symbolicate.symcache.SymCacheStore;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A symbol cache file truncated while a run has it mapped: the module warns once and answers
 * from its debug files, every answer as from the DWARF; the JVM neither crashes nor hangs.
 */
class MappedSymCacheTruncatedTest {

    @Test
    void aCacheTruncatedMidRunSwitchesToTheDebugFiles(@TempDir Path dir) throws Exception {
        DebugFileIndex index = DebugFileIndex.scan(List.of(Path.of("testdata", "third-party", "sentry-crashprobe",
                "dSYMs")), Diagnostics.ignore());
        DebugId id = index.findByName("CrashLibiOS").get(0).id();
        DebugModule want = new ModuleCache(index, new MemberStore(Optional.of(dir), ArchiveLimits.defaults()),
                new ModuleCache.Options(1L << 30, Diagnostics.ignore())).get(id).loaded().orElseThrow();
        new ModuleCache(index, new MemberStore(Optional.of(dir), ArchiveLimits.defaults()),
                new ModuleCache.Options(1L << 30, Diagnostics.ignore()).withSymbolCache(SymCacheStore.in(dir)))
                .get(id).loaded().orElseThrow(); // builds the cache
        Path file;
        try (var s = Files.list(dir.resolve(SymCacheStore.FOLDER))) {
            file = s.filter(p -> p.toString().endsWith(".symc")).findFirst().orElseThrow();
        }
        List<String> warnings = new ArrayList<>();
        ModuleCache run = new ModuleCache(index, new MemberStore(Optional.of(dir), ArchiveLimits.defaults()),
                new ModuleCache.Options(1L << 30, warnings::add).withSymbolCache(SymCacheStore.in(dir)));
        DebugModule m = run.get(id).loaded().orElseThrow();
        assertTrue(run.pages().reservedBytes() > 0, "the cache is mapped");
        List<Long> addresses = addresses(want);
        for (int i = 0; i < addresses.size() / 4; i++) {
            long a = addresses.get(i);
            assertEquals(want.lookup(a), m.lookup(a), () -> "0x" + Long.toHexString(a));
        }
        assertTrue(warnings.isEmpty(), warnings.toString());
        try (FileChannel w = FileChannel.open(file, StandardOpenOption.WRITE)) {
            w.truncate(w.size() / 3 & ~4095L); // at a memory page boundary: whatever lies past it faults
        }
        for (long a : addresses) {
            assertEquals(want.lookup(a), m.lookup(a), () -> "0x" + Long.toHexString(a));
        }
        assertEquals(1, warnings.size(), warnings.toString());
        assertTrue(warnings.get(0).contains("damaged symbol cache (cannot read its mapping")
                && warnings.get(0).endsWith("; answering from the debug files instead"), warnings.get(0));
    }

    /** Every symbol's start and middle, and a stride through every range. */
    private static List<Long> addresses(DebugModule m) {
        List<Long> out = new ArrayList<>();
        for (int i = 0; i < m.symbols().size(); i++) {
            long s = m.symbols().start(i);
            out.add(s);
            out.add(s + (m.symbols().end(i) - s) / 2);
        }
        for (LinkRange r : m.ranges()) {
            long step = Math.max(1, r.size() / 256);
            for (long a = r.start(); Long.compareUnsigned(a, r.start() + r.size()) < 0; a += step) {
                out.add(a);
            }
        }
        return out;
    }
}
