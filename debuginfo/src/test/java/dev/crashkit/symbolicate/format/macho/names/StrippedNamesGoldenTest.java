package dev.crashkit.symbolicate.format.macho.names;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.crashkit.symbolicate.format.macho.layout.TestImages;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every function of each stripped test binary gets the boundaries, name and source of
 * golden/&lt;variant&gt;.expected.tsv (function starts and export trie from llvm-objdump on the
 * stripped file, names from llvm-nm on the unstripped build; see testdata/macho/objc/goldens.py).
 */
class StrippedNamesGoldenTest {

    @ParameterizedTest
    @ValueSource(strings = {"Shapes-dyldinfo", "Shapes-chained", "Shapes-relative", "Shapes-arm64e"})
    void everyFunctionHasTheGoldenNameAndBounds(String variant) throws Exception {
        List<String> warnings = new ArrayList<>();
        StrippedNames names = StrippedNames.build(TestImages.layout("macho/objc/" + variant), warnings::add);
        assertEquals(List.of(), warnings);
        List<String> want = new ArrayList<>();
        List<String> got = new ArrayList<>();
        for (String line : TestImages.golden("macho/objc/golden/" + variant + ".expected.tsv")) {
            if (line.startsWith("#")) {
                continue;
            }
            String[] c = line.split("\t");
            long start = Long.decode(c[0]);
            long end = Long.decode(c[1]);
            want.add(line);
            for (long probe : new long[] {start, (start + end) / 2, end - 1}) {
                got.add(names.lookup(probe).map(h -> String.join("\t", "0x" + Long.toHexString(h.start()),
                        "0x" + Long.toHexString(h.end()), h.source().jsonName(), h.name().orElse("-")))
                        .orElse("nothing at 0x" + Long.toHexString(probe)));
            }
            assertTrue(names.lookup(end).map(h -> h.start() == end).orElse(true), "function ends at " + c[1]);
        }
        assertEquals(23, want.size(), "golden rows");
        List<String> wantTriples = new ArrayList<>();
        for (String w : want) {
            wantTriples.add(w);
            wantTriples.add(w);
            wantTriples.add(w);
        }
        assertEquals(wantTriples, got);
        assertEquals(want.size(), names.size(), "no function beyond the golden's");
    }
}
