package dev.crashkit.symbolicate.format.macho.names;

import dev.crashkit.core.ObjectFormatException;
import dev.crashkit.symbolicate.format.macho.fixups.Fixups;
import dev.crashkit.symbolicate.format.macho.fixups.Pointers;
import dev.crashkit.symbolicate.format.macho.layout.ImageLayout;
import dev.crashkit.symbolicate.format.macho.layout.LinkeditCommands;
import dev.crashkit.symbolicate.format.macho.layout.VmMemory;
import dev.crashkit.symbolicate.format.macho.objc.ObjcMetadata;
import dev.crashkit.symbolicate.format.macho.objc.ObjcMethod;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Functions of an image without symbols: boundaries from LC_FUNCTION_STARTS plus every named
 * address, names from the export trie, Objective-C metadata and Swift type descriptors (in that
 * order of preference, see {@link NameSource}). Only addresses inside code sections count; each
 * function ends at the next boundary or the end of its section. Immutable sorted arrays searched
 * by binary search; safe to share between threads.
 */
public final class StrippedNames {
    private final long[] starts;
    private final long[] ends;
    private final String[] names;
    private final NameSource[] sources;

    private StrippedNames(long[] starts, long[] ends, String[] names, NameSource[] sources) {
        this.starts = starts;
        this.ends = ends;
        this.names = names;
        this.sources = sources;
    }

    /** An index that knows nothing. */
    public static StrippedNames empty() {
        return new StrippedNames(new long[0], new long[0], new String[0], new NameSource[0]);
    }

    /**
     * Reads every name source of {@code layout}. Never fails: what cannot be read is reported to
     * {@code warn} (one line each, naming the file) and left out.
     */
    public static StrippedNames build(ImageLayout layout, Consumer<String> warn) {
        LinkeditCommands commands;
        try {
            commands = LinkeditCommands.read(layout, warn);
        } catch (ObjectFormatException e) {
            warn.accept(e.getMessage());
            return empty();
        }
        VmMemory memory = new VmMemory(layout);
        long base = memory.imageBase();
        long[] functionStarts = new long[0];
        if (commands.functionStarts().isPresent()) {
            try {
                functionStarts = FunctionStarts.decode(layout.file(), commands.functionStarts().get(), base);
            } catch (ObjectFormatException e) {
                warn.accept(e.getMessage());
            }
        }
        Map<Long, Candidate> named = new HashMap<>();
        if (commands.exportsTrie().isPresent()) {
            for (ExportTrie.Export e : ExportTrie.read(layout.file(), commands.exportsTrie().get(), base, warn)) {
                offer(named, e.address(), e.name().startsWith("_") ? e.name().substring(1) : e.name(), NameSource.EXPORTS);
            }
        }
        Pointers pointers = Fixups.of(memory, commands, warn);
        for (ObjcMethod m : ObjcMetadata.read(memory, pointers, warn)) {
            offer(named, m.imp(), m.name(), NameSource.OBJC);
        }
        for (SwiftTypes.Accessor a : SwiftTypes.read(memory, pointers, warn)) {
            offer(named, a.address(), a.name(), NameSource.SWIFT);
        }
        return index(layout, functionStarts, named);
    }

    /** A name offered for an address by one source. */
    private record Candidate(String name, NameSource source) {
        /** True when this candidate beats {@code other}: the better source, then the smaller name (deterministic for ICF aliases). */
        boolean beats(Candidate other) {
            int bySource = source.compareTo(other.source);
            return bySource != 0 ? bySource < 0 : name.compareTo(other.name) < 0;
        }
    }

    private static void offer(Map<Long, Candidate> named, long address, String name, NameSource source) {
        if (name.isEmpty()) {
            return; // an export of "_" or of the empty string (found by fuzzing): no name to print
        }
        Candidate c = new Candidate(name, source);
        named.merge(address, c, (old, now) -> now.beats(old) ? now : old);
    }

    private static StrippedNames index(ImageLayout layout, long[] functionStarts, Map<Long, Candidate> named) {
        List<ImageLayout.SectionRange> code = layout.sections().stream()
                .filter(ImageLayout.SectionRange::hasInstructions).toList();
        long[] all = new long[functionStarts.length + named.size()];
        System.arraycopy(functionStarts, 0, all, 0, functionStarts.length);
        int n = functionStarts.length;
        for (long a : named.keySet()) {
            all[n++] = a;
        }
        Arrays.sort(all);
        long[] starts = new long[all.length];
        long[] ends = new long[all.length];
        String[] names = new String[all.length];
        NameSource[] sources = new NameSource[all.length];
        int m = 0;
        for (int i = 0; i < all.length; i++) {
            long a = all[i];
            if (i > 0 && all[i - 1] == a) {
                continue;
            }
            Optional<ImageLayout.SectionRange> section = code.stream().filter(s -> s.contains(a)).findFirst();
            if (section.isEmpty()) {
                continue; // a data export, or a start outside code: never where a pc is
            }
            long end = section.get().addr() + section.get().size();
            for (int j = i + 1; j < all.length; j++) {
                if (all[j] != a) {
                    end = Math.min(end, all[j]);
                    break;
                }
            }
            Candidate c = named.get(a);
            starts[m] = a;
            ends[m] = end;
            names[m] = c == null ? null : c.name();
            sources[m] = c == null ? NameSource.FUNCTION_STARTS : c.source();
            m++;
        }
        return new StrippedNames(Arrays.copyOf(starts, m), Arrays.copyOf(ends, m), Arrays.copyOf(names, m),
                Arrays.copyOf(sources, m));
    }

    /** The function holding link-time {@code address}, if any boundary or name covers it. */
    public Optional<NameHit> lookup(long address) {
        int i = Arrays.binarySearch(starts, address);
        if (i < 0) {
            i = -i - 2;
        }
        if (i < 0 || address >= ends[i]) {
            return Optional.empty();
        }
        return Optional.of(new NameHit(starts[i], ends[i], Optional.ofNullable(names[i]), sources[i]));
    }

    /** Number of functions known. */
    public int size() {
        return starts.length;
    }

    /** Function {@code i} in address order (for tests and tools). */
    public NameHit get(int i) {
        return new NameHit(starts[i], ends[i], Optional.ofNullable(names[i]), sources[i]);
    }
}
