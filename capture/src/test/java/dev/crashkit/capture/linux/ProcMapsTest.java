package dev.crashkit.capture.linux;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class ProcMapsTest {
    private static final ProcMaps MAPS = ProcMaps.parse(List.of(
            "7f0000002000-7f0000004000 rw-p 00000000 00:00 0                          [stack]",
            "55d000000000-55d000001000 r-xp 00000000 08:01 1234                       /usr/bin/my prog",
            "7f0000000000-7f0000001000 r--p 00000000 00:00 0 "));

    @Test
    void endOfIsTheEndOfTheMappingHoldingTheAddressOrZero() {
        assertEquals(0x7f0000004000L, MAPS.endOf(0x7f0000002000L), "first byte");
        assertEquals(0x7f0000004000L, MAPS.endOf(0x7f0000003ff8L));
        assertEquals(0, MAPS.endOf(0x7f0000004000L), "one past the end");
        assertEquals(0, MAPS.endOf(0x7f0000001000L), "in the hole between two mappings");
        assertEquals(0, MAPS.endOf(0x1000L), "below every mapping");
        assertEquals(0x55d000001000L, MAPS.endOf(0x55d000000123L), "sorted by start although listed out of order");
    }

    @Test
    void findAgreesWithEndOf() {
        for (long a : new long[] {0x7f0000002000L, 0x7f0000000fffL, 0x7f0000001000L, 0x55d000000fffL}) {
            assertEquals(MAPS.find(a).map(Mapping::end).orElse(0L), MAPS.endOf(a), Long.toHexString(a));
        }
        assertTrue(MAPS.find(0x55d000000000L).orElseThrow().path().equals("/usr/bin/my prog"));
    }
}
