package dev.crashkit.server.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

class AppVersionOrderTest {

    /** The precedence example of Semantic Versioning 2.0.0, item 11 (https://semver.org/#spec-item-11), verbatim. */
    @Test
    void semverSpecPrecedenceExample() {
        String spec = "1.0.0-alpha < 1.0.0-alpha.1 < 1.0.0-alpha.beta < 1.0.0-beta < 1.0.0-beta.2 < 1.0.0-beta.11 "
                + "< 1.0.0-rc.1 < 1.0.0";
        assertOrdered(List.of(spec.split(" < ")));
        assertOrdered(List.of("1.0.0 < 2.0.0 < 2.1.0 < 2.1.1".split(" < ")));
        assertEquals(0, AppVersionOrder.compare(parse("1.0.0+build.5"), parse("1.0.0")), "build metadata is ignored");
    }

    @Test
    void appleDottedNumbersAndBuilds() {
        assertOrdered(List.of("1.9", "1.10", "1.10.1", "2", "2.0.1 (1)", "2.0.1 (2)", "2.0.1 (10)", "2.0.1 (10.1)"));
        assertEquals(0, AppVersionOrder.compare(parse("1.1"), parse("1.1.0")));
        assertTrue(AppVersionOrder.atLeast("1.1 (5)", "1.1"));
        assertTrue(AppVersionOrder.atLeast("v1.1", "1.1"));
        assertFalse(AppVersionOrder.atLeast("1.0.9", "1.1"));
        assertFalse(AppVersionOrder.atLeast("latest", "1.0"), "no version: not ordered");
        assertFalse(AppVersionOrder.atLeast("1.2", "???"));
        assertTrue(AppVersionOrder.parse("99999999999999999999").isEmpty(), "too long for a number");
        assertTrue(AppVersionOrder.parse("1.0-").isEmpty());
        assertTrue(AppVersionOrder.parse("1.0-a..b").isPresent(), "empty identifiers do not throw");
    }

    private static AppVersionOrder.Parsed parse(String v) {
        return AppVersionOrder.parse(v).orElseThrow(() -> new AssertionError("not a version: " + v));
    }

    private static void assertOrdered(List<String> ascending) {
        List<String> shuffled = new ArrayList<>(ascending);
        Collections.reverse(shuffled);
        shuffled.sort((a, b) -> AppVersionOrder.compare(parse(a), parse(b)));
        assertEquals(ascending, shuffled);
        for (int i = 1; i < ascending.size(); i++) {
            assertTrue(AppVersionOrder.compare(parse(ascending.get(i - 1)), parse(ascending.get(i))) < 0,
                    ascending.get(i - 1) + " < " + ascending.get(i));
        }
    }
}
