package dev.crashkit.core.model;

import java.util.Optional;
import java.util.OptionalLong;

/** What the report says about the crashed process. Every field may be absent. */
public record ProcessInfo(Optional<String> name, OptionalLong pid, Optional<Arch> arch,
                          Optional<String> os, Optional<String> timestamp) {
    /**
     * A process the report says nothing about.
     *
     * @return an instance with every field absent
     */
    public static ProcessInfo unknown() {
        return new ProcessInfo(Optional.empty(), OptionalLong.empty(), Optional.empty(),
                Optional.empty(), Optional.empty());
    }
}
