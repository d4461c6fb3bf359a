package dev.crashkit.symbolicate.symbolize;

import dev.crashkit.core.ObjectFormatException;
import dev.crashkit.core.unwind.ByteMemory;
import dev.crashkit.core.unwind.CfiSection;
import dev.crashkit.core.unwind.CodeMap;
import dev.crashkit.core.unwind.Fde;
import dev.crashkit.core.unwind.FdeIndex;
import dev.crashkit.core.unwind.Memory;
import dev.crashkit.core.unwind.Registers;
import dev.crashkit.core.unwind.ScannedFdeIndex;
import dev.crashkit.symbolicate.format.ObjectFile;
import dev.crashkit.symbolicate.format.ObjectSegment;
import dev.crashkit.symbolicate.format.UnwindSection;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The code of a process rebuilt offline from its object files and their load biases (as a capture
 * report lists them): segment bytes at runtime addresses, and CFI from {@code .eh_frame} (or
 * {@code .debug_frame} of an unstripped file), and a Mach-O image's compact unwind information
 * ({@code __unwind_info}, {@link CompactUnwindRules}). With a recorded stack window and registers this
 * re-unwinds a thread exactly as the capture did, given the same binaries.
 */
public final class ObjectCodeMap implements CodeMap {
    /** One mapped file. */
    public record Module(ObjectFile object, long bias) {
    }

    /** @param ehFrame the runtime address of the module's {@code .eh_frame} / {@code __eh_frame}, when read */
    private record Loaded(Module module, List<ObjectSegment> segments, Optional<FdeIndex> cfi,
                          Optional<CompactUnwindRules> compact, OptionalLong ehFrame) {
    }

    private final List<Loaded> modules = new ArrayList<>();
    private final Memory memory;

    public ObjectCodeMap(List<Module> files) {
        List<ByteMemory> mapped = new ArrayList<>();
        for (Module m : files) {
            List<ObjectSegment> segments = m.object().segments();
            for (ObjectSegment s : segments) {
                if (s.fileSize() > 0) {
                    try {
                        mapped.add(new ByteMemory(s.address() + m.bias(), copy(m.object().segmentData(s))));
                    } catch (ObjectFormatException e) {
                        // A segment past the end of a truncated file: its code is simply not there.
                    }
                }
            }
            modules.add(new Loaded(m, segments, cfi(m), CompactUnwindRules.of(m.object(), m.bias()), ehFrame(m)));
        }
        this.memory = (address, dst, off, len) -> {
            for (ByteMemory b : mapped) {
                if (b.contains(address)) {
                    return b.read(address, dst, off, len);
                }
            }
            return 0;
        };
    }

    /** {@code .eh_frame} first; {@code .debug_frame} for code it does not cover (gcc -g without unwind tables). */
    private static Optional<FdeIndex> cfi(Module m) {
        List<UnwindSection> sections;
        try {
            sections = m.object().unwindSections();
        } catch (ObjectFormatException e) {
            return Optional.empty(); // unreadable CFI: frame pointers and scanning remain
        }
        Optional<FdeIndex> eh = Optional.empty();
        Optional<FdeIndex> debug = Optional.empty();
        for (UnwindSection u : sections) {
            try {
                if (!u.debugFrame() && eh.isEmpty()) {
                    ByteMemory b = new ByteMemory(u.address() + m.bias(), copy(u.data()));
                    eh = Optional.of(ScannedFdeIndex.scan(new CfiSection(b, b.base(), false), b.size()));
                } else if (u.debugFrame() && debug.isEmpty()) {
                    // .debug_frame holds link-time addresses: look up unbiased, answer biased.
                    ByteMemory b = new ByteMemory(0, copy(u.data()));
                    ScannedFdeIndex idx = ScannedFdeIndex.scan(new CfiSection(b, 0, true), b.size());
                    long bias = m.bias();
                    debug = Optional.of(pc -> idx.find(pc - bias).map(f ->
                            new Fde(f.address(), f.cie(), f.pcBegin() + bias, f.pcEnd() + bias, f.instructions())));
                }
            } catch (ObjectFormatException e) {
                // This section is unreadable; the other one (if any) still serves.
            }
        }
        if (eh.isEmpty() || debug.isEmpty()) {
            return eh.isPresent() ? eh : debug;
        }
        FdeIndex first = eh.get();
        FdeIndex second = debug.get();
        return Optional.of(pc -> {
            Optional<Fde> f = first.find(pc);
            return f.isPresent() ? f : second.find(pc);
        });
    }

    private static OptionalLong ehFrame(Module m) {
        try {
            return m.object().unwindSections().stream().filter(u -> !u.debugFrame())
                    .mapToLong(u -> u.address() + m.bias()).findFirst();
        } catch (ObjectFormatException e) {
            return OptionalLong.empty();
        }
    }

    private static byte[] copy(ByteBuffer buf) {
        byte[] b = new byte[buf.remaining()];
        buf.duplicate().get(b);
        return b;
    }

    /** The files' loadable bytes at runtime addresses (code for return-address checks, CFI). */
    public Memory memory() {
        return memory;
    }

    private Optional<Loaded> at(long address) {
        for (Loaded l : modules) {
            long rel = address - l.module().bias();
            for (ObjectSegment s : l.segments()) {
                if (s.contains(rel)) {
                    return Optional.of(l);
                }
            }
        }
        return Optional.empty();
    }

    @Override
    public boolean isExecutable(long address) {
        Optional<Loaded> l = at(address);
        if (l.isEmpty()) {
            return false;
        }
        long rel = address - l.get().module().bias();
        return l.get().segments().stream().anyMatch(s -> s.executable() && s.contains(rel));
    }

    /**
     * The image's CFI, unless its compact unwind information has a rule of its own for {@code pc}
     * (then {@link #callerByRules} answers; a DWARF-mode encoding names the image's __eh_frame).
     */
    @Override
    public Optional<FdeIndex> cfiFor(long pc) {
        Optional<Loaded> l = at(pc);
        if (l.isEmpty() || l.get().compact().isEmpty()) {
            return l.flatMap(Loaded::cfi);
        }
        CompactUnwindRules compact = l.get().compact().get();
        CompactUnwindRules.Kind kind = compact.kindAt(pc);
        if (kind == CompactUnwindRules.Kind.COMPACT) {
            return Optional.empty();
        }
        OptionalLong fde = compact.fdeOffsetAt(pc);
        if (kind == CompactUnwindRules.Kind.DWARF && fde.isPresent() && l.get().ehFrame().isPresent()
                && l.get().cfi().isPresent()) {
            // The FDE the encoding names: the one covering the PC must start at that offset.
            long at = l.get().ehFrame().getAsLong() + fde.getAsLong();
            FdeIndex index = l.get().cfi().get();
            return Optional.of(p -> index.find(p).filter(f -> f.address() == at));
        }
        return l.flatMap(Loaded::cfi);
    }

    /** A Mach-O image's compact unwind rule for {@code lookup}. */
    @Override
    public Optional<RuleCaller> callerByRules(long lookup, Registers callee, Memory memory) {
        return at(lookup).flatMap(Loaded::compact).flatMap(c -> c.caller(lookup, callee, memory));
    }
}
