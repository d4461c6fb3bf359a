package dev.crashkit.bench;

import dev.crashkit.core.unwind.BreakpadCfi;
import dev.crashkit.core.unwind.ByteMemory;
import dev.crashkit.core.unwind.CfiSection;
import dev.crashkit.symbolicate.format.UnwindSection;
import dev.crashkit.symbolicate.format.elf.ElfFile;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * The STACK CFI part of {@code symbolicate dump-syms} alone, before and after a change of {@code core.unwind}, in one
 * JVM: every FDE of an ELF file's {@code .debug_frame} and {@code .eh_frame} through {@link BreakpadCfi} (decoding
 * and Breakpad's rule recording, no text written). Each build of core is loaded by a class loader of its own (with
 * this class and the shared classpath), and passes alternate between them (A B B A ...), so that both see the same
 * machine load; each pass is timed in main-thread CPU. Prints the median and minimum per build after the warm-up
 * passes, and a checksum of every rule, which must be the same for both builds.
 *
 * <pre>java [-XX:TieredStopAtLevel=1 -XX:+UseSerialGC] -cp BENCH:CORE_A:SHARED dev.crashkit.bench.BreakpadCfiBench \
 *     ELF_FILE PASSES WARMUP CORE_A CORE_B SHARED</pre>
 * (bench/breakpad_cfi_pairs.sh runs it against a baseline build).
 */
public final class BreakpadCfiBench {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private BreakpadCfiBench() {
    }

    public static void main(String[] args) throws Exception {
        String elf = args[0];
        int passes = Integer.parseInt(args[1]);
        int warmup = Integer.parseInt(args[2]);
        URL bench = BreakpadCfiBench.class.getProtectionDomain().getCodeSource().getLocation();
        List<java.lang.reflect.Method> builds = new ArrayList<>();
        for (String core : List.of(args[3], args[4])) {
            List<URL> urls = new ArrayList<>(List.of(bench, Path.of(core).toUri().toURL()));
            for (String s : args[5].split(":")) {
                urls.add(Path.of(s).toUri().toURL());
            }
            ClassLoader loader = new URLClassLoader(urls.toArray(URL[]::new), ClassLoader.getPlatformClassLoader());
            builds.add(loader.loadClass(BreakpadCfiBench.class.getName()).getMethod("pass", String.class));
        }
        long[][] cpu = new long[2][passes];
        long[] checksum = new long[2];
        for (int i = 0; i < warmup + passes; i++) {
            for (int k = 0; k < 2; k++) {
                int build = (i + k) % 2 == 0 ? 0 : 1; // A B, B A, ...: neither always runs first
                long[] r = (long[]) builds.get(build).invoke(null, elf);
                if (i >= warmup) {
                    cpu[build][i - warmup] = r[0];
                }
                checksum[build] = r[1];
            }
        }
        for (int b = 0; b < 2; b++) {
            Arrays.sort(cpu[b]);
            System.out.printf("%s: median cpu %.1f ms, min %.1f ms over %d passes (after %d warm-up), checksum %016x%n",
                    b == 0 ? "A " + args[3] : "B " + args[4], cpu[b][passes / 2] / 1e6, cpu[b][0] / 1e6, passes,
                    warmup, checksum[b]);
        }
    }

    /**
     * One pass over the file's CFI.
     *
     * @param path the ELF file
     * @return main-thread CPU nanoseconds and a checksum of the FDEs' rules
     * @throws Exception if the file cannot be read
     */
    public static long[] pass(String path) throws Exception {
        ElfFile elf = ElfFile.open(Path.of(path));
        long cpu = THREADS.getCurrentThreadCpuTime();
        BreakpadCfi cfi = new BreakpadCfi(BreakpadCfi.X86_64_NAMES);
        long[] sum = new long[1];
        for (UnwindSection u : elf.unwindSections()) {
            ByteBuffer data = u.data().duplicate();
            byte[] bytes = new byte[data.remaining()];
            data.get(bytes);
            long base = u.debugFrame() ? 0 : u.address();
            cfi.forEachEntry(new CfiSection(new ByteMemory(base, bytes), base, u.debugFrame(), elf.is64() ? 8 : 4),
                    bytes.length, (address, size, initial, changes) -> {
                        sum[0] = sum[0] * 31 + address * 17 + size + rulesHash(initial);
                        for (Map.Entry<Long, Map<String, String>> c : changes.entrySet()) {
                            sum[0] = sum[0] * 31 + c.getKey() + rulesHash(c.getValue());
                        }
                    });
        }
        return new long[] {THREADS.getCurrentThreadCpuTime() - cpu, sum[0]};
    }

    private static long rulesHash(Map<String, String> rules) {
        long h = 0;
        for (Map.Entry<String, String> e : rules.entrySet()) {
            h = h * 31 + e.getKey().hashCode() * 7L + e.getValue().hashCode();
        }
        return h;
    }
}
