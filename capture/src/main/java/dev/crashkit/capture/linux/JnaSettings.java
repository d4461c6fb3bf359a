package dev.crashkit.capture.linux;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * JNA configuration applied before JNA's first use. On Linux, JNA's {@code NativeLibrary} runs
 * {@code /sbin/ldconfig -p} in a child process while it initializes, only to learn more
 * directories to search by name; that spawn was a large part of the first snapshot's cost. When
 * {@code jna.platform.library.path} is set, JNA uses it instead, so we set it (only if nobody did)
 * to the directories JNA itself would list on this machine; libraries in other directories the
 * dynamic linker knows (ld.so.cache) are still found, by {@code dlopen} itself.
 */
final class JnaSettings {
    static final String PLATFORM_PATH = "jna.platform.library.path";

    private JnaSettings() {
    }

    static void apply() {
        if (System.getProperty(PLATFORM_PATH) == null) {
            String path = String.join(":", standardDirectories());
            if (!path.isEmpty()) {
                System.setProperty(PLATFORM_PATH, path);
            }
        }
    }

    /** The multiarch and 64-bit library directories of x86-64 Linux that exist here, then /usr/lib and /lib. */
    static List<String> standardDirectories() {
        List<String> out = new ArrayList<>();
        for (String d : List.of("/usr/lib/x86_64-linux-gnu", "/lib/x86_64-linux-gnu", "/usr/lib64", "/lib64",
                "/usr/lib", "/lib")) {
            if (Files.isDirectory(Path.of(d))) {
                out.add(d);
            }
        }
        return out;
    }
}
