package dev.crashkit.symbolicate.symbolize;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.crashkit.symbolicate.dwarf.DwarfException;
import dev.crashkit.symbolicate.dwarf.SourceFrame;
import dev.crashkit.symbolicate.dwarf.SourceLookup;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;

/**
 * A report's addresses answered in parallel give, address by address, what the source answers:
 * its frames, or the DwarfException it throws (kept); a runtime failure is not kept. Each distinct
 * address is asked once, and small reports are left to the lookups.
 */
class ParallelAnswersTest {

    /** Frames named after the address; every 7th address damaged, every 11th a bug. */
    private static final class Fake implements SourceLookup {
        final Set<Long> asked = ConcurrentHashMap.newKeySet();
        final List<Long> repeated = new java.util.concurrent.CopyOnWriteArrayList<>();

        @Override
        public List<SourceFrame> lookup(long address) throws DwarfException {
            if (!asked.add(address)) {
                repeated.add(address);
            }
            if (address % 7 == 0) {
                throw new DwarfException("damaged at " + address);
            }
            if (address % 11 == 0) {
                throw new IllegalStateException("bug at " + address);
            }
            return List.of(new SourceFrame(Optional.empty(), Optional.of("f" + address), Optional.empty(), address, 0,
                    false, 0, OptionalLong.empty()));
        }
    }

    @Test
    void answersAreTheSourcesAddressByAddress() throws Exception {
        Fake fake = new Fake();
        long[] addresses = new long[5_000];
        for (int i = 0; i < addresses.length; i++) {
            addresses[i] = 1_000 + (i * 7919L) % 3_000; // repeats and no order
        }
        Map<Long, Object> answers = ParallelAnswers.answer(fake, addresses);
        if (Runtime.getRuntime().availableProcessors() < 2) {
            assertTrue(answers.isEmpty());
            return;
        }
        assertEquals(List.of(), fake.repeated, "each distinct address asked once");
        Fake direct = new Fake();
        for (long a : addresses) {
            Object got = answers.get(a);
            if (a % 7 == 0) {
                DwarfException e = assertInstanceOf(DwarfException.class, got);
                assertEquals("damaged at " + a, e.getMessage());
            } else if (a % 11 == 0) {
                assertFalse(answers.containsKey(a), "a bug is met again by the lookup itself");
            } else {
                assertEquals(direct.lookup(a), got);
            }
        }
    }

    @Test
    void smallReportsAreLeftToTheLookups() {
        Fake fake = new Fake();
        long[] addresses = new long[ParallelAnswers.MIN_ADDRESSES - 1];
        for (int i = 0; i < addresses.length; i++) {
            addresses[i] = i + 1;
        }
        assertTrue(ParallelAnswers.answer(fake, addresses).isEmpty());
        assertTrue(fake.asked.isEmpty());
    }
}
