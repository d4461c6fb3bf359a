package dev.crashkit.bench;

import dev.crashkit.symbolicate.dwarf.DwarfContext;
import dev.crashkit.symbolicate.dwarf.DwarfSection;
import dev.crashkit.symbolicate.dwarf.DwarfSections;
import dev.crashkit.symbolicate.format.ObjectFile;
import dev.crashkit.symbolicate.format.detect.ObjectFiles;
import dev.crashkit.symbolicate.symtab.SymbolTables;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Where the DWARF work of a cold first use goes for one debug file (libjvm.so's Debian debug file:
 * compressed sections), phase by phase: open, each section read (inflated), symbol table, DWARF open,
 * the parallel answers ({@code prepare}) and the lookups; wall, main-thread CPU and process CPU.
 *
 * <pre>java -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -cp bench/target/benchmarks.jar dev.crashkit.bench.ElfDwarfPhases DEBUG_FILE ADDRESS_FILE</pre>
 */
public final class ElfDwarfPhases {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final com.sun.management.OperatingSystemMXBean OS =
            (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    private static long wall = System.nanoTime();
    private static long cpu = THREADS.getCurrentThreadCpuTime();
    private static long processCpu = OS.getProcessCpuTime();

    private ElfDwarfPhases() {
    }

    public static void main(String[] args) throws Exception {
        Path file = Path.of(args[0]);
        long[] addresses = Files.readAllLines(Path.of(args[1])).stream().filter(l -> !l.isBlank())
                .mapToLong(l -> Long.parseUnsignedLong(l.trim().substring(2), 16)).toArray();
        phase("(start)");
        ObjectFile object = ObjectFiles.open(file).get(0);
        phase("open");
        for (DwarfSection s : DwarfSection.values()) {
            if (s.read()) {
                Optional<ByteBuffer> b = object.dwarfSection(s.normalName());
                phase("section " + s.normalName() + " " + b.map(ByteBuffer::remaining).orElse(0));
            }
        }
        DwarfSections sections = DwarfSections.of(object);
        phase("DwarfSections.of (all again)");
        SymbolTables.build(object);
        phase("symbol table");
        DwarfContext ctx = DwarfContext.open(file.toString(), sections);
        phase("DwarfContext.open");
        ctx.prepare(addresses);
        phase("prepare " + addresses.length + " addresses");
        int frames = 0;
        for (long a : addresses) {
            frames += ctx.lookup(a).size();
        }
        phase("lookups (" + frames + " frames)");
    }

    private static void phase(String name) {
        long w = System.nanoTime();
        long c = THREADS.getCurrentThreadCpuTime();
        long p = OS.getProcessCpuTime();
        System.out.printf("%-40s %8.1f ms wall %8.1f ms cpu (main) %8.1f ms process cpu%n", name, (w - wall) / 1e6,
                (c - cpu) / 1e6, (p - processCpu) / 1e6);
        wall = w;
        cpu = c;
        processCpu = p;
    }
}
