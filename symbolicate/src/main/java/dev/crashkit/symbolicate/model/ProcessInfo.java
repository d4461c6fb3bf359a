package dev.crashkit.symbolicate.model;

import java.util.Optional;
import java.util.OptionalLong;

/** What the report says about the crashed process. Every field may be absent. */
public record ProcessInfo(Optional<String> name, OptionalLong pid, Optional<String> arch,
                          Optional<String> os, Optional<String> timestamp) {
    public static ProcessInfo unknown() {
        return new ProcessInfo(Optional.empty(), OptionalLong.empty(), Optional.empty(),
                Optional.empty(), Optional.empty());
    }
}
