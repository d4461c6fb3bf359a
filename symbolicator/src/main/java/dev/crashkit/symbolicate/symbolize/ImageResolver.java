package dev.crashkit.symbolicate.symbolize;

import dev.crashkit.core.model.Image;
import dev.crashkit.symbolicate.bytes.SortedAddresses;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * Finds the report image holding a runtime address. Ranges come from the report
 * ({@code [load, load + size)}) or, when it gives no size, from the matched file's segments
 * moved by the slide. Built once per report; ranges sorted for binary search.
 */
final class ImageResolver {
    private final long[] starts;
    private final long[] ends;
    private final int[] owners;
    private final List<MatchedImage> images;
    private final boolean[] bounded;

    ImageResolver(List<MatchedImage> images) {
        this.images = images;
        this.bounded = new boolean[images.size()];
        List<long[]> ranges = new ArrayList<>();
        for (int i = 0; i < images.size(); i++) {
            Image img = images.get(i).image();
            Optional<DebugModule> module = images.get(i).module();
            if (img.size().isPresent() && img.size().getAsLong() > 0) {
                ranges.add(new long[] {img.loadAddress(), img.loadAddress() + img.size().getAsLong(), i});
                bounded[i] = true;
            } else if (module.isPresent()) {
                for (LinkRange r : module.get().ranges()) {
                    long start = r.start() + images.get(i).slide();
                    ranges.add(new long[] {start, start + r.size(), i});
                }
                bounded[i] = true;
            }
        }
        ranges.sort(BY_START);
        // Loops, not streams and lambdas: built once per report, each lambda linked at run time.
        starts = new long[ranges.size()];
        ends = new long[ranges.size()];
        owners = new int[ranges.size()];
        for (int r = 0; r < ranges.size(); r++) {
            starts[r] = ranges.get(r)[0];
            ends[r] = ranges.get(r)[1];
            owners[r] = (int) ranges.get(r)[2];
        }
    }

    /** Ranges by unsigned start (a class, not a lambda: nothing linked at run time). */
    private static final Comparator<long[]> BY_START = new Comparator<>() {
        @Override
        public int compare(long[] a, long[] b) {
            return Long.compareUnsigned(a[0], b[0]);
        }
    };

    /**
     * The image holding {@code address}. When no known range holds it, the nearest image below it
     * whose extent is unknown (no size, no debug file) is assumed.
     */
    Optional<MatchedImage> find(long address) {
        int i = index(address);
        return i < 0 ? Optional.empty() : Optional.of(images.get(i));
    }

    /** The images, in the order {@link #index} counts them. */
    List<MatchedImage> images() {
        return images;
    }

    /** As {@link #find}, the image's position in {@link #images}, or -1 (no Optional made per frame). */
    int index(long address) {
        int j = lastStartAtOrBelow(address);
        // Ranges of different images do not overlap in a sane report, but segments of one image
        // can leave gaps; looking a few ranges back covers both without a full scan.
        for (int i = j; i >= 0 && i >= j - 8; i--) {
            if (Long.compareUnsigned(address, ends[i]) < 0) {
                return owners[i];
            }
        }
        return unbounded(address, j);
    }

    /**
     * The image without a known end that {@code address} falls in, or -1 ({@code j}: the last bounded range
     * starting at or below it). Out of {@link #index}'s way: C1 compiles it only when used.
     */
    private int unbounded(long address, int j) {
        int best = -1;
        for (int i = 0; i < images.size(); i++) {
            long load = images.get(i).image().loadAddress();
            if (!bounded[i] && Long.compareUnsigned(load, address) <= 0
                    && (best < 0 || Long.compareUnsigned(load, images.get(best).image().loadAddress()) > 0)) {
                best = i;
            }
        }
        if (best >= 0) {
            // Only if no bounded image starts between it and the address.
            long load = images.get(best).image().loadAddress();
            if (j >= 0 && Long.compareUnsigned(starts[j], load) > 0) {
                return -1;
            }
        }
        return best;
    }

    private int lastStartAtOrBelow(long address) {
        return SortedAddresses.floor(starts, address);
    }

    @Override
    public String toString() {
        return "ImageResolver" + Arrays.toString(starts);
    }
}
