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
    void linesSplitLikeTheRegexTheyReplaced() throws Exception {
        // Real maps of this JVM plus odd lines: the hand splitter against "\\s+" with a limit of 6.
        List<String> lines = new java.util.ArrayList<>(java.nio.file.Files.readAllLines(
                java.nio.file.Path.of("/proc/self/maps")));
        lines.addAll(List.of("", "   ", "7f-80 r--p 0 00:00 0", "  7f-80   r--p 0 00:00 0    /a b  c  ",
                "7f-80\tr-xp\t0 00:00 0\t/tab/path", "garbage"));
        String[] f = new String[6];
        for (String line : lines) {
            String trimmed = line.trim();
            String[] expected = trimmed.isEmpty() ? new String[0] : trimmed.split("\\s+", 6);
            int n = ProcMaps.fields(line, f);
            assertEquals(List.of(expected), java.util.Arrays.asList(f).subList(0, n), "'" + line + "'");
        }
    }

    @Test
    void findAgreesWithEndOf() {
        for (long a : new long[] {0x7f0000002000L, 0x7f0000000fffL, 0x7f0000001000L, 0x55d000000fffL}) {
            assertEquals(MAPS.find(a).map(Mapping::end).orElse(0L), MAPS.endOf(a), Long.toHexString(a));
        }
        assertTrue(MAPS.find(0x55d000000000L).orElseThrow().path().equals("/usr/bin/my prog"));
    }
}
