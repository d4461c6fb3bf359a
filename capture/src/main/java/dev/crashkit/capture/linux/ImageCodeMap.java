package dev.crashkit.capture.linux;

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
        this.images = images.stream().sorted((a, b) -> Long.compareUnsigned(a.start(), b.start())).toList();
        this.starts = this.images.stream().mapToLong(LoadedImage::start).toArray();
        this.maps = maps;
        this.memory = memory;
        this.cache = cache;
        List<long[]> segs = new java.util.ArrayList<>();
        for (int i = 0; i < this.images.size(); i++) {
            for (LoadedImage.Segment sg : this.images.get(i).segments()) {
                segs.add(new long[] {sg.start(), sg.start() + sg.size(), sg.executable() ? 1 : 0, i});
            }
        }
        segs.sort((a, b) -> Long.compareUnsigned(a[0], b[0]));
        segStart = new long[segs.size()];
        segEnd = new long[segs.size()];
        segExec = new boolean[segs.size()];
        segImage = new int[segs.size()];
        for (int i = 0; i < segs.size(); i++) {
            segStart[i] = segs.get(i)[0];
            segEnd[i] = segs.get(i)[1];
            segExec[i] = segs.get(i)[2] != 0;
            segImage[i] = (int) segs.get(i)[3];
        }
        @SuppressWarnings("unchecked")
        Optional<FdeIndex>[] none = new Optional[this.images.size()];
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
        return cache.computeIfAbsent(key, k -> {
            try {
                return Optional.of(EhFrameHdrIndex.read(memory, i.ehFrameHdr().getAsLong()));
            } catch (CfiException e) {
                // No usable table: frames in this image fall back to frame pointers and scanning.
                return Optional.empty();
            }
        });
    }
}
