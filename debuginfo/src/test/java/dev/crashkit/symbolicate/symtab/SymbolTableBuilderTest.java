package dev.crashkit.symbolicate.symtab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Names stored as bytes come back exactly as given, whichever way they were added. */
class SymbolTableBuilderTest {
    @Test
    void stringNamesRoundTripThroughTheBytePool() {
        String[] names = {"plain", "größe", "€uro", "\uD834\uDD1E clef", "x"};
        SymbolTableBuilder b = new SymbolTableBuilder();
        for (int i = names.length - 1; i >= 0; i--) { // unsorted on purpose
            b.add(names[i], 0x1000 + 0x10L * i, 0x2000, 1);
        }
        SymbolTable t = b.build(new long[0]);
        assertEquals(names.length, t.size());
        for (int i = 0; i < names.length; i++) {
            assertEquals(names[i], t.name(i));
            assertEquals(names[i], t.lookup(0x1000 + 0x10L * i + 4).orElseThrow().name());
        }
    }

    @Test
    void tableOffsetsReadUpToNulOrTheEnd() {
        byte[] table = "\0_main\0h\u00e9llo\0tail".getBytes(StandardCharsets.UTF_8);
        SymbolTableBuilder b = new SymbolTableBuilder(ByteBuffer.wrap(table), 4);
        b.addAt(2, 0x100, 0x200, 1);                      // "main" (underscore skipped by offset)
        b.addAt(7, 0x110, 0x200, 1);                      // "héllo"
        b.addAt(table.length - 4, 0x120, 0x200, 1);       // "tail", unterminated
        b.addAt(table.length, 0x130, 0x200, 1);           // outside the table: empty
        SymbolTable t = b.build(new long[0]);
        assertEquals("main", t.name(0));
        assertEquals("h\u00e9llo", t.name(1));
        assertEquals("tail", t.name(2));
        assertEquals("", t.name(3));
        assertThrows(IllegalStateException.class, () -> new SymbolTableBuilder(ByteBuffer.wrap(table), 1)
                .add("x", 0, 1, 1));
    }

    /**
     * {@code anyNamed} answers as decoding every name would: a name sharing only its first bytes with
     * one asked for, a name cut off by the table's end, an offset outside the table, one-byte names.
     */
    @Test
    void anyNamedAnswersAsDecodingEveryName() {
        byte[] table = "\0__restore\0__rest\0x\0__kernel_sigreturn".getBytes(StandardCharsets.UTF_8);
        SymbolTableBuilder b = new SymbolTableBuilder(ByteBuffer.wrap(table), 4);
        b.addAt(1, 0x100, 0x200, 1);                  // "__restore"
        b.addAt(11, 0x110, 0x200, 1);                 // "__rest"
        b.addAt(18, 0x120, 0x200, 1);                 // "x"
        b.addAt(table.length - 1, 0x130, 0x200, 1);   // "n", unterminated at the end
        b.addAt(table.length, 0x140, 0x200, 1);       // outside the table: ""
        b.addAt(20, 0x150, 0x200, 1);                 // "__kernel_sigreturn", unterminated
        SymbolTable t = b.build(new long[0]);
        java.util.List<java.util.Set<String>> asked = java.util.List.of(java.util.Set.of("__restore_rt", "__restore"),
                java.util.Set.of("__restore_rt"), java.util.Set.of("__res", "__kernel_sigreturn"), java.util.Set.of("x"),
                java.util.Set.of("n", "__rt"), java.util.Set.of(""), java.util.Set.of("__kernel_sigreturn"),
                java.util.Set.of("_r"), java.util.Set.of());
        for (java.util.Set<String> names : asked) {
            boolean decoded = false;
            for (int i = 0; i < t.size(); i++) {
                decoded |= names.contains(t.name(i));
            }
            assertEquals(decoded, t.anyNamed(names), names.toString());
        }
        assertEquals(true, t.anyNamed(java.util.Set.of("__restore")));
        assertEquals(false, t.anyNamed(java.util.Set.of("__restore_rt")));
    }

    /**
     * The same over a pool given as an array (how a symbol cache hands its table back, read a chunk of
     * names at a time): tables of every size around the chunks, names sharing first bytes with the
     * ones asked for before, at and after a chunk's end, offsets at and past the pool's end.
     */
    @Test
    void anyNamedOverAnArrayAnswersAsDecodingEveryName() {
        String[] words = {"__restore", "__rest", "__restore_rt", "_r", "x", "__kernel_sigreturn", "__kernel", ""};
        java.util.Random random = new java.util.Random(5);
        java.util.List<java.util.Set<String>> asked = java.util.List.of(java.util.Set.of("__restore_rt", "__restore"),
                java.util.Set.of("__restore_rt"), java.util.Set.of("__res", "__kernel_sigreturn"), java.util.Set.of("x"),
                java.util.Set.of("_r", "__rt"), java.util.Set.of(""), java.util.Set.of());
        for (int round = 0; round < 600; round++) {
            int n = random.nextInt(60);
            java.io.ByteArrayOutputStream pool = new java.io.ByteArrayOutputStream();
            int[] at = new int[n];
            for (int i = 0; i < n; i++) {
                at[i] = pool.size();
                byte[] w = words[random.nextInt(words.length)].getBytes(StandardCharsets.UTF_8);
                pool.write(w, 0, w.length);
                pool.write(0);
            }
            if (n > 0 && random.nextBoolean()) {
                at[random.nextInt(n)] = pool.size() + random.nextInt(2) - random.nextInt(2); // at or around the end
            }
            byte[] bytes = pool.toByteArray();
            long[] starts = new long[n];
            for (int i = 0; i < n; i++) {
                starts[i] = 0x100 + i;
            }
            SymbolTable t = SymbolTable.of(starts, starts.clone(), bytes, at, null);
            for (java.util.Set<String> names : asked) {
                boolean decoded = false;
                for (int i = 0; i < t.size(); i++) {
                    decoded |= names.contains(t.name(i));
                }
                assertEquals(decoded, t.anyNamed(names), round + " " + names);
            }
        }
    }

    /** Versions follow their entries through sorting, the choice among symbols at one address, and growth. */
    @Test
    void versionsStayWithTheirSymbols() {
        SymbolTableBuilder b = new SymbolTableBuilder();
        for (int i = 99; i >= 0; i--) { // unsorted, past the first array size
            b.add("f" + i, i % 3 == 0 ? "" : "V_" + i, 0x1000 + 0x10L * i, 0x3000, 1);
        }
        b.add("local_alias", 0x1000 + 0x10L * 5, 0x3000, 0); // loses to f5 (lower rank)
        b.add("strong", "V_strong", 0x1000 + 0x10L * 6, 0x3000, 2); // wins over f6
        SymbolTable t = b.build(new long[0]);
        assertEquals(100, t.size());
        for (int i = 0; i < 100; i++) {
            Symbol s = t.lookup(0x1000 + 0x10L * i + 1).orElseThrow();
            String name = i == 6 ? "strong" : "f" + i;
            String version = i == 6 ? "V_strong" : i % 3 == 0 ? "" : "V_" + i;
            assertEquals(name, s.name());
            assertEquals(version, s.version(), name);
            assertEquals(version, t.version(i), name);
        }
        SymbolTable plain = new SymbolTableBuilder().add("a", 0, 4, 1).build(new long[0]);
        assertEquals(false, plain.hasVersions());
        assertEquals("", plain.version(0));
    }
}
