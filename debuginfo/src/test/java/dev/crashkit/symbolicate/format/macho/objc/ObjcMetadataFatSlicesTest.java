package dev.crashkit.symbolicate.format.macho.objc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.crashkit.symbolicate.Fixtures;
import dev.crashkit.symbolicate.format.macho.MachOFile;
import dev.crashkit.symbolicate.format.macho.MachOImage;
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
 * Each slice of a universal file is read at its own offset (arm64 and x86_64, LC_DYLD_INFO
 * images built by testdata/macho/build.sh): the methods equal llvm-nm -m of that slice.
 */
class ObjcMetadataFatSlicesTest {

    @ParameterizedTest
    @ValueSource(strings = {"arm64", "x86_64"})
    void everySliceGivesItsOwnMethods(String arch) throws Exception {
        TreeMap<String, Long> want = new TreeMap<>();
        for (String line : TestImages.golden("macho/golden/App-fat." + arch + ".nm-m.txt")) {
            int name = line.indexOf(") non-external ");
            if (line.contains("(__TEXT,__text)") && name > 0) {
                String n = line.substring(name + ") non-external ".length());
                if (n.startsWith("-[") || n.startsWith("+[")) {
                    want.put(n, Long.parseUnsignedLong(line.substring(0, 16), 16));
                }
            }
        }
        assertEquals(3, want.size());
        MachOImage slice = MachOFile.open(Fixtures.testdata("macho/App-fat")).slices().stream()
                .filter(s -> s.arch().toString().equals(arch)).findFirst().orElseThrow();
        ImageLayout layout = TestImages.of(slice);
        VmMemory memory = new VmMemory(layout);
        List<String> warnings = new ArrayList<>();
        TreeMap<String, Long> got = new TreeMap<>();
        for (ObjcMethod m : ObjcMetadata.read(memory, Fixups.of(memory, LinkeditCommands.read(layout, warnings::add),
                warnings::add), warnings::add)) {
            got.put(m.name(), m.imp());
        }
        assertEquals(List.of(), warnings);
        assertEquals(want, got);
    }
}
