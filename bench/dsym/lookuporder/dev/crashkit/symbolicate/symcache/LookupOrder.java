package dev.crashkit.symbolicate.symcache;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.lang.reflect.Constructor;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * The symbol cache's lookups of a batch's addresses in the order the reports give them, against the
 * same addresses sorted in chunks of CHUNK (what a batch worker looking a chunk of reports up ahead
 * does), alternated ROUNDS times, this thread's CPU time each: {@code SYMC ADDRS CHUNK ROUNDS}
 * (bench/dsym/lookuporder.sh). In the cache's package: it opens the file as a run does, with the
 * key stored in it.
 */
public final class LookupOrder {
    public static void main(String[] args) throws Exception {
        Path symc = Path.of(args[0]);
        List<String> lines = Files.readAllLines(Path.of(args[1]));
        int chunk = Integer.parseInt(args[2]);
        int rounds = Integer.parseInt(args[3]);
        long[] given = new long[lines.size()];
        for (int i = 0; i < given.length; i++) {
            given[i] = Long.parseUnsignedLong(lines.get(i).substring(2), 16);
        }
        long[] sorted = given.clone();
        for (int i = 0; i < sorted.length; i += chunk) {
            Arrays.sort(sorted, i, Math.min(sorted.length, i + chunk));
        }
        long size = Files.size(symc);
        ByteBuffer mapped;
        try (FileChannel ch = FileChannel.open(symc)) {
            mapped = ch.map(FileChannel.MapMode.READ_ONLY, 0, size);
        }
        PageSource source = PageSource.of(mapped);
        Constructor<SymCacheKey> key = SymCacheKey.class.getDeclaredConstructor(String.class, byte[].class, byte[].class);
        key.setAccessible(true);
        SymCache cache = SymCache.open(source, size, key.newInstance("bench", SymCache.storedKey(source, size), new byte[0]),
                new PageCache(1L << 30));
        ThreadMXBean cpu = ManagementFactory.getThreadMXBean();
        long frames = 0;
        for (int r = 0; r < rounds; r++) {
            long[] order = r % 2 == 1 ? sorted : given;
            long t0 = cpu.getCurrentThreadCpuTime();
            for (long a : order) {
                frames += cache.lookup(a).size();
            }
            long t1 = cpu.getCurrentThreadCpuTime();
            System.out.printf("%s %.1f ms CPU%n", r % 2 == 1 ? "sorted in chunks" : "as given        ", (t1 - t0) / 1e6);
        }
        System.out.println("frames answered: " + frames);
    }
}
