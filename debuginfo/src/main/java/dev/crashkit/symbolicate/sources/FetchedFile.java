package dev.crashkit.symbolicate.sources;

import dev.crashkit.symbolicate.locate.SliceId;
import java.nio.file.Path;

/**
 * A verified debug file in the download cache.
 *
 * @param file   where it is (read-only for callers; it may be shared with other runs)
 * @param slice  its identity, architecture and whether it carries debug info
 * @param origin the server it came from ({@link SymbolServer#describe()}), or {@code "cache"}
 */
public record FetchedFile(Path file, SliceId slice, String origin) {
}
