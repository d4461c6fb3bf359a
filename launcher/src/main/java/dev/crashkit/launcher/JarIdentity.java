package dev.crashkit.launcher;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Optional;

/**
 * One build or copy of a jar, as the start-up cache files made for it are named: its modification time
 * (seconds), its size and its real path. The path matters: a copy of the jar elsewhere with the same
 * time and size would otherwise take the cache, which the JVM then refuses for every class of ours
 * without a word (its class path differs), loading them all from the jar (+190 ms CPU for the
 * symbolicate command; BENCHMARKS.md, warm child on two cores). bin/symbolicate names the files the
 * same way in shell ({@code stat -c %Y-%s}, {@code cksum}, {@code tr}).
 *
 * @param mtime the jar's modification time in seconds since the epoch
 * @param size the jar's size in bytes
 * @param realPath the jar's real path (links resolved)
 */
public record JarIdentity(long mtime, long size, String realPath) {

    /**
     * The identity of a jar now.
     *
     * @param jar the jar's path
     * @return its identity; empty when it cannot be read (no time, no size, no real path)
     */
    public static Optional<JarIdentity> of(Path jar) {
        try {
            File file = jar.toFile();
            long mtime = file.lastModified() / 1000;
            long size = file.length();
            if (mtime == 0 || size == 0) {
                return Optional.empty(); // cannot be read now: nothing named after it
            }
            return Optional.of(new JarIdentity(mtime, size, jar.toRealPath().toString()));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /**
     * {@code PREFIX MTIME-SIZE-PATHSUM}: what the cache files of this jar share, {@code PATHSUM} the POSIX
     * {@code cksum} of the real path's UTF-8 bytes ({@link #cksum}).
     *
     * @param prefix what the name begins with (the tool's, e.g. {@code symbolicate-})
     * @return the stem
     */
    public String stem(String prefix) {
        return prefix + mtime + "-" + size + "-" + cksum(realPath.getBytes(StandardCharsets.UTF_8));
    }

    /**
     * {@link #stem(String)} then {@code -RUNTIME}, the JDK's runtime version made file-safe
     * ({@link #fileSafe}): a start-up cache is only valid for the JVM build that made it, and one JDK's
     * file must not hide another's.
     *
     * @param prefix what the name begins with
     * @param runtime the JDK's {@code java.runtime.version}
     * @return the stem with the runtime version
     */
    public String stem(String prefix, String runtime) {
        return stem(prefix) + "-" + fileSafe(runtime);
    }

    /**
     * A string made safe in a file name, as bin/symbolicate's {@code tr} does.
     *
     * @param s the string
     * @return {@code s} with every character but ASCII letters, digits, {@code . + _ -} as {@code _}
     */
    public static String fileSafe(String s) {
        char[] c = s.toCharArray();
        for (int i = 0; i < c.length; i++) {
            char x = c[i];
            boolean ok = (x >= 'a' && x <= 'z') || (x >= 'A' && x <= 'Z') || (x >= '0' && x <= '9') || x == '.'
                    || x == '+' || x == '_' || x == '-';
            if (!ok) {
                c[i] = '_';
            }
        }
        return new String(c);
    }

    /**
     * The POSIX {@code cksum} CRC of {@code data} (CRC-32 with polynomial 0x04C11DB7, most significant
     * bit first, the length appended, complemented): what a shell script computes with {@code cksum}.
     *
     * @param data the bytes
     * @return the CRC, unsigned
     */
    public static long cksum(byte[] data) {
        int crc = 0;
        for (byte b : data) {
            crc = cksumStep(crc, b & 0xFF);
        }
        for (long n = data.length; n != 0; n >>>= 8) {
            crc = cksumStep(crc, (int) (n & 0xFF));
        }
        return ~crc & 0xFFFFFFFFL;
    }

    private static int cksumStep(int crc, int octet) {
        crc ^= octet << 24;
        for (int bit = 0; bit < 8; bit++) {
            crc = crc < 0 ? (crc << 1) ^ 0x04C11DB7 : crc << 1;
        }
        return crc;
    }
}
