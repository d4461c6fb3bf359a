package dev.crashkit.symbolicate.format.macho.objc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.crashkit.symbolicate.format.macho.fixups.Fixups;
import dev.crashkit.symbolicate.format.macho.layout.ImageLayout;
import dev.crashkit.symbolicate.format.macho.layout.LinkeditCommands;
import dev.crashkit.symbolicate.format.macho.layout.TestImages;
import dev.crashkit.symbolicate.format.macho.layout.VmMemory;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The Objective-C methods read from each STRIPPED test binary are exactly the {@code -[...]} /
 * {@code +[...]} symbols llvm-nm lists for its unstripped build, at the same addresses: classes,
 * metaclasses, categories on our classes and on NSObject (a bind), with DYLD_INFO, chained
 * fixups, relative method lists and arm64e authenticated pointers.
 */
class ObjcMetadataGoldenTest {

    @ParameterizedTest
    @ValueSource(strings = {"Shapes-dyldinfo", "Shapes-chained", "Shapes-relative", "Shapes-arm64e"})
    void methodsEqualLlvmNmOfTheUnstrippedBuild(String variant) throws Exception {
        TreeMap<String, Long> want = new TreeMap<>();
        for (String line : TestImages.golden("macho/objc/golden/" + variant + ".nm.txt")) {
            // "0000000100000780 t -[CKRoot tag]": names contain spaces, so split on the first two only.
            String[] f = line.split(" ", 3);
            if (f.length == 3 && f[1].equals("t") && (f[2].startsWith("-[") || f[2].startsWith("+["))) {
                want.put(f[2], Long.parseUnsignedLong(f[0], 16));
            }
        }
        assertEquals(14, want.size(), "golden");

        ImageLayout layout = TestImages.layout("macho/objc/" + variant);
        VmMemory memory = new VmMemory(layout);
        List<String> warnings = new ArrayList<>();
        List<ObjcMethod> methods = ObjcMetadata.read(memory,
                Fixups.of(memory, LinkeditCommands.read(layout, warnings::add), warnings::add), warnings::add);
        TreeMap<String, Long> got = new TreeMap<>();
        for (ObjcMethod m : methods) {
            got.put(m.name(), m.imp());
        }
        assertEquals(List.of(), warnings);
        assertEquals(want, got);
        assertEquals(want.size(), methods.size(), "each method once");
    }
}
