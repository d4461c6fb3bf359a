package dev.crashkit.symbolicate.symcache;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.*;
import java.util.*;

/**
 * LookupBench CACHEDIR ADDRDIR PASSES: the warm batch bench's 100,000 addresses (ADDRDIR/addrs-NN.txt, image BigNN)
 * looked up in its 20 symbol caches (CACHEDIR/*.symc, each opened mapped as the batch opens them), round-robin over
 * the images, PASSES times; prints each pass's frames, a checksum of the answers and the thread's CPU time.
 * Lookups alone, without reading or rendering reports: a steadier measure of symcache changes than the batch
 * (BENCHMARKS.md, symbol cache lookups, third pass). Run by lookups.sh.
 */
public class LookupBench {
    public static void main(String[] a) throws Exception {
        Path dir = Paths.get(a[0]);
        int passes = Integer.parseInt(a[2]);
        PageCache pages = new PageCache(16L << 30);
        List<SymCache> caches = new ArrayList<>();
        List<long[]> addrs = new ArrayList<>();
        List<Path> files = new ArrayList<>();
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir, "*.symc")) { for (Path p : ds) files.add(p); }
        Collections.sort(files);
        for (Path f : files) {
            FileChannel ch = FileChannel.open(f, StandardOpenOption.READ);
            ByteBuffer hdr = ByteBuffer.allocate(64 + 24 * 64).order(ByteOrder.LITTLE_ENDIAN);
            ch.read(hdr, 0);
            int n = hdr.getInt(12);
            String keyText = null;
            for (int i = 0; i < n; i++) {
                int d = 64 + 24 * i;
                if (hdr.getInt(d) == 1) {
                    ByteBuffer k = ByteBuffer.allocate((int) hdr.getLong(d + 16));
                    ch.read(k, hdr.getLong(d + 8));
                    keyText = new String(k.array(), StandardCharsets.UTF_8);
                }
            }
            SymCacheKey.Builder b = SymCacheKey.builder("x");
            String image = null;
            for (String line : keyText.split("\n")) {
                int eq = line.indexOf('=');
                if (eq < 0) continue;
                String name = line.substring(0, eq), value = line.substring(eq + 1);
                if (name.equals("file")) {
                    String path = value.substring(0, value.indexOf('\t'));
                    b.file(name, Paths.get(path));
                    image = path.substring(path.lastIndexOf('/') + 4);
                } else {
                    b.field(name, value.replace("\\t", "\t"));
                }
            }
            SymCache c = SymCache.open(new PageSource.FileSource(f, ch), ch.size(), b.build(), pages);
            caches.add(c);
            List<String> lines = Files.readAllLines(Paths.get(a[1], "addrs-" + image + ".txt"));
            long[] v = new long[lines.size()];
            for (int i = 0; i < v.length; i++) v[i] = Long.decode(lines.get(i).trim());
            addrs.add(v);
        }
        java.lang.management.ThreadMXBean mx = java.lang.management.ManagementFactory.getThreadMXBean();
        for (int pass = 0; pass < passes; pass++) {
            long t0 = System.nanoTime(), c0 = mx.getCurrentThreadCpuTime();
            long frames = 0, sum = 0;
            int max = 0;
            for (long[] v : addrs) max = Math.max(max, v.length);
            for (int i = 0; i < max; i++) {
                for (int c = 0; c < caches.size(); c++) {
                    long[] v = addrs.get(c);
                    if (i >= v.length) continue;
                    List<dev.crashkit.symbolicate.dwarf.SourceFrame> fr = caches.get(c).lookup(v[i]);
                    frames += fr.size();
                    for (var f : fr) sum += f.line() * 31 + f.name().map(String::length).orElse(0) + f.declLine() + f.file().map(String::length).orElse(0);
                }
            }
            System.out.printf("pass %d: %d caches, %d frames (sum %d), %.3f s wall, %.3f s cpu%n", pass, caches.size(), frames, sum,
                    (System.nanoTime() - t0) / 1e9, (mx.getCurrentThreadCpuTime() - c0) / 1e9);
        }
    }
}
