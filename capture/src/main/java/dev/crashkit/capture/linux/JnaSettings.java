package dev.crashkit.capture.linux;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.zip.CRC32;

/**
 * JNA configuration applied before JNA's first use, each only when nobody set it: the two largest
 * costs of a first snapshot in a fresh JVM were JNA's own start-up chores.
 * <ul>
 *   <li>On Linux, JNA's {@code NativeLibrary} runs {@code /sbin/ldconfig -p} in a child process
 *       while it initializes, only to learn more directories to search by name. When
 *       {@code jna.platform.library.path} is set, JNA uses it instead, so we set it to the
 *       directories JNA itself would list here; libraries elsewhere that the dynamic linker knows
 *       (ld.so.cache) are still found, by {@code dlopen} itself.</li>
 *   <li>JNA unpacks its native part, {@code libjnidispatch.so}, from its jar into a new temporary
 *       file on every start (seeding a {@code SecureRandom} for the name). We unpack it once into
 *       the crashkit cache folder, named by the CRC of its bytes so that another JNA version gets
 *       its own copy, and point {@code jna.boot.library.path} there.</li>
 * </ul>
 */
final class JnaSettings {
    static final String PLATFORM_PATH = "jna.platform.library.path";
    static final String BOOT_PATH = "jna.boot.library.path";
    private static final String DISPATCH = "com/sun/jna/linux-x86-64/libjnidispatch.so";

    private JnaSettings() {
    }

    static void apply() {
        if (System.getProperty(PLATFORM_PATH) == null) {
            String path = String.join(":", standardDirectories());
            if (!path.isEmpty()) {
                System.setProperty(PLATFORM_PATH, path);
            }
        }
        if (System.getProperty(BOOT_PATH) == null) {
            Optional<Path> root = cacheRoot();
            Optional<Path> dir = root.isPresent() ? unpackDispatch(root.get()) : Optional.empty();
            if (dir.isPresent()) {
                System.setProperty(BOOT_PATH, dir.get().toString());
            }
        }
    }

    /**
     * The folder holding JNA's dispatch library unpacked under {@code root}, unpacking it when
     * missing; empty when JNA's jar has none for this platform or the folder cannot be written
     * (JNA then unpacks it as usual).
     */
    static Optional<Path> unpackDispatch(Path root) {
        byte[] lib;
        try {
            // The loader that loads JNA's classes, as JNA itself looks the resource up (class not initialised).
            ClassLoader jna = Class.forName("com.sun.jna.Native", false, JnaSettings.class.getClassLoader())
                    .getClassLoader();
            try (InputStream in = jna == null ? null : jna.getResourceAsStream(DISPATCH)) {
                if (in == null) {
                    return Optional.empty();
                }
                lib = in.readAllBytes();
            }
            CRC32 crc = new CRC32();
            crc.update(lib);
            Path dir = root.resolve(String.format(Locale.ROOT, "jna-%08x", crc.getValue()));
            Path file = dir.resolve("libjnidispatch.so");
            if (!Files.isRegularFile(file) || Files.size(file) != lib.length) {
                Files.createDirectories(dir);
                // Unique per process, then renamed: another process may unpack at the same moment.
                Path tmp = dir.resolve("libjnidispatch.so." + ProcessHandle.current().pid() + ".part");
                Files.write(tmp, lib);
                Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            }
            return Optional.of(dir);
        } catch (IOException | ClassNotFoundException | SecurityException e) {
            return Optional.empty();
        }
    }

    /** {@code $CRASHKIT_CACHE}, else {@code $XDG_CACHE_HOME/crashkit}, else {@code ~/.cache/crashkit}. */
    static Optional<Path> cacheRoot() {
        String own = System.getenv("CRASHKIT_CACHE");
        if (own != null && !own.isEmpty()) {
            return Optional.of(Path.of(own));
        }
        String xdg = System.getenv("XDG_CACHE_HOME");
        if (xdg != null && !xdg.isEmpty()) {
            return Optional.of(Path.of(xdg, "crashkit"));
        }
        String home = System.getProperty("user.home");
        return home == null || home.isEmpty() || home.equals("?") ? Optional.empty()
                : Optional.of(Path.of(home, ".cache", "crashkit"));
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
