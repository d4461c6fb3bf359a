package dev.crashkit.capture.linux;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.crashkit.capture.report.LoadedImage;
import dev.crashkit.core.unwind.Memory;
import dev.crashkit.testkit.NoThrowFuzzContract;
import java.util.Optional;

/**
 * {@link Images#imageAt} on a target's memory that holds the input at a mapping's start: the ELF header,
 * program headers and build-id note are whatever the target wrote there. It never throws, returns an image
 * or nothing, within the CPU and allocation budget (FUZZING.md).
 */
class ImagesFuzzTest {
    private static final long START = 0x7f12_3456_0000L;

    /** Headers, ≤ 512 program headers and ≤ 64 KB of notes read, each note segment copied once at most. */
    private static final long FIXED_BYTES = 4L << 20;
    private static final long PER_INPUT_BYTE = 1024;

    @FuzzTest
    void imageAt(byte[] input) {
        Memory memory = new BytesAt(START, input);
        NoThrowFuzzContract.check(input.length, FIXED_BYTES, PER_INPUT_BYTE, () -> {
            Optional<LoadedImage> image = Images.imageAt("fuzz-input", START, memory);
            image.ifPresent(i -> {
                // Whatever was read came from the input: the name given, a build-id no longer than the input.
                if (!i.path().equals("fuzz-input") || i.buildId().map(b -> b.length > input.length).orElse(false)) {
                    NoThrowFuzzContract.fail("image not made of the input: " + i);
                }
            });
        });
    }

    /** A process whose only readable bytes are {@code bytes} at {@code base}; a short count elsewhere. */
    private record BytesAt(long base, byte[] bytes) implements Memory {
        @Override
        public int read(long address, byte[] dst, int off, int len) {
            long at = address - base;
            if (at < 0 || at >= bytes.length) {
                return 0;
            }
            int n = (int) Math.min(len, bytes.length - at);
            System.arraycopy(bytes, (int) at, dst, off, n);
            return n;
        }
    }
}
