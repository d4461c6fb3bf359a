package dev.crashkit.server.store;

import java.security.SecureRandom;
import java.util.UUID;

/**
 * New report ids: UUID version 7 (RFC 9562 section 5.7: 48 bits of Unix milliseconds, then 74 random bits), so
 * that the reports made one after the other sort together. Each report's row, body, job and result are keyed
 * by its id: with random (version 4) ids every report dirtied a leaf page of its own in each of those B-trees
 * (in the page cache, and written to the WAL at its commit); in time order a group's reports share their leaves
 * (issue 32 goal 4). Ids are no credentials (reading a report takes the admin token), and stay unguessable
 * enough for an id: 74 bits from {@link SecureRandom}.
 */
final class ReportIds {
    private static final SecureRandom RANDOM = new SecureRandom();

    private ReportIds() {
    }

    /** A new id made at {@code millis} (Unix time). */
    static String next(long millis) {
        long randA = RANDOM.nextInt(1 << 12);
        long randB = RANDOM.nextLong();
        long msb = ((millis & 0xFFFF_FFFF_FFFFL) << 16) | (0x7L << 12) | randA;
        long lsb = (randB & 0x3FFF_FFFF_FFFF_FFFFL) | 0x8000_0000_0000_0000L;
        return new UUID(msb, lsb).toString();
    }
}
