package dev.crashkit.symbolicate.symcache;

import dev.crashkit.core.model.Arch;
import java.util.List;
import java.util.Objects;

/**
 * What a module needs besides symbols and DWARF: the file shown for it, its architecture, the
 * link-time address its load address stands for, and the link-time ranges it occupies.
 */
public record ModuleLayout(String file, Arch arch, long linkBase, List<Segment> segments) {

    /** One link-time range [start, start + size). */
    public record Segment(long start, long size) {
    }

    public ModuleLayout {
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(arch, "arch");
        segments = List.copyOf(segments);
    }
}
