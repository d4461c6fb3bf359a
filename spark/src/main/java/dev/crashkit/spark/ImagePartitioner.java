package dev.crashkit.spark;

import java.io.Serializable;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;
import org.apache.spark.Partitioner;

/**
 * Places reports so that each partition meets few distinct main images (so an executor parses
 * few debug files) while partitions stay about equal in size.
 *
 * <p>The images, sorted, are laid end to end on a line as long as the number of reports, each
 * taking as much room as it has reports; partition {@code i} of {@code P} covers the i-th P-th of
 * that line. A report goes to one of the partitions its image's stretch overlaps, picked by a hash
 * of the report's id, so an image with many reports is spread over several partitions (no single
 * straggler task) and a partition holds about {@code images / P + 2} images.
 */
final class ImagePartitioner extends Partitioner {

    /** A report's partitioning key: its main image's id ("" for none) and a hash of the report's id. */
    record Key(String image, int spread) implements Serializable {
        static Key of(String image, String reportId) {
            return new Key(image, reportId.hashCode() & 0x7fffffff);
        }
    }

    private final int partitions;
    private final Map<String, int[]> stretch; // image -> {first partition, number of partitions}

    private ImagePartitioner(int partitions, Map<String, int[]> stretch) {
        this.partitions = partitions;
        this.stretch = stretch;
    }

    /** A partitioner for reports counted by main image. */
    static ImagePartitioner plan(Map<String, Long> reportsPerImage, int partitions) {
        long total = reportsPerImage.values().stream().mapToLong(Long::longValue).sum();
        Map<String, int[]> stretch = new HashMap<>();
        long start = 0;
        for (Map.Entry<String, Long> e : new TreeMap<>(reportsPerImage).entrySet()) {
            long count = e.getValue();
            int first = (int) (start * partitions / Math.max(total, 1));
            int last = (int) ((start + count - 1) * partitions / Math.max(total, 1));
            stretch.put(e.getKey(), new int[] {first, Math.max(1, last - first + 1)});
            start += count;
        }
        return new ImagePartitioner(partitions, stretch);
    }

    @Override
    public int numPartitions() {
        return partitions;
    }

    @Override
    public int getPartition(Object key) {
        Key k = (Key) key;
        int[] s = stretch.get(k.image());
        if (s == null) {
            return k.spread() % partitions; // not in the plan (cannot happen for planned data); still valid
        }
        return s[0] + k.spread() % s[1];
    }

    /** How many distinct images the plan puts into partition {@code p} (for the job's log). */
    int imagesIn(int p) {
        return (int) stretch.values().stream().filter(s -> p >= s[0] && p < s[0] + s[1]).count();
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof ImagePartitioner o && o.partitions == partitions && o.stretch.keySet().equals(stretch.keySet());
    }

    @Override
    public int hashCode() {
        return partitions * 31 + stretch.size();
    }
}
