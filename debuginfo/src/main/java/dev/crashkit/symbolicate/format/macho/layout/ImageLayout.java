package dev.crashkit.symbolicate.format.macho.layout;

import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.List;

/**
 * One thin Mach-O image as the name readers see it. Implemented by an adapter over whatever
 * parsed the image's header (the symbolicator's own Mach-O model), so these readers stay
 * independent of it.
 */
public interface ImageLayout {
    /** The file, for messages. */
    Path file();

    /** The whole slice (offset 0 = the Mach-O header); read with absolute gets only. */
    ByteBuffer bytes();

    /** LC_SEGMENT_64 commands in load-command order (__PAGEZERO included: chained fixups index by it). */
    List<SegmentRange> segments();

    /** All sections, in load-command order. */
    List<SectionRange> sections();

    /** A segment's address range and where its bytes are in the slice. */
    record SegmentRange(String name, long vmaddr, long vmsize, long fileoff, long filesize) {
    }

    /** A section's address range, file offset (0 for zero-fill) and flags. */
    record SectionRange(String segment, String name, long addr, long size, long offset, int flags) {
        private static final int S_ATTR_PURE_INSTRUCTIONS = 0x80000000;
        private static final int S_ATTR_SOME_INSTRUCTIONS = 0x00000400;

        /** True for sections that hold machine code. */
        public boolean hasInstructions() {
            return (flags & (S_ATTR_PURE_INSTRUCTIONS | S_ATTR_SOME_INSTRUCTIONS)) != 0;
        }

        public boolean contains(long address) {
            return Long.compareUnsigned(address, addr) >= 0 && Long.compareUnsigned(address - addr, size) < 0;
        }
    }
}
