package dev.crashkit.capture.report;

import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * An ELF image mapped in a process, as its program headers describe it.
 *
 * @param path       file path ({@code /proc/<pid>/exe} resolved for the main program)
 * @param bias       load bias: runtime address minus link-time address
 * @param segments   PT_LOAD segments at runtime addresses
 * @param buildId    GNU build-id read from the PT_NOTE in memory
 * @param ehFrameHdr runtime address of {@code .eh_frame_hdr} (PT_GNU_EH_FRAME)
 */
public record LoadedImage(String path, long bias, List<Segment> segments, Optional<byte[]> buildId,
                          OptionalLong ehFrameHdr) {
    /** A PT_LOAD segment at runtime addresses; {@code flags} are PF_X=1, PF_W=2, PF_R=4. */
    public record Segment(long start, long size, int flags, long fileOffset) {
        public boolean executable() {
            return (flags & 1) != 0;
        }

        public boolean contains(long address) {
            return Long.compareUnsigned(address, start) >= 0 && Long.compareUnsigned(address - start, size) < 0;
        }
    }

    public LoadedImage {
        segments = List.copyOf(segments);
    }

    /** Lowest mapped address. */
    public long start() {
        if (segments.isEmpty()) {
            return bias;
        }
        long min = Long.MAX_VALUE;
        for (Segment s : segments) {
            min = Math.min(min, s.start());
        }
        return min;
    }

    /** One past the highest mapped address. */
    public long end() {
        if (segments.isEmpty()) {
            return bias;
        }
        long max = Long.MIN_VALUE;
        for (Segment s : segments) {
            max = Math.max(max, s.start() + s.size());
        }
        return max;
    }

    public String name() {
        int slash = path.lastIndexOf('/');
        return slash < 0 ? path : path.substring(slash + 1);
    }

    public boolean contains(long address) {
        for (Segment s : segments) {
            if (s.contains(address)) {
                return true;
            }
        }
        return false;
    }

    public boolean executableAt(long address) {
        for (Segment s : segments) {
            if (s.executable() && s.contains(address)) {
                return true;
            }
        }
        return false;
    }
}
