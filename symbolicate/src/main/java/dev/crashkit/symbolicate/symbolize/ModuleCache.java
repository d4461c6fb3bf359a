package dev.crashkit.symbolicate.symbolize;

import dev.crashkit.core.CrashkitException;
import dev.crashkit.core.model.DebugId;
import dev.crashkit.symbolicate.locate.ArchiveLimits;
import dev.crashkit.symbolicate.locate.SliceId;
import dev.crashkit.symbolicate.sources.DebugFileSource;
import dev.crashkit.symbolicate.sources.FetchedFile;
import java.util.Collection;
import java.util.List;
import java.util.Map;
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
    private final DebugFileSource remote;
    private final ConcurrentHashMap<DebugId, FetchedFile> fetched = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<DebugId, Loaded> loaded = new ConcurrentHashMap<>();

    /** Archive members are extracted into a temporary folder removed at exit. */
    public ModuleCache(DebugFileIndex index) {
        this(index, new MemberStore(Optional.empty(), ArchiveLimits.defaults()));
    }

    public ModuleCache(DebugFileIndex index, MemberStore members) {
        this(index, members, DebugFileSource.none());
    }

    /** With {@code remote} asked (by {@link #prefetch}) for identities no indexed file has. */
    public ModuleCache(DebugFileIndex index, MemberStore members, DebugFileSource remote) {
        this.index = index;
        this.members = members;
        this.remote = remote;
    }

    /** True when a remote source is configured, so {@link #prefetch} is worth calling. */
    public boolean hasRemote() {
        return remote != DebugFileSource.none();
    }

    /**
     * Fetches from the remote source, in parallel, the identities that no indexed file has, so
     * that {@link #get} finds them. Only images that frames point into are worth this.
     */
    public void prefetch(Collection<DebugId> ids) {
        List<DebugId> missing = ids.stream().filter(id -> index.find(id).isEmpty() && !fetched.containsKey(id)).toList();
        if (missing.isEmpty()) {
            return;
        }
        Map<DebugId, FetchedFile> got = remote.fetchAll(missing);
        fetched.putAll(got);
        // A get() before the fetch remembered "no file": forget that answer.
        got.keySet().forEach(id -> loaded.computeIfPresent(id,
                (k, v) -> v.module().isEmpty() && v.error().isEmpty() ? null : v));
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
        FetchedFile f = fetched.get(id);
        if (entries.isEmpty() && f != null) {
            entries = List.of(new DebugFileIndex.Entry(id, f.file(), f.slice().arch(), f.slice().debugInfo(),
                    f.slice().container(), f.file().getFileName().toString(), Optional.empty()));
        }
        if (entries.isEmpty()) {
            return new Loaded(Optional.empty(), Optional.empty());
        }
        try {
            return entries.get(0).container() == SliceId.Container.ELF
                    ? ElfModuleLoader.load(id, entries, members, index)
                    : MachOModuleLoader.load(id, entries, members);
        } catch (CrashkitException e) {
            return Loaded.failed(e.getMessage());
        }
    }
}
