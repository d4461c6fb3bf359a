package dev.crashkit.symbolicate.sources;

import dev.crashkit.core.model.DebugId;
import java.util.Collection;
import java.util.Map;
import java.util.Optional;

/**
 * Somewhere debug files can be fetched by identity when no local file has it. Implementations are
 * thread-safe and remember answers for their lifetime, so asking twice costs nothing.
 */
public interface DebugFileSource {

    /** The verified file with identity {@code id}, fetching it if needed; empty when no source has it. */
    Optional<FetchedFile> fetch(DebugId id);

    /** Fetches several identities, in parallel where the source allows; only those found are in the map. */
    Map<DebugId, FetchedFile> fetchAll(Collection<DebugId> ids);

    /** A source that never has anything (always the same instance). */
    static DebugFileSource none() {
        return NoSource.INSTANCE;
    }
}
