package dev.crashkit.symbolicator;

import java.util.Optional;

/**
 * One debug identity found in a file: what a report's image must carry to be matched with it.
 *
 * @param debugId   UUID (Mach-O) or build-id (ELF), as printed
 * @param arch      the slice's architecture
 * @param debugInfo whether it has DWARF (else only symbol tables)
 * @param member    the archive member or bundle path it was found in, when inside one
 */
public record DebugFileIdentity(String debugId, String arch, boolean debugInfo, Optional<String> member) {
}
