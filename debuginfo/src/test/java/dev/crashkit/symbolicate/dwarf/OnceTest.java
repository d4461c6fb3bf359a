package dev.crashkit.symbolicate.dwarf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/**
 * Once computes on first use and keeps the value or the failure; {@link Once#forget} (what a unit's
 * release does, instead of replacing the Once) drops both, so the next use computes again.
 */
class OnceTest {
    private int calls;

    @Test
    void keepsTheValueUntilForgotten() throws DwarfException {
        Once<String> once = new Once<>(() -> "value " + ++calls);
        assertEquals("value 1", once.get());
        assertEquals("value 1", once.get());
        once.forget();
        assertEquals("value 2", once.get());
        assertEquals(2, calls);
    }

    @Test
    void keepsTheFailureUntilForgotten() throws DwarfException {
        Once<String> once = new Once<>(() -> {
            if (++calls == 1) {
                throw new DwarfException("bad unit");
            }
            return "good";
        });
        DwarfException first = assertThrows(DwarfException.class, once::get);
        assertSame(first, assertThrows(DwarfException.class, once::get));
        assertEquals(1, calls);
        once.forget();
        assertEquals("good", once.get());
        assertEquals(2, calls);
    }
}
