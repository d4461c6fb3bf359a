package dev.crashkit.symbolicate.symbolize;

import java.util.Locale;

/** Why a frame has (or lacks) a name. Printed in lower case in JSON output. */
public enum FrameStatus {
    /** A symbol (and maybe file/line) was found. */
    SYMBOLICATED,
    /** The image's debug file was found but no function covers the address (header, stubs, padding...). */
    NO_SYMBOL,
    /** The address is in a known image for which no debug file matched by UUID/build-id. */
    NO_DEBUG_FILE,
    /** No image of the report contains the address. */
    NO_IMAGE;

    /** Lower-cased once: output asks for it per frame. */
    private final String jsonName = name().toLowerCase(Locale.ROOT);

    public String jsonName() {
        return jsonName;
    }
}
