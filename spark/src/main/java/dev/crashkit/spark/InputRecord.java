package dev.crashkit.spark;

import java.io.Serializable;
import java.util.Optional;

/**
 * One report to symbolicate, as read from the input: its id, where it came from, and its bytes,
 * or why it could not be read (it still becomes an output row).
 *
 * @param source    the file, or {@code file:line} for a line of a JSON-lines export
 * @param readError why the report could not be read, or null
 */
record InputRecord(String id, String source, byte[] data, String readError) implements Serializable {

    static InputRecord of(String id, String source, byte[] data) {
        return new InputRecord(id, source, data, null);
    }

    static InputRecord failed(String id, String source, String why) {
        return new InputRecord(id, source, new byte[0], why);
    }

    Optional<String> error() {
        return Optional.ofNullable(readError);
    }
}
