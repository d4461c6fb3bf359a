package dev.crashkit.bench;

import dev.crashkit.symbolicate.format.macho.MachOFile;
import dev.crashkit.symbolicate.format.macho.MachOImage;
import dev.crashkit.symbolicate.format.macho.names.NameSource;
import dev.crashkit.symbolicate.format.macho.names.StrippedNames;
import dev.crashkit.symbolicate.symbolize.MachOImageLayout;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.Map;

/**
 * Bench command: CPU time to build the stripped-image name index of one Mach-O (function starts,
 * export trie, fixups, Objective-C and Swift metadata), the one-time cost a module pays on its
 * first unnamed frame. CPU time of this thread, so the figure survives a shared machine.
 * {@code java -cp bench/target/benchmarks.jar dev.crashkit.bench.StrippedNamesBench BINARY [ROUNDS]};
 * a large input comes from {@code testdata/macho/objc/make_big.sh}.
 */
public final class StrippedNamesBench {
    private StrippedNamesBench() {
    }

    public static void main(String[] args) throws Exception {
        Path file = Path.of(args[0]);
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 20;
        MachOImage image = MachOFile.open(file).slices().get(0);
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        long[] nanos = new long[rounds];
        StrippedNames names = StrippedNames.empty();
        for (int w = 0; w < 5; w++) {
            names = StrippedNames.build(MachOImageLayout.of(image), m -> { });
        }
        for (int r = 0; r < rounds; r++) {
            long t0 = mx.getCurrentThreadCpuTime();
            names = StrippedNames.build(MachOImageLayout.of(image), m -> { });
            nanos[r] = mx.getCurrentThreadCpuTime() - t0;
        }
        Map<NameSource, Integer> bySource = new EnumMap<>(NameSource.class);
        for (int i = 0; i < names.size(); i++) {
            bySource.merge(names.get(i).source(), 1, Integer::sum);
        }
        Arrays.sort(nanos);
        System.out.printf("%s: %d functions %s; build CPU ms min %.1f median %.1f max %.1f over %d rounds%n", file,
                names.size(), bySource, nanos[0] / 1e6, nanos[rounds / 2] / 1e6, nanos[rounds - 1] / 1e6, rounds);
    }
}
