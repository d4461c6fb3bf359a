package dev.crashkit.symbolicate.symcache;

import dev.crashkit.core.model.Arch;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What a module needs besides symbols and DWARF: the file shown for it, its architecture, the
 * link-time address its load address stands for, the link-time ranges it occupies, and the
 * Mach-O binary (file and slice UUID) whose own metadata names its stripped code, if any (read
 * again from that file when first needed: the cache stores no such names).
 */
public record ModuleLayout(String file, Arch arch, long linkBase, List<Segment> segments,
                           Optional<Binary> strippedNamesFrom) {

    /** One link-time range [start, start + size). */
    public record Segment(long start, long size) {
    }

    /** A slice of an object file: its path and identity. */
    public record Binary(String file, String id) {
    }

    public ModuleLayout {
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(arch, "arch");
        segments = List.copyOf(segments);
        Objects.requireNonNull(strippedNamesFrom, "strippedNamesFrom");
    }

    public ModuleLayout(String file, Arch arch, long linkBase, List<Segment> segments) {
        this(file, arch, linkBase, segments, Optional.empty());
    }
}
