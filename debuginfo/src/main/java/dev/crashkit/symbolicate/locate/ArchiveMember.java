package dev.crashkit.symbolicate.locate;

import java.nio.file.Path;

/** A member of an archive given to {@code --dsym}; {@code name} is the member's path inside it. */
public record ArchiveMember(Path archive, String name) {
    /** {@code archive!/member}, for messages. */
    @Override
    public String toString() {
        return archive + "!/" + name;
    }

    /** A Path usable in messages of format parsers (control characters replaced). */
    Path displayPath() {
        return Path.of(toString().replaceAll("[\\p{Cntrl}]", "?"));
    }
}
