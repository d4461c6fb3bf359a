package dev.crashkit.symbolicate.report.applecrash;

import java.util.Optional;

/**
 * One {@code Binary Images:} line as written.
 *
 * @param line      index in {@link AppleCrashDocument#lines()}
 * @param start     load address
 * @param end       last address (inclusive), as printed
 * @param plus      the {@code +} marker (not an OS image)
 * @param name      the name column (file name or bundle id, may contain spaces)
 * @param arch      the arch column, parentheses removed, when present
 * @param version   the {@code (version)} column, when present
 * @param uuid      the identifier between angle brackets (32 hex digits or dashed)
 * @param path      the image path
 */
public record ImageLine(int line, long start, long end, boolean plus, String name, Optional<String> arch,
                        Optional<String> version, String uuid, String path) {
}
