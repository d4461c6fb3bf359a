package dev.crashkit.symbolicate.symbolize;

import dev.crashkit.symbolicate.format.macho.names.NameHit;
import java.util.Optional;

/**
 * Names for link-time addresses that neither DWARF nor the symbol table covers: in a stripped
 * image, the function around the address from LC_FUNCTION_STARTS, named (when some metadata can)
 * from the export trie, Objective-C or Swift metadata. The one hook between symbol lookup and
 * {@code format.macho.names}.
 */
@FunctionalInterface
public interface NameFallback {
    Optional<NameHit> lookup(long linkAddress);

    /** Knows nothing (ELF images, dSYMs without their binary). */
    static NameFallback none() {
        return a -> Optional.empty();
    }
}
