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

    /**
     * As {@link #fetchAll(Collection)}, knowing the image names of some identities: a layout that
     * files by name as well ({@link Layout#BREAKPAD}: {@code NAME/ID/NAME.sym}) can only ask for those.
     */
    default Map<DebugId, FetchedFile> fetchAll(Collection<DebugId> ids, Map<DebugId, String> imageNames) {
        return fetchAll(ids);
    }

    /** A source that never has anything (always the same instance). */
    static DebugFileSource none() {
        return NoSource.INSTANCE;
    }
}
