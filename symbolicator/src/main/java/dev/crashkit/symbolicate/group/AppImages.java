package dev.crashkit.symbolicate.group;

import dev.crashkit.core.model.Image;
import java.util.List;
import java.util.Locale;

/**
 * Which images are the app's own (part of the grouping rule of {@link CrashSignature}): every image
 * that is neither a system image (by path or, without a path, by name) nor the capture library's.
 */
public final class AppImages {
    /** Folders of operating-system and toolchain images (macOS/iOS, Linux, Android). */
    private static final List<String> SYSTEM_FOLDERS = List.of("/usr/lib/", "/usr/lib64/", "/lib/", "/lib64/",
            "/System/", "/Library/Apple/", "/apex/", "/system/", "/Developer/");
    /** System images known by name, for reports without paths. */
    private static final List<String> SYSTEM_PREFIXES = List.of("libsystem_", "libdyld", "libobjc", "libdispatch",
            "libc++", "libc.so", "libpthread", "libm.so", "libdl.so", "ld-linux", "linux-vdso", "libgcc_s",
            "libstdc++");

    private AppImages() {
    }

    /** True for the app's own images: not the system's, not the capture library's. */
    public static boolean isApp(Image image) {
        return !isSystem(image) && !isCapture(image);
    }

    /** An operating-system image: under a system folder, or named like dyld, libsystem_*, libdyld, libobjc... */
    public static boolean isSystem(Image image) {
        if (image.path().isPresent()) {
            String p = image.path().get();
            for (String folder : SYSTEM_FOLDERS) {
                if (p.startsWith(folder)) {
                    return true;
                }
            }
        }
        String name = image.name();
        if (name.equals("dyld") || name.equals("dyld_sim")) {
            return true;
        }
        for (String prefix : SYSTEM_PREFIXES) {
            if (name.startsWith(prefix)) {
                return true;
            }
        }
        return false;
    }

    /** The capture library's native part: JNA's dispatch library (as shipped, or extracted as jna*.tmp). */
    public static boolean isCapture(Image image) {
        String name = image.name().toLowerCase(Locale.ROOT);
        return name.contains("jnidispatch") || (name.startsWith("jna") && name.endsWith(".tmp"));
    }

    /** A function of the capture library itself. */
    public static boolean isCaptureSymbol(String symbol) {
        return symbol.startsWith("dev.crashkit.capture.");
    }
}
