package dev.crashkit.symbolicate.sources;

import dev.crashkit.core.model.DebugId;
import java.util.Collection;
import java.util.Map;
import java.util.Optional;

/** {@link DebugFileSource#none()}: one instance, so callers can tell "no remote source" cheaply. */
enum NoSource implements DebugFileSource {
    INSTANCE;

    @Override
    public Optional<FetchedFile> fetch(DebugId id) {
        return Optional.empty();
    }

    @Override
    public Map<DebugId, FetchedFile> fetchAll(Collection<DebugId> ids) {
        return Map.of();
    }
}
