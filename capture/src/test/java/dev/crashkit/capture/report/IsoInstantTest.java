package dev.crashkit.capture.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Instant;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Our formatter against the JDK's {@link Instant#toString()}: the same text everywhere. */
class IsoInstantTest {
    @Test
    void edgesGiveTheJdksText() {
        for (String s : new String[] {"1970-01-01T00:00:00Z", "1969-12-31T23:59:59.999999999Z", "2000-02-29T12:00:00Z",
            "2100-02-28T23:59:59.5Z", "1900-03-01T00:00:00.000001Z", "0000-01-01T00:00:00Z", "9999-12-31T23:59:59Z",
            "2024-12-31T23:59:60Z".replace("60", "59"), "2026-11-23T20:45:01.123456789Z", "1600-02-29T00:00:00.010Z"}) {
            Instant t = Instant.parse(s);
            assertEquals(t.toString(), IsoInstant.format(t), s);
        }
        Instant far = Instant.parse("+12345-01-01T00:00:00Z");
        assertEquals(far.toString(), IsoInstant.format(far), "outside 0000-9999 the JDK formats");
        assertEquals(Instant.MIN.toString(), IsoInstant.format(Instant.MIN));
    }

    @Test
    void aMillionRandomInstantsGiveTheJdksText() {
        SplittableRandom r = new SplittableRandom(12);
        for (int i = 0; i < 1_000_000; i++) {
            long secs = r.nextLong(-62_167_219_200L, 253_402_300_800L); // 0000-01-01 .. 9999-12-31
            int nano = switch (i % 4) {
                case 0 -> 0;
                case 1 -> r.nextInt(1000) * 1_000_000;
                case 2 -> r.nextInt(1_000_000) * 1000;
                default -> r.nextInt(1_000_000_000);
            };
            Instant t = Instant.ofEpochSecond(secs, nano);
            assertEquals(t.toString(), IsoInstant.format(t));
        }
    }
}
