import dev.crashkit.symbolicate.breakpad.BreakpadSymbols;
import java.nio.file.Path;

/**
 * Reads a .sym twice (the second run with a warm JIT) and prints time, MB/s, table sizes and the heap
 * after a GC; then 1M lookups at seeded random addresses. Run against debuginfo and core classes:
 * {@code java -Xmx3g -cp debuginfo/target/classes:core/target/classes:bench/breakpad BigSym big.sym}
 * after {@code javac -cp debuginfo/target/classes:core/target/classes -d bench/breakpad bench/breakpad/BigSym.java}.
 */
public class BigSym {
    public static void main(String[] a) throws Exception {
        for (int round = 0; round < 2; round++) {
            System.gc();
            long t0 = System.nanoTime();
            BreakpadSymbols s = BreakpadSymbols.read(Path.of(a[0]), m -> System.err.println(m));
            long t1 = System.nanoTime();
            System.gc();
            Runtime rt = Runtime.getRuntime();
            long used = rt.totalMemory() - rt.freeMemory();
            java.util.Random r = new java.util.Random(1);
            long n = 0, t2 = System.nanoTime();
            for (int i = 0; i < 1_000_000; i++) {
                n += s.lookup(0x1000 + (long) r.nextInt(250000 * 0x200)).size();
            }
            long t3 = System.nanoTime();
            System.out.printf("read %.2f s (%.0f MB/s), %d funcs %d lines %d inlines %d cfi; heap after GC %d MB; 1M lookups %.0f ns each (%d frames)%n",
                (t1 - t0) / 1e9, java.nio.file.Files.size(Path.of(a[0])) / 1e6 / ((t1 - t0) / 1e9), s.functionCount(),
                s.lineCount(), s.inlineCount(), s.cfiInitCount(), used >> 20, (t3 - t2) / 1e6, n);
        }
    }
}
