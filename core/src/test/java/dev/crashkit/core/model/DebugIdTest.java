package dev.crashkit.core.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HexFormat;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** {@link DebugId#parse}: the direct read of plain UUIDs gives what the general path gives. */
class DebugIdTest {

    @Test
    void plainUuidsInEveryCaseAndDashing() {
        byte[] want = HexFormat.of().parseHex("4c4c447d55553144a1c55335e981ed00");
        for (String s : new String[] {"4C4C447D-5555-3144-A1C5-5335E981ED00", "4c4c447d-5555-3144-a1c5-5335e981ed00",
                "4C4C447D55553144A1C55335E981ED00", " 4C4C447D-5555-3144-A1C5-5335E981ED00 ",
                "4C4C-447D5555-3144-A1C5-5335E981ED00", "4C4C447D5555-3144-A1C5-5335E981ED00-"}) {
            DebugId id = DebugId.parse(s).orElseThrow(() -> new AssertionError(s));
            assertEquals(DebugId.Kind.UUID, id.kind(), s);
            assertEquals(HexFormat.of().formatHex(want), HexFormat.of().formatHex(id.bytes()), s);
            assertEquals("4C4C447D-5555-3144-A1C5-5335E981ED00", id.toString(), s);
        }
    }

    /** Every char below U+3000 in one digit's place: a hex digit reads as its value, any other char is no plain UUID. */
    @Test
    void everyCharInADigitsPlace() {
        String base = "4C4C447D-5555-3144-A1C5-5335E981ED00";
        for (int place : new int[] {0, 7, 9, 35}) {
            for (char c = 0; c < 0x3000; c++) {
                String s = base.substring(0, place) + c + base.substring(place + 1);
                Optional<DebugId> id = DebugId.parse(s);
                if (HexFormat.isHexDigit(c)) {
                    String hex = (base.substring(0, place) + Character.toLowerCase(c) + base.substring(place + 1))
                            .replace("-", "").toLowerCase(java.util.Locale.ROOT);
                    assertEquals(hex, HexFormat.of().formatHex(id.orElseThrow().bytes()), s);
                } else {
                    assertTrue(id.isEmpty(), s);
                }
            }
        }
    }

    @Test
    void notHexOrOddIsEmpty() {
        for (String s : new String[] {"4C4C447D-5555-3144-A1C5-5335E981ED0G", "4C4C447D+5555-3144-A1C5-5335E981ED00",
                "4C4C447D55553144A1C55335E981ED0", "", "-", "0x12"}) {
            assertEquals(Optional.empty(), DebugId.parse(s), s);
        }
    }

    @Test
    void otherLengthsAreBuildIds() {
        DebugId id = DebugId.parse("0123456789abcdef0123456789ABCDEF01234567").orElseThrow();
        assertEquals(DebugId.Kind.BUILD_ID, id.kind());
        assertEquals("0123456789abcdef0123456789abcdef01234567", id.toString());
        assertTrue(DebugId.parse("abcd").isPresent());
    }

    /** The UUID printed digit by digit is what the hex formatter, upper-cased and dashed 8-4-4-4-12, gives. */
    @Test
    void uuidsPrintAsUpperCaseDashedHex() {
        java.util.Random random = new java.util.Random(12);
        for (int n = 0; n < 2_000; n++) {
            byte[] raw = new byte[16];
            random.nextBytes(raw);
            if (n < 256) {
                java.util.Arrays.fill(raw, (byte) n); // every byte value in every position
            }
            String u = HexFormat.of().formatHex(raw).toUpperCase(java.util.Locale.ROOT);
            String want = u.substring(0, 8) + "-" + u.substring(8, 12) + "-" + u.substring(12, 16) + "-"
                    + u.substring(16, 20) + "-" + u.substring(20);
            assertEquals(want, DebugId.uuid(raw).toString());
            assertEquals(DebugId.uuid(raw), DebugId.parse(want).orElseThrow());
        }
    }
}
