package dev.crashkit.bench;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Writes a minimal arm64 MH_EXECUTE Mach-O with {@code n} function symbols in __text, an
 * LC_FUNCTION_STARTS stream for them and an LC_UUID: a realistic large symbol table for the
 * index benchmark (real binaries that size are not something to commit).
 */
final class SyntheticMachO {
    static final long TEXT_VMADDR = 0x1_0000_0000L;
    static final long FIRST_FUNCTION = TEXT_VMADDR + 0x4000;
    static final int FUNCTION_SIZE = 48;

    private SyntheticMachO() {
    }

    static Path write(Path file, int n) throws IOException {
        return write(file, n, false);
    }

    /**
     * @param shuffled when true the nlist entries are written in a random order (seeded) and
     *                 every other symbol is local, as in real symbol tables, which are not sorted
     *                 by address; when false they ascend and all are external
     */
    static Path write(Path file, int n, boolean shuffled) throws IOException {
        ByteArrayOutputStream strings = new ByteArrayOutputStream();
        strings.write(0);
        int[] order = new int[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        if (shuffled) {
            java.util.SplittableRandom rnd = new java.util.SplittableRandom(1);
            for (int i = n - 1; i > 0; i--) {
                int j = rnd.nextInt(i + 1);
                int t = order[i];
                order[i] = order[j];
                order[j] = t;
            }
        }
        int[] strx = new int[n];
        // Names in entry order, as linkers write them: the string table follows the nlist array.
        for (int k = 0; k < n; k++) {
            int i = order[k];
            strx[i] = strings.size();
            strings.writeBytes(("_$s9Synthetic6ModuleC8functionSiyF" + i).getBytes(StandardCharsets.UTF_8));
            strings.write(0);
        }
        ByteArrayOutputStream starts = new ByteArrayOutputStream();
        uleb(starts, FIRST_FUNCTION - TEXT_VMADDR);
        for (int i = 1; i < n; i++) {
            uleb(starts, FUNCTION_SIZE);
        }
        starts.write(0);
        while (starts.size() % 8 != 0) {
            starts.write(0);
        }
        long textSize = (long) n * FUNCTION_SIZE;
        int headerSize = 32;
        int segCmd = 72 + 80;
        int cmdsSize = segCmd + 24 /*symtab*/ + 16 /*function starts*/ + 24 /*uuid*/;
        long symoff = 0x4000;
        long symSize = 16L * n;
        long fsOff = symoff + symSize;
        long stroff = fsOff + starts.size();
        ByteBuffer b = ByteBuffer.allocate((int) (stroff + strings.size())).order(ByteOrder.LITTLE_ENDIAN);
        b.putInt(0xfeedfacf).putInt(0x0100000c).putInt(0).putInt(2).putInt(4).putInt(cmdsSize).putInt(0).putInt(0);
        b.putInt(0x19).putInt(segCmd).put(name16("__TEXT")).putLong(TEXT_VMADDR).putLong(0x4000 + textSize)
                .putLong(0).putLong(0).putInt(5).putInt(5).putInt(1).putInt(0);
        b.put(name16("__text")).put(name16("__TEXT")).putLong(FIRST_FUNCTION).putLong(textSize).putInt(0)
                .putInt(2).putInt(0).putInt(0).putInt(0x80000400).putInt(0).putInt(0).putInt(0);
        b.putInt(0x2).putInt(24).putInt((int) symoff).putInt(n).putInt((int) stroff).putInt(strings.size());
        b.putInt(0x26).putInt(16).putInt((int) fsOff).putInt(starts.size());
        b.putInt(0x1b).putInt(24).putLong(0x0123456789abcdefL).putLong(0x1122334455667788L);
        b.position((int) symoff);
        for (int k = 0; k < n; k++) {
            int i = order[k];
            byte type = (byte) (shuffled && i % 2 == 1 ? 0x0e : 0x0f);
            b.putInt(strx[i]).put(type).put((byte) 1).putShort((short) 0)
                    .putLong(FIRST_FUNCTION + (long) i * FUNCTION_SIZE);
        }
        b.put(starts.toByteArray());
        b.put(strings.toByteArray());
        Files.write(file, b.array());
        return file;
    }

    private static byte[] name16(String s) {
        byte[] out = new byte[16];
        byte[] in = s.getBytes(StandardCharsets.US_ASCII);
        System.arraycopy(in, 0, out, 0, in.length);
        return out;
    }

    private static void uleb(ByteArrayOutputStream out, long v) {
        do {
            int b = (int) (v & 0x7f);
            v >>>= 7;
            out.write(v != 0 ? b | 0x80 : b);
        } while (v != 0);
    }
}
