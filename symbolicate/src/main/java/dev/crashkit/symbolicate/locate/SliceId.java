package dev.crashkit.symbolicate.locate;

import dev.crashkit.symbolicate.model.DebugId;

/** Identity of one slice of a debug file, as found by a scan. */
public record SliceId(DebugId id, String arch, boolean dsym) {
}
