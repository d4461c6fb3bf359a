package dev.crashkit.symbolicate.format.macho.names;

import java.util.Objects;
import java.util.Optional;

/**
 * The function around an address in a stripped image.
 *
 * @param start  link-time start of the function
 * @param end    link-time end (exclusive): the next function start or the end of its section
 * @param name   raw name (C-level: no leading underscore; {@code -[C sel]}; {@code $s...Ma}), if any source had one
 * @param source where the name (or, without one, the boundary) came from
 */
public record NameHit(long start, long end, Optional<String> name, NameSource source) {
    public NameHit {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(source, "source");
    }
}
