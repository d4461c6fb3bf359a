package dev.crashkit.capture.timing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class PhasesTest {
    @Test
    void eachMarkClosesThePhaseSinceThePreviousOne() {
        Phases p = Phases.start();
        long a = p.mark("a");
        long b = p.mark("b");
        assertEquals(List.of("a", "b"), p.phases().stream().map(Phases.Phase::name).toList());
        assertEquals(a + b, p.totalNanos());
        assertTrue(a >= 0 && b >= 0);
        assertEquals(-1, p.phases().get(0).cpuNanos(), "no thread clock given");
        assertTrue(p.format().matches("a [0-9.]+ ms, b [0-9.]+ ms"), p.format());
    }

    @Test
    void aThreadClockIsReadAtEveryMarkAndGivesDeltas() {
        long[][] readings = {{100, 10}, {150, 30}, {400, 30}};
        int[] i = {0};
        Phases p = Phases.start(() -> readings[i[0]++]);
        p.mark("first");
        p.mark("second");
        assertEquals(50, p.phases().get(0).cpuNanos());
        assertEquals(20, p.phases().get(0).waitNanos());
        assertEquals(250, p.phases().get(1).cpuNanos());
        assertEquals(0, p.phases().get(1).waitNanos());
    }
}
