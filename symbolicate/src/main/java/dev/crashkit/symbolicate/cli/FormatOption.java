package dev.crashkit.symbolicate.cli;

import dev.crashkit.symbolicator.OutputFormat;

/** The values of --format, as picocli lists them; {@link OutputFormat} decides what they mean. */
enum FormatOption {
    text, json, same;

    OutputFormat value() {
        return OutputFormat.fromName(name());
    }
}
