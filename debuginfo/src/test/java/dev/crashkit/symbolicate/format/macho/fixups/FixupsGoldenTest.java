package dev.crashkit.symbolicate.format.macho.fixups;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.crashkit.symbolicate.format.macho.layout.ImageLayout;
import dev.crashkit.symbolicate.format.macho.layout.LinkeditCommands;
import dev.crashkit.symbolicate.format.macho.layout.TestImages;
import dev.crashkit.symbolicate.format.macho.layout.VmMemory;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Every fixup we decode equals what {@code llvm-objdump --macho --dyld-info} (chained) or
 * {@code --bind} (LC_DYLD_INFO) lists for the same file: slot, kind and target or symbol. The
 * arm64e file (pointer format 1, authenticated fixups; llvm-objdump cannot decode it) must give
 * exactly the listing of the file it was rewritten from.
 */
class FixupsGoldenTest {
    private static final Pattern CHAINED = Pattern.compile(
            "^\\S+\\s+\\S+\\s+0x([0-9A-F]+) 0x[0-9A-F]+ (rebase|bind)\\s+(?:0x[0-9A-F]+\\s+\\S+\\s+)?(\\S+)\\s*$");
    private static final Pattern BIND = Pattern.compile("^\\S+\\s+\\S+\\s+0x([0-9A-F]+) pointer\\s+0 \\S+\\s+(\\S+)$");

    @ParameterizedTest
    @CsvSource({"Shapes-chained, Shapes-chained", "Shapes-relative, Shapes-relative", "Shapes-arm64e, Shapes-relative"})
    void chainedFixupsMatchLlvmObjdump(String binary, String golden) throws Exception {
        TreeMap<Long, String> want = new TreeMap<>();
        for (String line : TestImages.golden("macho/objc/golden/" + golden + ".fixups.txt")) {
            Matcher m = CHAINED.matcher(line);
            if (m.matches()) {
                want.put(Long.parseUnsignedLong(m.group(1), 16), m.group(2).equals("bind") ? "bind " + m.group(3)
                        : "rebase " + Long.parseUnsignedLong(m.group(3).substring(2), 16));
            }
        }
        assertTrue(want.size() > 40, "golden parsed: " + want.size());
        assertEquals(want, decoded(binary, true));
    }

    @ParameterizedTest
    @CsvSource({"Shapes-dyldinfo"})
    void dyldInfoBindsMatchLlvmObjdump(String binary) throws Exception {
        TreeMap<Long, String> want = new TreeMap<>();
        for (String line : TestImages.golden("macho/objc/golden/" + binary + ".fixups.txt")) {
            Matcher m = BIND.matcher(line);
            if (m.matches()) {
                want.put(Long.parseUnsignedLong(m.group(1), 16), "bind " + m.group(2));
            }
        }
        assertEquals(5, want.size());
        assertEquals(want, decoded(binary, false));
    }

    private static TreeMap<Long, String> decoded(String binary, boolean withRebases) throws Exception {
        ImageLayout layout = TestImages.layout("macho/objc/" + binary);
        VmMemory memory = new VmMemory(layout);
        List<String> warnings = new ArrayList<>();
        Pointers p = Fixups.of(memory, LinkeditCommands.read(layout, warnings::add), warnings::add);
        assertEquals(List.of(), warnings);
        TreeMap<Long, String> got = new TreeMap<>();
        for (int i = 0; i < p.size(); i++) {
            if (p.isBind(i)) {
                got.put(p.slot(i), "bind " + p.boundSymbol(p.slot(i)).orElse("?"));
                assertEquals(0, p.read(p.slot(i)), "a bound slot reads as null");
            } else if (withRebases) {
                got.put(p.slot(i), "rebase " + p.target(i));
                assertEquals(p.target(i), p.read(p.slot(i)));
            }
        }
        return got;
    }
}
