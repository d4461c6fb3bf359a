package dev.crashkit.symbolicator;

import java.util.Locale;

/** What {@link Symbolication#write} renders. */
public enum OutputFormat {
    /** Threads and frames as text, Apple's crash report layout. */
    TEXT,
    /** The {@code symbolicated/1} JSON document. */
    JSON,
    /** The input's own format with names filled in ({@code .ips}, {@code .crash}, KSCrash, ...). */
    SAME;

    /**
     * {@return the value named {@code text}, {@code json} or {@code same} (any case)}
     *
     * @param name the name, as an option gives it
     * @throws IllegalArgumentException for another name
     */
    public static OutputFormat fromName(String name) {
        for (OutputFormat f : values()) {
            if (f.name().equalsIgnoreCase(name)) {
                return f;
            }
        }
        throw new IllegalArgumentException("unknown output format \"" + name + "\" (text, json or same)");
    }

    /** {@return the lower-case name, as options spell it} */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    dev.crashkit.symbolicate.output.OutputFormat internal() {
        switch (this) {
            case JSON: return dev.crashkit.symbolicate.output.OutputFormat.json;
            case SAME: return dev.crashkit.symbolicate.output.OutputFormat.same;
            default: return dev.crashkit.symbolicate.output.OutputFormat.text;
        }
    }
}
