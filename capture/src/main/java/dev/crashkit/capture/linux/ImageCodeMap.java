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
        Optional<LoadedImage> img = image(address);
        if (img.isPresent()) {
            return img.get().executableAt(address);
        }
        return maps.isExecutable(address);
    }

    @Override
    public Optional<FdeIndex> cfiFor(long pc) {
        Optional<LoadedImage> img = image(pc);
        if (img.isEmpty() || img.get().ehFrameHdr().isEmpty()) {
            return Optional.empty();
        }
        LoadedImage i = img.get();
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
