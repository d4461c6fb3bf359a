package dev.crashkit.symbolicate.cli;

import java.io.File;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.Charset;
import java.util.List;

/**
 * Replaces this JVM with another program ({@code execv}) through a small JNI library shipped in the
 * jar ({@code src/main/c/process_replacement.c}, built for Linux by {@code build-tools/native-exec.sh}).
 * {@code java -jar}'s relaunch uses it to become its child JVM rather than start one and wait:
 * {@code ProcessBuilder.start} costs a fresh JVM 25-40 ms of the JDK's lambdas and class
 * initialisation before the child exists, and the waiting parent's exit more (BENCHMARKS.md, the
 * relaunch by exec). Where there is no library for this platform, or it cannot be loaded, or
 * {@code execv} fails, {@link #exec} returns and the caller starts the child the usual way.
 *
 * <p>The library is copied out of the jar once, into the cache folder next to the class-data
 * archive and named like it after the jar ({@link Relaunch#libraryName}), private to the user; later
 * runs load that file without reading the jar again. The folder is trusted as it is for the archive
 * the child JVM maps from it. Like {@link Relaunch}, only {@code java.io} and no lambdas: this runs
 * interpreted in the parent, before anything else.
 */
final class ProcessReplacement {
    private ProcessReplacement() {
    }

    /**
     * Execs {@code command} (program path first) in place of this process, with the library kept
     * in {@code library}; returns only when that could not be done, with the reason.
     */
    static String exec(List<String> command, File library) {
        String resource = resource(System.getProperty("os.name", ""), System.getProperty("os.arch", ""));
        if (resource == null) {
            return "no library for this platform";
        }
        if (!library.isFile()) {
            byte[] lib;
            try (InputStream in = ProcessReplacement.class.getResourceAsStream(resource)) {
                if (in == null) {
                    return "no library in the jar (built without gcc)";
                }
                lib = in.readAllBytes();
            } catch (IOException e) {
                return "cannot read the library: " + e.getMessage();
            }
            try {
                write(lib, library);
            } catch (IOException e) {
                return "cannot copy the library to " + library + ": " + e.getMessage();
            }
        }
        try {
            System.load(library.getAbsolutePath());
        } catch (UnsatisfiedLinkError e) {
            library.delete(); // damaged: the next run copies it again
            return "cannot load " + library + ": " + e.getMessage();
        } catch (SecurityException e) {
            return "cannot load " + library + ": " + e.getMessage();
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
     * Writes {@code lib} to {@code file} through a temporary file in its folder and a rename, so
     * that a file of that name is always whole; readable and writable by the owner only.
     */
    static void write(byte[] lib, File file) throws IOException {
        File folder = file.getAbsoluteFile().getParentFile();
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
            if (!tmp.renameTo(file)) {
                throw new IOException("cannot rename " + tmp.getName() + " to " + file.getName());
            }
        } finally {
            tmp.delete(); // after the rename: nothing there
        }
    }

    /** execv(args[0], args); returns errno when it fails. */
    private static native int exec(byte[][] args);
}
