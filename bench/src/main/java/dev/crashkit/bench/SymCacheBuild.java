package dev.crashkit.bench;

import dev.crashkit.symbolicate.dwarf.DwarfContext;
import dev.crashkit.symbolicate.dwarf.DwarfSection;
import dev.crashkit.symbolicate.dwarf.DwarfSections;
import dev.crashkit.symbolicate.dwarf.FlatDwarf;
import dev.crashkit.symbolicate.format.ObjectFile;
import dev.crashkit.symbolicate.format.detect.ObjectFiles;
import dev.crashkit.symbolicate.symcache.ModuleLayout;
import dev.crashkit.symbolicate.symcache.SymCacheKey;
import dev.crashkit.symbolicate.symcache.SymCacheStore;
import dev.crashkit.symbolicate.symtab.SymbolTables;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Symbol cache build speed: flattens the DWARF of one file and writes its cache, ROUNDS times in
 * one JVM (the first round is the cold case a first CLI run pays), with 1 and 2 threads. Prints
 * wall and CPU (all threads of this JVM) per round, MB of DWARF per CPU second (the
 * {@code .debug_info + .debug_line + .debug_str + ...} bytes the flattener reads; location lists
 * are not read) and the cache's size relative to that DWARF and to the whole file, and what the round
 * allocated on the calling thread (all of it with 1 thread; a flattening thread's own is not counted
 * with 2) and the collections it took: figures that do not move with the machine's load.
 *
 * <pre>java -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -cp bench/target/benchmarks.jar dev.crashkit.bench.SymCacheBuild FILE [ROUNDS]</pre>
 */
public final class SymCacheBuild {
    private SymCacheBuild() {
    }

    public static void main(String[] args) throws Exception {
        Path file = Path.of(args[0]);
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        ObjectFile object = ObjectFiles.open(file).get(0);
        DwarfSections sections = DwarfSections.of(object);
        long dwarfBytes = 0;
        for (DwarfSection s : DwarfSection.values()) {
            if (s.read()) {
                dwarfBytes += sections.section(s).map(b -> (long) b.remaining()).orElse(0L);
            }
        }
        Path dir = Files.createTempDirectory("symcache-build");
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        com.sun.management.OperatingSystemMXBean os =
                (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        System.out.printf("%s: %.1f MB file, %.1f MB of DWARF read by the flattener%n", file,
                Files.size(file) / 1e6, dwarfBytes / 1e6);
        for (int threadCount : new int[] {1, 2}) {
            for (int r = 1; r <= rounds; r++) {
                long allocated0 = threads.getCurrentThreadAllocatedBytes();
                long collections0 = collections();
                long cpu0 = os.getProcessCpuTime();
                long t0 = System.nanoTime();
                DwarfContext dwarf = DwarfContext.open(file.toString(), sections);
                FlatDwarf flat = dwarf.flatten(threadCount);
                SymCacheKey key = SymCacheKey.builder("bench").field("round", threadCount + "/" + r).build();
                SymCacheStore.Built built = SymCacheStore.in(dir).build(key, new ModuleLayout(file.toString(),
                        object.arch(), object.linkBase(), List.of()), SymbolTables.build(object), flat, dwarf.fileName());
                long wall = System.nanoTime() - t0;
                long cpu = os.getProcessCpuTime() - cpu0;
                long allocated = threads.getCurrentThreadAllocatedBytes() - allocated0;
                long collected = collections() - collections0;
                System.out.printf("threads %d round %d: %6.0f ms wall, %6.0f ms CPU, %5.1f MB DWARF per CPU s; cache %.1f MB "
                        + "(%.2f of the DWARF read, %.2f of the file), %d ranges; %.1f MB allocated on this thread, "
                        + "%d collections%n", threadCount, r, wall / 1e6, cpu / 1e6,
                        dwarfBytes / 1e6 / (cpu / 1e9), built.cache().size() / 1e6,
                        built.cache().size() / (double) dwarfBytes, built.cache().size() / (double) Files.size(file),
                        flat.rangeCount(), allocated / 1e6, collected);
                Files.deleteIfExists(SymCacheStore.in(dir).path(key));
            }
        }
    }

    private static long collections() {
        long n = 0;
        for (java.lang.management.GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            n += Math.max(0, gc.getCollectionCount());
        }
        return n;
    }
}
