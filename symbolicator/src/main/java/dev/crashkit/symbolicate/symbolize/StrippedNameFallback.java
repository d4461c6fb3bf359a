package dev.crashkit.symbolicate.symbolize;

import dev.crashkit.core.Diagnostics;
import dev.crashkit.symbolicate.format.macho.MachOImage;
import dev.crashkit.symbolicate.format.macho.names.NameHit;
import dev.crashkit.symbolicate.format.macho.names.StrippedNames;
import java.util.Optional;

/**
 * A {@link NameFallback} over one Mach-O binary, built on first use: most modules are answered by
 * their symbol table or DWARF and never need it. Thread-safe (modules are shared by batch workers);
 * problems in the metadata are reported once, when it is built.
 */
final class StrippedNameFallback implements NameFallback {
    private final MachOImage image;
    private final Diagnostics diagnostics;
    private volatile StrippedNames names;

    StrippedNameFallback(MachOImage image, Diagnostics diagnostics) {
        this.image = image;
        this.diagnostics = diagnostics;
    }

    /** The binary whose metadata names stripped code. */
    MachOImage image() {
        return image;
    }

    @Override
    public Optional<NameHit> lookup(long linkAddress) {
        StrippedNames n = names;
        if (n == null) {
            synchronized (this) {
                n = names;
                if (n == null) {
                    try {
                        n = StrippedNames.build(MachOImageLayout.of(image), diagnostics::warn);
                    } catch (RuntimeException e) {
                        // A reader bug on some unforeseen input must not cost the whole report its
                        // other frames: this image's stripped code stays unnamed, and the line says why.
                        diagnostics.warn(image.file() + ": names from Objective-C/export metadata skipped: "
                                + e.getClass().getSimpleName() + " (a bug: please report it)");
                        n = StrippedNames.empty();
                    }
                    names = n;
                }
            }
        }
        return n.lookup(linkAddress);
    }
}
