package dev.crashkit.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ImagePartitionerTest {

    @Test
    void eachPartitionMeetsFewImagesAndPartitionsAreBalanced() {
        Map<String, Long> perImage = new HashMap<>();
        for (int i = 0; i < 40; i++) {
            perImage.put(String.format("IMG-%02d", i), 100L + 10 * i);
        }
        perImage.put("", 50L); // reports without a main image id
        int partitions = 8;
        ImagePartitioner plan = ImagePartitioner.plan(perImage, partitions);
        long[] sizes = new long[partitions];
        Map<Integer, Set<String>> images = new HashMap<>();
        perImage.forEach((image, count) -> {
            for (int r = 0; r < count; r++) {
                int p = plan.getPartition(ImagePartitioner.Key.of(image, image + "/" + r));
                sizes[p]++;
                images.computeIfAbsent(p, k -> new HashSet<>()).add(image);
            }
        });
        long total = perImage.values().stream().mapToLong(Long::longValue).sum();
        int meetings = 0;
        for (int p = 0; p < partitions; p++) {
            assertTrue(sizes[p] > total / partitions / 2 && sizes[p] < total / partitions * 2,
                    "partition " + p + " holds " + sizes[p] + " of " + total);
            assertEquals(images.get(p).size(), plan.imagesIn(p));
            meetings += images.get(p).size();
        }
        // Only an image cut by a partition boundary is met twice: at most images + partitions - 1
        // (placing reports at random, every partition would meet nearly all 41 images: about 328).
        assertTrue(meetings <= perImage.size() + partitions - 1, "partition/image meetings: " + meetings);
    }

    @Test
    void oneImageWithAllReportsIsSpreadOverEveryPartition() {
        ImagePartitioner plan = ImagePartitioner.plan(Map.of("APP", 10_000L), 4);
        Set<Integer> used = new HashSet<>();
        for (int r = 0; r < 1000; r++) {
            used.add(plan.getPartition(ImagePartitioner.Key.of("APP", "report-" + r)));
        }
        assertEquals(Set.of(0, 1, 2, 3), used);
    }
}
