import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/**
 * The batch's output path alone (BENCHMARKS.md, batch into one image, sixth pass): 1,000 files of 125 KB, each
 * handed over in 32 KB pieces (as PrettyJson does), written under a temporary name and renamed, the way
 * AtomicFile.writeBytes did before ("old": Files.newOutputStream behind an 8 KB BufferedOutputStream) and does now
 * ("new": gathered in a native buffer, the file created and written with one write when complete). Prints the
 * thread's CPU and the wall time. Run each mode in a fresh JVM with the batch's options, into a folder of its own:
 *
 *     java -XX:TieredStopAtLevel=1 -XX:+UseSerialGC bench/dsym/WriteBench.java old|new FOLDER
 */
public class WriteBench {
    private static final int FILES = 1000;
    private static final int SIZE = 125_000;
    private static final int PIECE = 1 << 15;

    public static void main(String[] args) throws IOException {
        boolean old = args[0].equals("old");
        Path dir = Files.createDirectories(Path.of(args[1]));
        byte[] doc = new byte[SIZE];
        for (int i = 0; i < doc.length; i++) {
            doc[i] = (byte) ('a' + i % 26);
        }
        ByteBuffer buffer = ByteBuffer.allocateDirect(1 << 18);
        long wall = System.nanoTime();
        long cpu = ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
        for (int n = 0; n < FILES; n++) {
            Path target = dir.resolve("r" + n + ".json");
            Path temp = dir.resolve("." + target.getFileName() + "." + Long.toHexString(n * 7919L) + ".part");
            if (old) {
                try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(temp,
                        StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE), 1 << 13)) {
                    for (int at = 0; at < doc.length; at += PIECE) {
                        out.write(doc, at, Math.min(PIECE, doc.length - at));
                    }
                }
            } else {
                buffer.clear();
                for (int at = 0; at < doc.length; at += PIECE) {
                    buffer.put(doc, at, Math.min(PIECE, doc.length - at));
                }
                buffer.flip();
                try (FileChannel ch = FileChannel.open(temp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
                    while (buffer.hasRemaining()) {
                        ch.write(buffer);
                    }
                }
            }
            Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        }
        cpu = ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime() - cpu;
        System.out.printf("%s cpu %.1f ms wall %.1f ms%n", args[0], cpu / 1e6, (System.nanoTime() - wall) / 1e6);
    }
}
