package dev.crashkit.symbolicate.format.macho.fixups;

import dev.crashkit.symbolicate.format.KaitaiGuard;
import dev.crashkit.core.ObjectFormatException;
import dev.crashkit.symbolicate.format.kaitai.MachoChainedFixups;
import dev.crashkit.symbolicate.format.macho.layout.ImageLayout;
import dev.crashkit.symbolicate.format.macho.layout.MalformedImageException;
import dev.crashkit.symbolicate.format.macho.layout.Printable;
import dev.crashkit.symbolicate.format.macho.layout.VmMemory;
import dev.crashkit.symbolicate.format.macho.layout.BoundedStream;
import io.kaitai.struct.KaitaiStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Walks every chain of an LC_DYLD_CHAINED_FIXUPS payload (ksy/macho_chained_fixups.ksy) and
 * decodes each slot: rebases to link-time addresses (authenticated ones too: on disk they hold a
 * 32-bit image offset, never a signature to strip), binds to their import's symbol name.
 *
 * <p>Hostile input: every offset and count is checked against the payload or the segment before
 * use; a chain may not leave its page (so each page costs at most page_size/stride steps, and a
 * loop is impossible because {@code next} only moves forward); one bad segment is a warning and the
 * others are still read.
 */
final class ChainedFixups {
    private static final int PAGE_NONE = 0xFFFF;
    private static final int MULTI_START = 0x8000;
    private static final int MAX_PAGE_SIZE = 1 << 20;

    private ChainedFixups() {
    }

    static Pointers read(VmMemory memory, ByteBuffer payload, Consumer<String> warn) throws ObjectFormatException {
        ImageLayout layout = memory.layout();
        Path file = layout.file();
        ByteBuffer blob = payload.duplicate().order(ByteOrder.LITTLE_ENDIAN);
        MachoChainedFixups h = KaitaiGuard.parse(file, "chained fixups header",
                () -> new MachoChainedFixups(new BoundedStream(blob.duplicate())));
        if (h.fixupsVersion() != 0) {
            throw new MalformedImageException(file + ": chained fixups version " + h.fixupsVersion() + ", expected 0");
        }
        List<String> imports = imports(file, blob, h, warn);
        MachoChainedFixups.StartsInImage starts = KaitaiGuard.parse(file, "chained fixups starts_in_image",
                h::startsInImage);
        List<ImageLayout.SegmentRange> segments = layout.segments();
        long segCount = starts.segCount();
        if (segCount > segments.size()) {
            warn.accept(file + ": chained fixups list " + segCount + " segments, the image has " + segments.size()
                    + "; the extra ones are ignored");
        }
        ByteBuffer bytes = layout.bytes().duplicate().order(ByteOrder.LITTLE_ENDIAN);
        KaitaiStream image = new BoundedStream(bytes);
        long imageBase = memory.imageBase();
        Pointers.Builder out = new Pointers.Builder(file);
        for (int i = 0; i < Math.min(segCount, segments.size()); i++) {
            long info = starts.segInfoOffset().get(i);
            if (info == 0) {
                continue;
            }
            try {
                long at = h.startsOffset() + info;
                if (at + 22 > blob.capacity()) {
                    throw new MalformedImageException(file + ": chained starts of segment " + i + " at payload offset "
                            + at + " are past its end (" + blob.capacity() + " bytes)");
                }
                MachoChainedFixups.StartsInSegment seg = KaitaiGuard.parse(file, "chained starts of segment " + i,
                        () -> new MachoChainedFixups.StartsInSegment(
                                new BoundedStream(blob.slice((int) at, blob.capacity() - (int) at))));
                walkSegment(file, image, segments.get(i), i, seg, imageBase, imports.size(), out);
            } catch (ObjectFormatException e) {
                warn.accept(e.getMessage());
            }
        }
        return out.build(memory, imports, true);
    }

    private static void walkSegment(Path file, KaitaiStream image, ImageLayout.SegmentRange seg, int index,
                                    MachoChainedFixups.StartsInSegment starts, long imageBase, int importCount,
                                    Pointers.Builder out) throws MalformedImageException {
        int code = starts.pointerFormat();
        PointerFormat format = PointerFormat.of(code).orElseThrow(() -> new MalformedImageException(file
                + ": segment " + Printable.quote(seg.name()) + " uses chained pointer format " + code + ", which is not read"));
        int pageSize = starts.pageSize();
        if (pageSize == 0 || pageSize > MAX_PAGE_SIZE) {
            throw new MalformedImageException(file + ": segment " + Printable.quote(seg.name()) + ": chained page size " + pageSize);
        }
        // Checked without overflow (both come from the file as unsigned 64-bit values): after this,
        // every offset below stays far from the long range's ends (found by fuzzing).
        if (seg.fileoff() < 0 || seg.filesize() < 0 || seg.fileoff() > image.size() - seg.filesize()) {
            throw new MalformedImageException(file + ": segment " + Printable.quote(seg.name()) + " extends past the end of the file");
        }
        long segEnd = seg.fileoff() + seg.filesize();
        List<Integer> pages = starts.pageStart();
        for (int p = 0; p < pages.size(); p++) {
            int start = pages.get(p);
            if (start == PAGE_NONE) {
                continue;
            }
            if ((start & MULTI_START) != 0) {
                throw new MalformedImageException(file + ": segment " + Printable.quote(seg.name()) + " page " + p
                        + ": multiple chain starts (a 32-bit format feature) in a 64-bit chain");
            }
            long pageFile = seg.fileoff() + (long) p * pageSize;
            long pageEnd = Math.min(pageFile + pageSize, segEnd);
            long off = pageFile + start;
            while (true) {
                if (off + 8 > pageEnd) {
                    throw new MalformedImageException(file + ": segment " + Printable.quote(seg.name()) + " page " + p
                            + ": chain reaches file offset " + off + ", outside its page");
                }
                image.seek(off);
                long slot = seg.vmaddr() + (off - seg.fileoff());
                long next = decode(image, format, slot, imageBase, importCount, out);
                if (next == 0) {
                    break;
                }
                off += next * format.stride;
            }
        }
    }

    /** Decodes the fixup at the stream's position into {@code out}; returns its {@code next} field. */
    private static long decode(KaitaiStream at, PointerFormat format, long slot, long imageBase, int importCount,
                               Pointers.Builder out) throws MalformedImageException {
        if (!format.arm64e) {
            MachoChainedFixups.ChainedPtr64 p = new MachoChainedFixups.ChainedPtr64(at);
            if (p.bind()) {
                bind(out, slot, p.ordinal(), importCount);
            } else {
                out.rebase(slot, format.offsetTargets ? imageBase + p.target() : p.target());
            }
            return p.next();
        }
        MachoChainedFixups.ChainedPtrArm64e p = new MachoChainedFixups.ChainedPtrArm64e(at);
        if (p.bind()) {
            bind(out, slot, format.ordinal24 ? p.ordinal24() : p.ordinal16(), importCount);
        } else if (p.auth()) {
            // Authenticated rebases store an offset from the image base; the signature is computed
            // at load time, so nothing here is a signed value to mask.
            out.rebase(slot, imageBase + p.authTarget());
        } else {
            out.rebase(slot, format.offsetTargets ? imageBase + p.target() : p.target());
        }
        return p.next();
    }

    private static void bind(Pointers.Builder out, long slot, int ordinal, int importCount)
            throws MalformedImageException {
        // An ordinal past the import table binds to nothing we can name: the slot still must not
        // be read as a plain address, so it is recorded as a bind without a name.
        out.bind(slot, ordinal < importCount ? ordinal : Integer.MAX_VALUE);
    }

    private static List<String> imports(Path file, ByteBuffer blob, MachoChainedFixups h, Consumer<String> warn)
            throws ObjectFormatException {
        long count = h.importsCount();
        int format = (int) (long) h.importsFormat();
        int size = switch (format) {
            case 1 -> 4;
            case 2 -> 8;
            case 3 -> 16;
            default -> throw new MalformedImageException(file + ": chained fixups imports format " + format);
        };
        long start = h.importsOffset();
        if (start + count * size > blob.capacity()) {
            throw new MalformedImageException(file + ": chained fixups declare " + count + " imports at payload offset "
                    + start + ", past its end (" + blob.capacity() + " bytes)");
        }
        if (h.symbolsFormat() != 0) {
            warn.accept(file + ": chained fixups symbol names are compressed (format " + h.symbolsFormat()
                    + "); bound classes stay unnamed");
            return List.of();
        }
        List<String> names = new ArrayList<>((int) count);
        KaitaiStream s = new BoundedStream(blob.duplicate());
        for (long i = 0; i < count; i++) {
            s.seek(start + i * size);
            long nameOffset = switch (format) {
                case 1 -> new MachoChainedFixups.Import(s, null, null, false).nameOffset();
                case 2 -> new MachoChainedFixups.Import(s, null, null, true).nameOffset();
                default -> new MachoChainedFixups.Import64(s).nameOffset();
            };
            names.add(cString(blob, h.symbolsOffset() + nameOffset).orElse(""));
        }
        return names;
    }

    private static java.util.Optional<String> cString(ByteBuffer blob, long at) {
        if (at < 0 || at >= blob.capacity()) {
            return java.util.Optional.empty();
        }
        int end = (int) at;
        while (end < blob.capacity() && blob.get(end) != 0) {
            end++;
        }
        if (end == blob.capacity() || end - at > VmMemory.MAX_STRING) {
            return java.util.Optional.empty();
        }
        byte[] utf8 = new byte[end - (int) at];
        blob.get((int) at, utf8);
        return java.util.Optional.of(new String(utf8, StandardCharsets.UTF_8));
    }
}
