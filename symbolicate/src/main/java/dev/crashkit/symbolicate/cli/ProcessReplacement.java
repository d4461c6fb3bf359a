package dev.crashkit.symbolicate.cli;

import java.io.File;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.Charset;
import java.util.Arrays;
import java.util.List;
import java.util.zip.CRC32;

/**
 * Replaces this JVM with another program ({@code execv}) through a small JNI library shipped in the
 * jar ({@code src/main/c/process_replacement.c}, built for Linux by {@code build-tools/native-exec.sh}).
 * {@code java -jar}'s relaunch uses it to become its child JVM rather than start one and wait:
 * {@code ProcessBuilder.start} costs a fresh JVM 25-40 ms of the JDK's lambdas and class
 * initialisation before the child exists, and the waiting parent's exit more (BENCHMARKS.md, the
 * relaunch by exec). Where there is no library for this platform, or it cannot be loaded, or
 * {@code execv} fails, {@link #exec} returns and the caller starts the child the usual way.
 *
 * <p>The library is copied out of the jar into the cache folder once (named by its CRC-32, private
 * to the user) and loaded from there after its bytes were compared with the jar's: a file in that
 * folder is never loaded unless it is exactly what this jar ships. (The folder is trusted as it
 * is for the class-data archive the child JVM maps from it.) Like {@link Relaunch}, only
 * {@code java.io} and no lambdas: this runs interpreted in the parent, before anything else.
 */
final class ProcessReplacement {
    private ProcessReplacement() {
    }

    /**
     * Execs {@code command} (program path first) in place of this process; returns only when that
     * could not be done, with the reason.
     */
    static String exec(List<String> command, File cacheFolder) {
        String resource = resource(System.getProperty("os.name", ""), System.getProperty("os.arch", ""));
        if (resource == null) {
            return "no library for this platform";
        }
        byte[] lib;
        try (InputStream in = ProcessReplacement.class.getResourceAsStream(resource)) {
            if (in == null) {
                return "no library in the jar (built without gcc)";
            }
            lib = in.readAllBytes();
        } catch (IOException e) {
            return "cannot read the library: " + e.getMessage();
        }
        File file;
        try {
            file = extracted(lib, cacheFolder);
        } catch (IOException e) {
            return "cannot copy the library to " + cacheFolder + ": " + e.getMessage();
        }
        try {
            System.load(file.getAbsolutePath());
        } catch (UnsatisfiedLinkError | SecurityException e) {
            return "cannot load " + file + ": " + e.getMessage();
        }
        int errno = exec(arguments(command, Charset.forName(System.getProperty("sun.jnu.encoding",
                Charset.defaultCharset().name()))));
        return "execv failed (errno " + errno + ")";
    }

    /** The resource of the library for an OS and JVM architecture, or null for none. */
    static String resource(String osName, String osArch) {
        if (!osName.equals("Linux") || !(osArch.equals("amd64") || osArch.equals("aarch64"))) {
            return null;
        }
        return "native/linux-" + osArch + "/libcrashkit-exec.so";
    }

    /** Each argument in the encoding the JDK's process launcher would use for it. */
    static byte[][] arguments(List<String> command, Charset charset) {
        byte[][] out = new byte[command.size()][];
        for (int i = 0; i < out.length; i++) {
            out[i] = command.get(i).getBytes(charset);
        }
        return out;
    }

    /**
     * The library's file in {@code folder} ({@code crashkit-exec-CRC.so}), written there (through a
     * temporary file and a rename) unless a file of that name already holds exactly {@code lib}.
     */
    static File extracted(byte[] lib, File folder) throws IOException {
        CRC32 crc = new CRC32();
        crc.update(lib);
        File file = new File(folder, "crashkit-exec-" + Long.toHexString(crc.getValue()) + ".so");
        if (file.isFile() && file.length() == lib.length && sameBytes(file, lib)) {
            return file;
        }
        if (!folder.isDirectory() && !folder.mkdirs() && !folder.isDirectory()) {
            throw new IOException("cannot create the folder");
        }
        File tmp = File.createTempFile("crashkit-exec-", ".tmp", folder);
        try {
            // Owner only: another user must not be able to swap what we load.
            tmp.setReadable(false, false);
            tmp.setWritable(false, false);
            tmp.setReadable(true, true);
            tmp.setWritable(true, true);
            try (FileOutputStream out = new FileOutputStream(tmp)) {
                out.write(lib);
            }
            if (!tmp.renameTo(file) || !sameBytes(file, lib)) {
                throw new IOException("cannot write " + file.getName());
            }
        } finally {
            tmp.delete();
        }
        return file;
    }

    private static boolean sameBytes(File file, byte[] lib) throws IOException {
        try (FileInputStream in = new FileInputStream(file)) {
            return Arrays.equals(in.readAllBytes(), lib);
        }
    }

    /** execv(args[0], args); returns errno when it fails. */
    private static native int exec(byte[][] args);
}
