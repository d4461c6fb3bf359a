package dev.crashkit.server.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class MemoryBudgetTest {
    @Test
    void anExhaustedBudgetAnswers503AndFreedMemoryIsReused() {
        MemoryBudget b = new MemoryBudget(3L * MemoryBudget.MIB, 50);
        b.take(2);
        ApiError e = assertThrows(ApiError.class, () -> b.take(2));
        assertEquals(503, e.status);
        assertEquals(1, b.available(), "a refused request holds nothing");
        b.give(2);
        b.take(3);
        assertEquals(0, b.available());
        b.give(3);
        assertEquals(3, b.available());
    }
}
