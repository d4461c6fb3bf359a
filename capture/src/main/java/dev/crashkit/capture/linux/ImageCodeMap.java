package dev.crashkit.capture.linux;

import dev.crashkit.capture.report.LoadedImage;
import dev.crashkit.core.unwind.CfiException;
import dev.crashkit.core.unwind.CodeMap;
import dev.crashkit.core.unwind.EhFrameHdrIndex;
import dev.crashkit.core.unwind.FdeIndex;
import dev.crashkit.core.unwind.Memory;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The unwinder's view of a process's code: images' executable segments and {@code .eh_frame}
 * (through {@code .eh_frame_hdr} in memory, so no file is opened), plus executable anonymous
 * mappings such as the JVM's code cache. CFI indexes can be kept across snapshots of one process.
 */
public final class ImageCodeMap implements CodeMap {
    private final List<LoadedImage> images;
    private final long[] starts;
    private final ProcMaps maps;
    private final Memory memory;
    private final Map<String, Optional<FdeIndex>> cache;
    // Every segment of every image, sorted: the unwinder asks isExecutable() thousands of times
    // per snapshot (each scanned stack word), so it gets a binary search with no allocation.
    private final long[] segStart;
    private final long[] segEnd;
    private final boolean[] segExec;
    private final int[] segImage;
    // CFI per image for this snapshot, looked up in the shared cache once per image.
    private final Optional<FdeIndex>[] cfi;

    /**
     * @param cache CFI indexes by image identity; pass the same map to later snapshots of the same
     *              process to skip re-reading the tables
     */
    public ImageCodeMap(List<LoadedImage> images, ProcMaps maps, Memory memory, Map<String, Optional<FdeIndex>> cache) {
        // Plain loops and an insertion sort, no streams or lambdas: each lambda costs a first
        // snapshot a generated class, and a few hundred segments sort in no time.
        LoadedImage[] byStart = images.toArray(new LoadedImage[0]);
        long[] imageStart = new long[byStart.length];
        for (int i = 0; i < byStart.length; i++) {
            imageStart[i] = byStart[i].start();
        }
        for (int i = 1; i < byStart.length; i++) {
            for (int j = i; j > 0 && Long.compareUnsigned(imageStart[j - 1], imageStart[j]) > 0; j--) {
                long t = imageStart[j];
                imageStart[j] = imageStart[j - 1];
                imageStart[j - 1] = t;
                LoadedImage u = byStart[j];
                byStart[j] = byStart[j - 1];
                byStart[j - 1] = u;
            }
        }
        this.images = List.of(byStart);
        this.starts = imageStart;
        this.maps = maps;
        this.memory = memory;
        this.cache = cache;
        int n = 0;
        for (LoadedImage img : byStart) {
            n += img.segments().size();
        }
        segStart = new long[n];
        segEnd = new long[n];
        segExec = new boolean[n];
        segImage = new int[n];
        int k = 0;
        for (int i = 0; i < byStart.length; i++) {
            for (LoadedImage.Segment sg : byStart[i].segments()) {
                int j = k++;
                // Insert in order of start.
                while (j > 0 && Long.compareUnsigned(segStart[j - 1], sg.start()) > 0) {
                    segStart[j] = segStart[j - 1];
                    segEnd[j] = segEnd[j - 1];
                    segExec[j] = segExec[j - 1];
                    segImage[j] = segImage[j - 1];
                    j--;
                }
                segStart[j] = sg.start();
                segEnd[j] = sg.start() + sg.size();
                segExec[j] = sg.executable();
                segImage[j] = i;
            }
        }
        @SuppressWarnings("unchecked")
        Optional<FdeIndex>[] none = new Optional[byStart.length];
        cfi = none;
    }

    /** Index into segStart of the segment holding {@code address}, or -1. */
    private int segment(long address) {
        int lo = 0;
        int hi = segStart.length - 1;
        int best = -1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (Long.compareUnsigned(segStart[mid], address) <= 0) {
                best = mid;
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        return best >= 0 && Long.compareUnsigned(address, segEnd[best]) < 0 ? best : -1;
    }

    public static Map<String, Optional<FdeIndex>> newCache() {
        return new ConcurrentHashMap<>();
    }

    /** The image holding {@code address}. */
    public Optional<LoadedImage> image(long address) {
        int i = java.util.Arrays.binarySearch(starts, address);
        if (i < 0) {
            i = -i - 2;
        }
        // Images can interleave with others' gaps; look back a few.
        for (int j = i; j >= 0 && j >= i - 4; j--) {
            if (images.get(j).contains(address)) {
                return Optional.of(images.get(j));
            }
        }
        return Optional.empty();
    }

    @Override
    public boolean isExecutable(long address) {
        int s = segment(address);
        return s >= 0 ? segExec[s] : maps.isExecutable(address);
    }

    @Override
    public boolean isImageCode(long address) {
        int s = segment(address);
        return s >= 0 && segExec[s];
    }

    @Override
    public Optional<FdeIndex> cfiFor(long pc) {
        int s = segment(pc);
        if (s < 0) {
            return Optional.empty();
        }
        Optional<FdeIndex> known = cfi[segImage[s]];
        if (known == null) {
            known = load(images.get(segImage[s]));
            cfi[segImage[s]] = known;
        }
        return known;
    }

    private Optional<FdeIndex> load(LoadedImage i) {
        if (i.ehFrameHdr().isEmpty()) {
            return Optional.empty();
        }
        String key = i.path() + "@" + Long.toHexString(i.bias());
        Optional<FdeIndex> known = cache.get(key);
        if (known != null) {
            return known;
        }
        Optional<FdeIndex> read;
        try {
            read = Optional.of(EhFrameHdrIndex.read(memory, i.ehFrameHdr().getAsLong()));
        } catch (CfiException e) {
            // No usable table: frames in this image fall back to frame pointers and scanning.
            read = Optional.empty();
        }
        // Two snapshots racing may both read the table; the first one stored is kept.
        Optional<FdeIndex> raced = cache.putIfAbsent(key, read);
        return raced != null ? raced : read;
    }
}
