package dev.crashkit.core.bytes;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.crashkit.core.ObjectFormatException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * A reader over a heap buffer reads its array directly; over a mapped (direct) buffer it goes through the
 * buffer. Both must give the same values, positions and error messages, also for a heap slice whose array
 * starts before its first byte (a unit's view of an inflated section).
 */
class ByteReaderTest {
    private static final class Bad extends ObjectFormatException {
        Bad(String message) {
            super(message);
        }
    }

    @Test
    void heapSliceAndDirectBuffersReadAlike() {
        Random random = new Random(12);
        for (int round = 0; round < 2000; round++) {
            byte[] bytes = new byte[1 + random.nextInt(40)];
            for (int i = 0; i < bytes.length; i++) {
                // Many small values, continuation bits and zeros, so LEB128 and strings end at all places.
                bytes[i] = (byte) switch (random.nextInt(4)) {
                    case 0 -> 0;
                    case 1 -> random.nextInt(0x80);
                    default -> 0x80 | random.nextInt(0x80);
                };
            }
            ByteOrder order = random.nextBoolean() ? ByteOrder.LITTLE_ENDIAN : ByteOrder.BIG_ENDIAN;
            long ops = random.nextLong();
            List<String> heap = readAll(ByteBuffer.wrap(bytes).order(order), ops);
            ByteBuffer direct = ByteBuffer.allocateDirect(bytes.length).order(order);
            direct.put(bytes).clear();
            byte[] padded = new byte[bytes.length + 7];
            System.arraycopy(bytes, 0, padded, 5, bytes.length);
            ByteBuffer slice = ByteBuffer.wrap(padded).slice(5, bytes.length).order(order);
            assertEquals(heap, readAll(direct, ops), "direct, round " + round);
            assertEquals(heap, readAll(slice, ops), "slice, round " + round);
        }
    }

    /** Reads until an error with operations chosen by {@code ops}; each value, position and the error. */
    private static List<String> readAll(ByteBuffer b, long ops) {
        ByteReader<Bad> r = new ByteReader<>(b, 0x1000, 0x1000, Bad::new);
        List<String> out = new ArrayList<>();
        Random pick = new Random(ops);
        try {
            while (true) {
                int op = pick.nextInt(11);
                Object v = switch (op) {
                    case 0 -> r.u8();
                    case 1 -> r.s8();
                    case 2 -> r.u16();
                    case 3 -> r.u24();
                    case 4 -> r.u32();
                    case 5 -> r.u64();
                    case 6 -> r.uleb();
                    case 7 -> r.sleb();
                    case 8 -> {
                        r.skipUleb();
                        yield "skipped";
                    }
                    case 9 -> {
                        r.skipCString();
                        yield "skipped";
                    }
                    default -> r.cstring();
                };
                out.add(op + "=" + v + "@" + r.position());
            }
        } catch (Bad e) {
            out.add("error " + e.getMessage() + " @" + r.position());
        }
        return out;
    }
}
