package dev.crashkit.symbolicator;

import dev.crashkit.core.model.Image;
import dev.crashkit.symbolicate.group.AppImages;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * Whose an image is, as far as its report tells: the app's own (its debug files are the team's to
 * upload), the system's (the OS's, the JDK's or JNA's: their debug files come from Xcode's DeviceSupport
 * folders, a distribution's debug packages or a symbol server, not from the app's build), or unknown.
 * Reports name images by path, so the path decides: system folders (and the dyld shared cache's
 * cryptexes), JDK and JNA libraries are {@link #SYSTEM}; images inside an app bundle, or named as the
 * process, are {@link #APP}; anything else is {@link #UNKNOWN} (counted as the app's: a report is only
 * complete when it is symbolicated too).
 */
public enum ImageOrigin {
    /** The app's own code. */
    APP,
    /** The OS's, the JDK's or JNA's. */
    SYSTEM,
    /** Neither shown by its path or name. */
    UNKNOWN;

    /** Folders of system images beyond {@link AppImages#isSystem}'s (Android vendor, iOS 16+ cryptexes). */
    private static final List<String> SYSTEM_FOLDERS = List.of("/vendor/", "/private/preboot/Cryptexes/",
            "/System/Cryptexes/", "/usr/libexec/", "/usr/local/lib/");
    /** The JDK's own native libraries (wherever the JDK is installed: {@code /opt/java/openjdk/lib/server/...}). */
    private static final Set<String> JDK_LIBRARIES = Set.of("libjvm.so", "libjvm.dylib", "jvm.dll", "libjli.so",
            "libjli.dylib", "jli.dll", "libjava.so", "libjava.dylib", "java.dll", "libjimage.so", "libjimage.dylib",
            "libverify.so", "libverify.dylib", "libnio.so", "libnio.dylib", "libnet.so", "libnet.dylib",
            "libzip.so", "libzip.dylib", "libmanagement.so", "libawt.so", "libawt.dylib");
    /** Where an app's own images live: a bundle (iOS, macOS), an iOS app container. */
    private static final List<String> APP_MARKS = List.of(".app/", "/var/containers/Bundle/Application/",
            "/Applications/");

    /**
     * {@return the image's origin}
     *
     * @param image       an image of a report
     * @param processName the crashed process's name, when the report gives it (its main executable's image is the app's)
     */
    public static ImageOrigin of(Image image, Optional<String> processName) {
        if (AppImages.isSystem(image) || AppImages.isCapture(image) || isJdk(image)) {
            return SYSTEM;
        }
        String path = image.path().orElse("");
        for (String folder : SYSTEM_FOLDERS) {
            if (path.startsWith(folder)) {
                return SYSTEM;
            }
        }
        for (String mark : APP_MARKS) {
            if (path.contains(mark)) {
                return APP;
            }
        }
        if (processName.isPresent() && processName.get().equals(image.name())) {
            return APP;
        }
        return UNKNOWN;
    }

    /** {@return true for the JDK's libraries: by file name, or under a JDK's {@code lib/server/} or {@code jre/lib/}} */
    static boolean isJdk(Image image) {
        String path = image.path().orElse("");
        return JDK_LIBRARIES.contains(image.name().toLowerCase(Locale.ROOT)) || path.contains("/lib/server/")
                || path.contains("/jre/lib/");
    }
}
