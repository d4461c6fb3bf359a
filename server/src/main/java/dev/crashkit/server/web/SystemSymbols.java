package dev.crashkit.server.web;

import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Where a system image's debug file comes from (it is not the app's build's to upload): Apple's from
 * Xcode's DeviceSupport folders, the JDK's and a Linux or Android system's from its debug packages or a
 * symbol server, JNA's from the JNA build the app ships. Told by the image's name and the form of its
 * debug id (a Mach-O UUID is printed upper case with dashes, an ELF build-id as lower-case hex).
 */
final class SystemSymbols {
    private static final Pattern MACHO_UUID = Pattern.compile("[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}");

    static final String APPLE = "Apple's: upload the Symbols folder Xcode keeps for the device's OS "
            + "(~/Library/Developer/Xcode/iOS DeviceSupport/<version>/Symbols; macOS's from its own system) with "
            + "sentry-cli debug-files upload or here, or start the server with --dsym on it";
    static final String JDK = "the JDK's: its debug symbols (the JDK vendor's or distribution's debug package, e.g. "
            + "openjdk-21-dbg) uploaded here, or a debuginfod server (--symbol-server debuginfod=URL)";
    static final String JNA = "JNA's native library: the symbols of the JNA release the app ships, or leave it "
            + "(frames in it are the capture's)";
    static final String SYSTEM = "the system's: a symbol server (--symbol-server debuginfod=https://debuginfod.elfutils.org/ "
            + "or the distribution's) or its debug package uploaded here";

    private SystemSymbols() {
    }

    /** {@return how to get the debug file of the system image {@code image} with debug id {@code debugId}} */
    static String how(String image, String debugId) {
        String name = image.toLowerCase(Locale.ROOT);
        if (name.contains("jnidispatch") || (name.startsWith("jna") && name.endsWith(".tmp"))) {
            return JNA;
        }
        if (name.startsWith("libjvm.") || name.startsWith("libjli.") || name.startsWith("libjava.")
                || name.equals("jvm.dll")) {
            return JDK;
        }
        return MACHO_UUID.matcher(debugId).matches() ? APPLE : SYSTEM;
    }
}
