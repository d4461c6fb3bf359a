package dev.crashkit.symbolicate.symbolize;

import dev.crashkit.core.Diagnostics;
import dev.crashkit.core.CrashkitException;
import dev.crashkit.core.model.DebugId;
import dev.crashkit.symbolicate.locate.ArchiveLimits;
import dev.crashkit.symbolicate.locate.SliceId;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Loads each image identity at most once per run and keeps the result, failures included (one
 * attempt per module, as LLVM's symbolizer does: a broken file is reported once, not per frame).
 * Safe for concurrent use by batch workers.
 */
public final class ModuleCache {

    /** A load outcome: the module, or the reason there is none. */
    public record Loaded(Optional<DebugModule> module, Optional<String> error) {
        static Loaded failed(String why) {
            return new Loaded(Optional.empty(), Optional.of(why));
        }
    }

    private final DebugFileIndex index;
    private final MemberStore members;
    private final Diagnostics diagnostics;
    private final ConcurrentHashMap<DebugId, Loaded> loaded = new ConcurrentHashMap<>();

    /** Archive members are extracted into a temporary folder removed at exit. */
    public ModuleCache(DebugFileIndex index) {
        this(index, new MemberStore(Optional.empty(), ArchiveLimits.defaults()));
    }

    public ModuleCache(DebugFileIndex index, MemberStore members) {
        this(index, members, Diagnostics.ignore());
    }

    /** @param diagnostics receives problems found while naming stripped code (bad Objective-C metadata...) */
    public ModuleCache(DebugFileIndex index, MemberStore members, Diagnostics diagnostics) {
        this.index = index;
        this.members = members;
        this.diagnostics = diagnostics;
    }

    public DebugFileIndex index() {
        return index;
    }

    /** Where archive members are extracted (so other passes read the same files). */
    MemberStore members() {
        return members;
    }

    /** The module for {@code id}; empty module with no error when no file has that identity. */
    public Loaded get(DebugId id) {
        return loaded.computeIfAbsent(id, this::load);
    }

    private Loaded load(DebugId id) {
        List<DebugFileIndex.Entry> entries = index.find(id);
        if (entries.isEmpty()) {
            return new Loaded(Optional.empty(), Optional.empty());
        }
        try {
            return entries.get(0).container() == SliceId.Container.ELF
                    ? ElfModuleLoader.load(id, entries, members, index)
                    : MachOModuleLoader.load(id, entries, members, diagnostics);
        } catch (CrashkitException e) {
            return Loaded.failed(e.getMessage());
        }
    }
}
