package dev.crashkit.symbolicate.format.macho.fixups;

import dev.crashkit.symbolicate.format.KaitaiGuard;
import dev.crashkit.core.ObjectFormatException;
import dev.crashkit.symbolicate.format.kaitai.MachoBindOpcodes;
import dev.crashkit.symbolicate.format.macho.layout.ImageLayout;
import dev.crashkit.symbolicate.format.macho.layout.MalformedImageException;
import dev.crashkit.symbolicate.format.macho.layout.Printable;
import dev.crashkit.symbolicate.format.macho.layout.VmMemory;
import dev.crashkit.symbolicate.format.macho.layout.BoundedStream;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Runs the LC_DYLD_INFO bind opcodes (ksy/macho_bind_opcodes.ksy) to find which pointer slots dyld
 * binds to a symbol of another image. In these images rebased slots already hold their link-time
 * address, so binds are all that is needed to read pointers right.
 *
 * <p>Hostile input: the segment index and every slot must lie inside the image; a repeat count
 * is capped by the slots its segment can hold; threaded (arm64e) binds are not read.
 */
final class DyldInfoBinds {
    private static final int DONE = 0x00;
    private static final int SET_SYMBOL = 0x40;
    private static final int SET_SEGMENT_AND_OFFSET_ULEB = 0x70;
    private static final int ADD_ADDR_ULEB = 0x80;
    private static final int DO_BIND = 0x90;
    private static final int DO_BIND_ADD_ADDR_ULEB = 0xa0;
    private static final int DO_BIND_ADD_ADDR_IMM_SCALED = 0xb0;
    private static final int DO_BIND_ULEB_TIMES_SKIPPING_ULEB = 0xc0;
    private static final int THREADED = 0xd0;

    private DyldInfoBinds() {
    }

    static Pointers read(VmMemory memory, ByteBuffer opcodes, Consumer<String> warn) throws ObjectFormatException {
        ImageLayout layout = memory.layout();
        MachoBindOpcodes program = KaitaiGuard.parse(layout.file(), "bind opcodes",
                () -> new MachoBindOpcodes(new BoundedStream(opcodes.duplicate())));
        List<ImageLayout.SegmentRange> segments = layout.segments();
        Map<String, Integer> importIndex = new HashMap<>();
        List<String> names = new ArrayList<>();
        Pointers.Builder out = new Pointers.Builder(layout.file());
        String symbol = "";
        ImageLayout.SegmentRange seg = null;
        long offset = 0;
        try {
            for (MachoBindOpcodes.Op op : program.ops()) {
                int opcode = op.opcode();
                switch (opcode) {
                    case DONE -> {
                        return out.build(memory, names, false);
                    }
                    case SET_SYMBOL -> symbol = op.symbol();
                    case SET_SEGMENT_AND_OFFSET_ULEB -> {
                        int s = op.immediate();
                        if (s >= segments.size()) {
                            throw new MalformedImageException(layout.file() + ": bind opcode names segment " + s
                                    + ", the image has " + segments.size());
                        }
                        seg = segments.get(s);
                        offset = op.uleb().value();
                    }
                    case ADD_ADDR_ULEB -> offset += op.uleb().value();
                    case DO_BIND, DO_BIND_ADD_ADDR_ULEB, DO_BIND_ADD_ADDR_IMM_SCALED -> {
                        bind(layout, seg, offset, symbol, importIndex, names, out);
                        offset += 8;
                        if (opcode == DO_BIND_ADD_ADDR_ULEB) {
                            offset += op.uleb().value();
                        } else if (opcode == DO_BIND_ADD_ADDR_IMM_SCALED) {
                            offset += op.immediate() * 8L;
                        }
                    }
                    case DO_BIND_ULEB_TIMES_SKIPPING_ULEB -> {
                        long count = op.uleb().value();
                        long skip = op.skip().value();
                        if (seg == null || Long.compareUnsigned(count, seg.vmsize() / 8 + 1) > 0) {
                            throw new MalformedImageException(layout.file() + ": bind opcode repeats "
                                    + Long.toUnsignedString(count) + " times, more than its segment holds");
                        }
                        for (long i = 0; i < count; i++) {
                            bind(layout, seg, offset, symbol, importIndex, names, out);
                            offset += 8 + skip;
                        }
                    }
                    case THREADED -> throw new MalformedImageException(layout.file()
                            + ": threaded binds (old arm64e linkers) are not read");
                    default -> {
                        // SET_DYLIB_ORDINAL_*, SET_TYPE_IMM, SET_ADDEND_SLEB: nothing a name needs.
                        if (opcode > THREADED) {
                            throw new MalformedImageException(layout.file() + ": unknown bind opcode 0x"
                                    + Integer.toHexString(op.opcodeAndImmediate()));
                        }
                    }
                }
            }
        } catch (MalformedImageException e) {
            warn.accept(e.getMessage() + "; binds after it are ignored");
        }
        return out.build(memory, names, false);
    }

    private static void bind(ImageLayout layout, ImageLayout.SegmentRange seg, long offset, String symbol,
                             Map<String, Integer> importIndex, List<String> names, Pointers.Builder out)
            throws MalformedImageException {
        if (seg == null || Long.compareUnsigned(offset, seg.vmsize()) >= 0 || seg.vmsize() - offset < 8) {
            throw new MalformedImageException(layout.file() + ": bind at offset 0x" + Long.toHexString(offset)
                    + " is outside " + (seg == null ? "any segment" : "segment " + Printable.quote(seg.name())));
        }
        Integer index = importIndex.computeIfAbsent(symbol, k -> {
            names.add(k);
            return names.size() - 1;
        });
        out.bind(seg.vmaddr() + offset, index);
    }
}
