package dev.crashkit.capture.linux;

import dev.crashkit.capture.report.LoadedImage;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.crashkit.capture.report.LoadedImage;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The sorted-segment lookup against the plain definition: image verdict first, else the map's. */
class ImageCodeMapTest {
    private static final int R = 4;
    private static final int RX = 5;

    @Test
    void isExecutableAgreesWithImagesThenTheMap() {
        LoadedImage a = new LoadedImage("/lib/a.so", 0x7000_0000L, List.of(
                new LoadedImage.Segment(0x7000_0000L, 0x1000, R, 0),
                new LoadedImage.Segment(0x7000_1000L, 0x3000, RX, 0x1000),
                new LoadedImage.Segment(0x7000_5000L, 0x800, R, 0x4000)), Optional.empty(), OptionalLong.empty());
        LoadedImage b = new LoadedImage("/lib/b.so", 0x6000_0000L, List.of(
                new LoadedImage.Segment(0x6000_0000L, 0x2000, RX, 0)), Optional.empty(), OptionalLong.empty());
        ProcMaps maps = ProcMaps.parse(List.of(
                "60000000-60002000 r-xp 00000000 08:01 1 /lib/b.so",
                "70000000-70001000 r--p 00000000 08:01 2 /lib/a.so",
                "70001000-70004000 r-xp 00001000 08:01 2 /lib/a.so",
                "70004000-70005000 rwxp 00000000 00:00 0",
                "70005000-70006000 r-xp 00004000 08:01 2 /lib/a.so",
                "7f000000-7f100000 rwxp 00000000 00:00 0"));
        ImageCodeMap code = new ImageCodeMap(List.of(a, b), maps, (address, dst, off, len) -> 0,
                ImageCodeMap.newCache());
        SplittableRandom r = new SplittableRandom(3);
        for (int i = 0; i < 100_000; i++) {
            long address = i % 97 == 0 ? 0x7f00_0000L + r.nextLong(0x10_1000)
                    : i % 2 == 0 ? 0x5fff_f000L + r.nextLong(0x8000) : 0x6fff_f000L + r.nextLong(0x8000);
            boolean expected;
            Optional<LoadedImage> img = List.of(a, b).stream().filter(x -> x.contains(address)).findFirst();
            expected = img.isPresent() ? img.get().executableAt(address) : maps.find(address).map(
                    Mapping::executable).orElse(false);
            assertEquals(expected, code.isExecutable(address), Long.toHexString(address));
        }
        // The last segment of a.so is read-only in the image although its mapping says r-x: the image wins.
        assertEquals(false, code.isExecutable(0x7000_5100L));
        // Anonymous executable memory (JIT code) outside every image: the map decides.
        assertEquals(true, code.isExecutable(0x7000_4100L));
        assertEquals(true, code.isExecutable(0x7f05_0000L));
    }
}
