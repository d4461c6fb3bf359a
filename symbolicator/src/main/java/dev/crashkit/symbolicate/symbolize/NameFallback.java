package dev.crashkit.symbolicate.symbolize;

import dev.crashkit.core.Diagnostics;
import dev.crashkit.symbolicate.format.macho.MachOImage;
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

    /** Names from {@code binary}'s own metadata, read on first use; problems go to {@code diagnostics}. */
    static NameFallback forMachO(MachOImage binary, Diagnostics diagnostics) {
        return new StrippedNameFallback(binary, diagnostics);
    }

    /** Knows nothing (ELF images, dSYMs without their binary). */
    static NameFallback none() {
        return Nothing.NONE;
    }

    /**
     * The one fallback that knows nothing (so a module can tell it has none); a class, not a lambda:
     * it is first used as the first frames are symbolicated, where linking a lambda costs ~1 ms.
     */
    final class Nothing implements NameFallback {
        static final NameFallback NONE = new Nothing();

        private Nothing() {
        }

        @Override
        public Optional<NameHit> lookup(long linkAddress) {
            return Optional.empty();
        }
    }
}
