package dev.crashkit.symbolicate.fuzz;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.crashkit.symbolicate.Fixtures;
import dev.crashkit.core.ObjectFormatException;
import dev.crashkit.symbolicate.format.macho.MachOImage;
import dev.crashkit.symbolicate.format.macho.layout.TestImages;
import dev.crashkit.symbolicate.format.macho.names.StrippedNames;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The stripped-image name readers (chained fixups, bind opcodes, export trie, Objective-C and
 * Swift metadata, function starts) over damaged copies of the committed test binaries: whatever
 * the bytes say, building the index never throws, never takes long, and each problem is one line
 * naming the file. Damaged copies rather than raw bytes, because a random byte string never gets
 * past the Mach-O header; the fuzzer picks a base image, overwrites bytes of it (mostly where
 * the structures are: non-zero bytes) and may cut it short.
 *
 * <p>{@code @FuzzTest} runs once (empty input: the base image as it is) in every test run and
 * fuzzes with {@code JAZZER_FUZZ=1 mvn -pl symbolicate -am test -Dtest=StrippedNamesFuzzTest#corruptedImage
 * -Dsurefire.failIfNoSpecifiedTests=false}; the
 * {@code @Test} applies 1000 seeded random corruptions in every run.
 */
class StrippedNamesFuzzTest {
    private static final Path FILE = Path.of("fuzzed-image");
    private static final List<byte[]> BASES = bases();
    private static final List<int[]> NON_ZERO = BASES.stream().map(StrippedNamesFuzzTest::nonZero).toList();
    private static final long[] INTERESTING = {0, 1, 4, 7, 8, 0x7f, 0x80, 0xff, 0xffff, 0x8000, 0x7fffffffL, 0x80000000L,
        0xffffffffL, 0x100000000L, -1L, Long.MIN_VALUE, Long.MAX_VALUE, 0x8000000000000000L | 0x100000780L};
    /** Far more than the real work takes (milliseconds); a loop or an unbounded count would exceed it. */
    private static final long BUDGET_NANOS = 5_000_000_000L;

    static {
        // Class loading (and Jazzer's instrumentation of every class) happens here, not inside the
        // first timed input.
        for (byte[] b : BASES) {
            build(b, new ArrayList<>());
        }
    }

    private static List<byte[]> bases() {
        List<byte[]> out = new ArrayList<>();
        for (String v : List.of("Shapes-dyldinfo", "Shapes-chained", "Shapes-relative", "Shapes-arm64e")) {
            try {
                out.add(Files.readAllBytes(Fixtures.testdata("macho/objc/" + v)));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return out;
    }

    private static int[] nonZero(byte[] b) {
        return java.util.stream.IntStream.range(0, b.length).filter(i -> b[i] != 0).toArray();
    }

    @FuzzTest
    void corruptedImage(FuzzedDataProvider data) {
        int base = data.consumeInt(0, BASES.size() - 1);
        byte[] image = BASES.get(base).clone();
        int edits = data.consumeInt(0, 32);
        for (int e = 0; e < edits && data.remainingBytes() > 0; e++) {
            int[] nz = NON_ZERO.get(base);
            int at = data.consumeBoolean() ? nz[data.consumeInt(0, nz.length - 1)] : data.consumeInt(0, image.length - 1);
            write(image, at, data.consumeInt(1, 8), data.consumeBoolean()
                    ? INTERESTING[data.consumeInt(0, INTERESTING.length - 1)] : data.consumeLong());
        }
        if (data.consumeBoolean()) {
            image = Arrays.copyOf(image, data.consumeInt(0, image.length));
        }
        check(image);
    }

    @Test
    void seededCorruptions() {
        Random r = new Random(20261123);
        for (int round = 0; round < 1000; round++) {
            int base = r.nextInt(BASES.size());
            byte[] image = BASES.get(base).clone();
            int[] nz = NON_ZERO.get(base);
            for (int e = 1 + r.nextInt(6); e > 0; e--) {
                int at = r.nextInt(5) > 0 ? nz[r.nextInt(nz.length)] : r.nextInt(image.length);
                write(image, at, 1 << r.nextInt(4), r.nextBoolean() ? INTERESTING[r.nextInt(INTERESTING.length)]
                        : r.nextLong());
            }
            if (r.nextInt(20) == 0) {
                image = Arrays.copyOf(image, r.nextInt(image.length));
            }
            check(image);
        }
    }

    @Test
    void undamagedBasesNameEverything() {
        for (byte[] b : BASES) {
            List<String> warnings = new ArrayList<>();
            StrippedNames names = build(b, warnings).orElseThrow();
            assertTrue(warnings.isEmpty(), warnings.toString());
            assertTrue(names.size() > 20);
        }
    }

    private static void write(byte[] image, int at, int width, long value) {
        for (int i = 0; i < width && at + i < image.length; i++) {
            image[at + i] = (byte) (value >>> (8 * i));
        }
    }

    private static void check(byte[] bytes) {
        List<String> warnings = new ArrayList<>();
        long t0 = System.nanoTime();
        java.util.Optional<StrippedNames> names = build(bytes, warnings);
        if (names.isEmpty()) {
            return;
        }
        for (long a = 0x100000000L; a < 0x100001000L; a += 4) {
            names.get().lookup(a).ifPresent(h -> {
                assertTrue(h.start() <= h.end());
                assertFalse(h.name().map(String::isEmpty).orElse(false), "empty name");
            });
        }
        long took = System.nanoTime() - t0;
        if (took > BUDGET_NANOS) {
            fail("took " + took / 1_000_000 + " ms");
        }
        for (String w : warnings) {
            if (w.indexOf('\n') >= 0 || !w.startsWith(FILE.toString())) {
                fail("a warning must be one line naming the file: " + w);
            }
        }
    }

    private static java.util.Optional<StrippedNames> build(byte[] bytes, List<String> warnings) {
        // The symbolicator's own Mach-O header parse (mach_o.ksy) allocates `sizeofcmds` before it
        // checks it; the stripped-name readers are only ever given images that parse.
        if (bytes.length >= 32 && Integer.toUnsignedLong(ByteBuffer.wrap(bytes, 20, 4).order(ByteOrder.LITTLE_ENDIAN)
                .getInt()) > bytes.length) {
            return java.util.Optional.empty();
        }
        MachOImage image;
        try {
            image = MachOImage.parse(FILE, 0, ByteBuffer.wrap(bytes));
        } catch (ObjectFormatException e) {
            return java.util.Optional.empty();
        }
        return java.util.Optional.of(StrippedNames.build(TestImages.of(image, ByteBuffer.wrap(bytes)), warnings::add));
    }
}
