package dev.crashkit.symbolicate.demangle.cpp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The demangler must never throw and must finish quickly on any input: mutated real names, random
 * strings over the mangling alphabet, and hand-built hostile shapes (deep nesting, substitution
 * blow-ups, self-referencing forward template references).
 */
class ItaniumRobustnessTest {

    private static final String ALPHABET =
        "_ZNSEIJLXTDFPRKOVCMUfdilmvpvsrtgqxyabcehjnouwz0123456789_.$zAGHQWY";

    private static void check(String input) {
        String out = ItaniumDemangler.demangleToken(input);
        assertNotNull(out, input);
        ItaniumDemangler.demangleText(input + " " + input);
    }

    @Test
    void mutatedGoldenNamesNeverThrow() throws IOException {
        List<String[]> rows = ItaniumGoldenTest.readGolden();
        Random rnd = new Random(0x5eed_c0ffeeL);
        assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
            for (int i = 0; i < 150_000; i++) {
                String name = rows.get(rnd.nextInt(rows.size()))[0];
                check(mutate(name, rnd));
            }
        });
    }

    @Test
    void randomAlphabetStringsNeverThrow() {
        Random rnd = new Random(42);
        assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
            for (int i = 0; i < 150_000; i++) {
                StringBuilder sb = new StringBuilder(rnd.nextBoolean() ? "_Z" : "_ZN");
                int len = rnd.nextInt(60);
                for (int j = 0; j < len; j++) {
                    sb.append(ALPHABET.charAt(rnd.nextInt(ALPHABET.length())));
                }
                check(sb.toString());
            }
        });
    }

    @Test
    void hostileShapesAreBoundedAndReturnInputUnchanged() {
        // All below ItaniumDemangler.MAX_INPUT, so that the parser's own bounds are exercised.
        // Each exceeds a bound (parse depth or output size), so the name must come back as is.
        List<String> overBound = List.of(
            "_Z1f" + "P".repeat(60_000) + "i",
            "_Z1f" + "A1_".repeat(20_000) + "i",
            "_Z1fI" + "1aI".repeat(15_000) + "i" + "E".repeat(15_001) + "v",
            "_Z1f" + "Dp".repeat(30_000) + "T_",
            "_Z1fIiE" + "DTcl".repeat(15_000) + "v",
            "_Z1fIXplLi1E" + "plLi1E".repeat(10_000) + "Li2EEEvv",
            // Each parameter is b<previous, previous>: the printed size doubles per parameter.
            doublingBomb(40));
        // Large or odd but not necessarily over a bound: must just finish without throwing.
        List<String> large = List.of(
            "_Z1f" + "N1a".repeat(20_000) + "E",
            "_ZN1AcvT_IiEEv" + "S_".repeat(10_000),
            "_Z1fIJ" + "S_".repeat(5_000) + "EEvDpT_",
            "_ZNK1AIJ1Z1Y1XEEcv1BIJDpPT_EEIJS2_S1_S0_EEEv" + "S1_".repeat(1000),
            "_Z1hIJfEEPDwDpT_iEFivEPDwiS1_EFivE".repeat(1800),
            "___Z" + "N1a".repeat(10_000) + "E_block_invoke");
        assertTimeoutPreemptively(Duration.ofSeconds(30), () -> {
            for (int i = 0; i < overBound.size(); i++) {
                String h = overBound.get(i);
                // Compare without putting megabyte strings into a failure message.
                assertTrue(h.equals(ItaniumDemangler.demangleToken(h)), "over-bound shape #" + i + " not returned unchanged");
            }
            for (int i = 0; i < large.size(); i++) {
                String out = ItaniumDemangler.demangleToken(large.get(i));
                assertNotNull(out);
                assertTrue(out.length() <= Printer.MAX_OUTPUT, "large shape #" + i + " output not bounded");
            }
        });
        // Names beyond the length bound are never parsed.
        String tooLong = "_Z1f" + "i".repeat(ItaniumDemangler.MAX_INPUT);
        assertTrue(tooLong.equals(ItaniumDemangler.demangleToken(tooLong)), "over-long name was parsed");
    }

    /** On a thread with a very small stack, deep names are given up on instead of crashing the caller. */
    @Test
    void tinyThreadStackNeverThrows() throws InterruptedException {
        String[] deep = {
            "_Z1f" + "P".repeat(500) + "i",
            "_Z1fI" + "N1a1bI".repeat(160) + "i" + "EE".repeat(160) + "EvT_",
            "_Z1fIXplLi1E" + "plLi1E".repeat(500) + "Li2EEEvv"};
        Throwable[] failure = new Throwable[1];
        String[] results = new String[deep.length];
        Thread t = new Thread(null, () -> {
            try {
                for (int i = 0; i < deep.length; i++) {
                    results[i] = ItaniumDemangler.demangleToken(deep[i]);
                }
            } catch (Throwable e) { // record anything, including StackOverflowError, for the assertion below
                failure[0] = e;
            }
        }, "tiny-stack", 64 * 1024);
        t.start();
        t.join(30_000);
        assertEquals(null, failure[0]);
        for (String r : results) {
            assertNotNull(r);
        }
    }

    /** {@code _Z1f1a1bIS_S_E S0_IS1_S1_E S0_IS2_S2_E ...}: b<a,a>, b<b<a,a>,b<a,a>>, ... */
    private static String doublingBomb(int n) {
        StringBuilder sb = new StringBuilder("_Z1f1a1bIS_S_E");
        for (int k = 1; k <= n; k++) {
            String id = Integer.toString(k, 36).toUpperCase();
            sb.append("S0_IS").append(id).append("_S").append(id).append("_E");
        }
        return sb.toString();
    }

    private static String mutate(String s, Random rnd) {
        StringBuilder sb = new StringBuilder(s);
        int edits = 1 + rnd.nextInt(4);
        for (int e = 0; e < edits && sb.length() > 2; e++) {
            int at = 2 + rnd.nextInt(sb.length() - 2);
            switch (rnd.nextInt(6)) {
                case 0 -> sb.setCharAt(at, ALPHABET.charAt(rnd.nextInt(ALPHABET.length())));
                case 1 -> sb.insert(at, ALPHABET.charAt(rnd.nextInt(ALPHABET.length())));
                case 2 -> sb.deleteCharAt(at);
                case 3 -> sb.setLength(at);
                case 4 -> {
                    int from = rnd.nextInt(sb.length());
                    int to = Math.min(sb.length(), from + rnd.nextInt(12));
                    sb.insert(at, sb.substring(from, to).repeat(1 + rnd.nextInt(20)));
                }
                default -> sb.insert(at, "S" + Integer.toString(rnd.nextInt(40), 36).toUpperCase() + "_");
            }
        }
        return sb.toString();
    }
}
