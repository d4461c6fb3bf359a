package dev.crashkit.core.model;

import java.util.Optional;
import java.util.OptionalLong;

/** Why the process died: signal, code, faulting address, crashed thread id and a free-text reason. */
public record CrashInfo(Optional<String> signal, Optional<String> code, OptionalLong address,
                        OptionalLong thread, Optional<String> reason) {
}
