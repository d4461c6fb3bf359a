package dev.crashkit.symbolicator;

import java.util.Optional;
import java.util.OptionalInt;

/**
 * One function of the inline chain at an address.
 *
 * @param function      the name as printed (demangled per the configuration)
 * @param linkageName   the raw linkage name
 * @param functionStart link-time start of the concrete function (every entry of a chain shares it)
 * @param file          source file
 * @param line          source line
 * @param column        source column
 * @param inlined       an inlined call, not the concrete function (the last entry)
 */
public record SourceLocation(String function, String linkageName, long functionStart, Optional<String> file,
                             OptionalInt line, OptionalInt column, boolean inlined) {
}
