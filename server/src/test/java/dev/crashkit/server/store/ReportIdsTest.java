package dev.crashkit.server.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** Report ids: UUID version 7 as RFC 9562 lays it out, read back with the JDK's {@link UUID}. */
class ReportIdsTest {
    @Test
    void layoutOfRfc9562sExample() {
        // RFC 9562 appendix A.6: 2022-02-22 14:22:22.00 -05:00 is the timestamp 0x017F22E279B0 of
        // 017F22E2-79B0-7CC3-98C4-DC0C0C07398F; the rest is random.
        long millis = 0x017F22E279B0L;
        assertEquals(java.time.Instant.parse("2022-02-22T19:22:22Z").toEpochMilli(), millis);
        String id = ReportIds.next(millis);
        assertTrue(id.startsWith("017f22e2-79b0-7"), id);
        UUID u = UUID.fromString(id);
        assertEquals(7, u.version());
        assertEquals(2, u.variant(), "the RFC's variant (10xx)");
        assertEquals(id, u.toString());
    }

    @Test
    void laterMillisecondsSortAfterAndIdsDiffer() {
        Set<String> seen = new HashSet<>();
        String previous = ReportIds.next(1_700_000_000_000L);
        for (int i = 1; i <= 1000; i++) {
            String id = ReportIds.next(1_700_000_000_000L + i);
            assertTrue(id.compareTo(previous) > 0, previous + " then " + id);
            assertTrue(seen.add(id));
            assertTrue(seen.add(ReportIds.next(1_700_000_000_000L + i)), "same millisecond, another id");
            previous = id;
        }
    }
}
