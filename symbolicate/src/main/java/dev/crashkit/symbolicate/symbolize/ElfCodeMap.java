package dev.crashkit.symbolicate.symbolize;

import dev.crashkit.core.ObjectFormatException;
import dev.crashkit.core.unwind.ByteMemory;
import dev.crashkit.core.unwind.CfiSection;
import dev.crashkit.core.unwind.CodeMap;
import dev.crashkit.core.unwind.Fde;
import dev.crashkit.core.unwind.FdeIndex;
import dev.crashkit.core.unwind.Memory;
import dev.crashkit.core.unwind.ScannedFdeIndex;
import dev.crashkit.symbolicate.format.elf.ElfFile;
import dev.crashkit.symbolicate.format.elf.ElfSection;
import dev.crashkit.symbolicate.format.elf.ElfSegment;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The code of a process rebuilt offline from its ELF files and their load biases (as a capture
 * report lists them): PT_LOAD bytes at runtime addresses, and CFI from {@code .eh_frame} (or
 * {@code .debug_frame} of an unstripped file). With a recorded stack window and registers this
 * re-unwinds a thread exactly as the capture did, given the same binaries.
 */
public final class ElfCodeMap implements CodeMap {
    /** One mapped file. */
    public record Module(ElfFile elf, long bias) {
    }

    private record Loaded(Module module, List<ElfSegment> loads, Optional<FdeIndex> cfi) {
    }

    private final List<Loaded> modules = new ArrayList<>();
    private final Memory memory;

    public ElfCodeMap(List<Module> files) throws IOException {
        List<ByteMemory> segments = new ArrayList<>();
        for (Module m : files) {
            byte[] file = Files.readAllBytes(m.elf().path());
            List<ElfSegment> loads = m.elf().loadSegments();
            for (ElfSegment s : loads) {
                if (s.filesz() > 0 && s.offset() + s.filesz() <= file.length) {
                    segments.add(new ByteMemory(s.vaddr() + m.bias(),
                            java.util.Arrays.copyOfRange(file, (int) s.offset(), (int) (s.offset() + s.filesz()))));
                }
            }
            modules.add(new Loaded(m, loads, cfi(m)));
        }
        this.memory = (address, dst, off, len) -> {
            for (ByteMemory b : segments) {
                if (b.contains(address)) {
                    return b.read(address, dst, off, len);
                }
            }
            return 0;
        };
    }

    /** {@code .eh_frame} first; {@code .debug_frame} for code it does not cover (gcc -g without unwind tables). */
    private static Optional<FdeIndex> cfi(Module m) {
        Optional<FdeIndex> eh = Optional.empty();
        Optional<FdeIndex> debug = Optional.empty();
        try {
            Optional<ElfSection> s = m.elf().section(".eh_frame");
            if (s.isPresent() && !s.get().isNoBits() && s.get().size() > 0) {
                ByteMemory b = bytes(m.elf(), s.get(), s.get().addr() + m.bias());
                eh = Optional.of(ScannedFdeIndex.scan(new CfiSection(b, b.base(), false), b.size()));
            }
        } catch (ObjectFormatException e) {
            // Unreadable .eh_frame: .debug_frame, frame pointers and scanning remain.
        }
        try {
            Optional<ElfSection> s = m.elf().section(".debug_frame");
            if (s.isPresent() && !s.get().isNoBits() && s.get().size() > 0) {
                // .debug_frame holds link-time addresses: look up unbiased, answer biased.
                ByteMemory b = bytes(m.elf(), s.get(), 0);
                ScannedFdeIndex idx = ScannedFdeIndex.scan(new CfiSection(b, 0, true), b.size());
                long bias = m.bias();
                debug = Optional.of(pc -> idx.find(pc - bias).map(f ->
                        new Fde(f.address(), f.cie(), f.pcBegin() + bias, f.pcEnd() + bias, f.instructions())));
            }
        } catch (ObjectFormatException e) {
            // Unreadable .debug_frame: .eh_frame alone.
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

    private static ByteMemory bytes(ElfFile elf, ElfSection s, long at) throws ObjectFormatException {
        ByteBuffer buf = elf.sectionData(s);
        byte[] b = new byte[buf.remaining()];
        buf.duplicate().get(b);
        return new ByteMemory(at, b);
    }

    /** The files' loadable bytes at runtime addresses (code for return-address checks, CFI). */
    public Memory memory() {
        return memory;
    }

    private Optional<Loaded> at(long address) {
        for (Loaded l : modules) {
            long rel = address - l.module().bias();
            for (ElfSegment s : l.loads()) {
                if (Long.compareUnsigned(rel - s.vaddr(), s.memsz()) < 0) {
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
        return l.get().loads().stream().anyMatch(s -> s.isExecutable() && Long.compareUnsigned(rel - s.vaddr(),
                s.memsz()) < 0);
    }

    @Override
    public Optional<FdeIndex> cfiFor(long pc) {
        return at(pc).flatMap(Loaded::cfi);
    }
}
