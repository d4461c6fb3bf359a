package dev.crashkit.capture.linux;

import java.io.IOException;
import java.util.Locale;

/** The Linux capture paths read x86-64 registers and unwind x86-64 code only. */
public final class Platform {
    private Platform() {
    }

    public static boolean supported() {
        String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
        String arch = System.getProperty("os.arch", "").toLowerCase(Locale.ROOT);
        return os.startsWith("linux") && (arch.equals("amd64") || arch.equals("x86_64"));
    }

    /** Fails with a one-line reason on any other platform. */
    public static void require() throws IOException {
        if (!supported()) {
            throw new IOException("Linux capture needs Linux on x86-64; this is " + System.getProperty("os.name")
                    + " on " + System.getProperty("os.arch"));
        }
    }
}
