package dev.crashkit.capture.darwin;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.crashkit.core.unwind.ByteMemory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Header parsing on "recorded memory": a real Mach-O's first pages placed at a slid address, as
 * dyld maps them. UUID and __TEXT checked against llvm-dwarfdump / llvm-objdump goldens.
 */
class MachHeaderTest {
    private static final Path MACHO = Path.of("testdata/macho");

    @ParameterizedTest
    @ValueSource(strings = {"App-arm64", "App-x86_64", "libCrashKitUtil.dylib", "App-ios-arm64"})
    void readsUuidArchAndTextFromMemory(String name) throws Exception {
        byte[] file = Files.readAllBytes(MACHO.resolve(name));
        String uuidLine = Files.readString(MACHO.resolve("golden/" + name + ".uuid.txt")).strip();
        Matcher u = Pattern.compile("UUID: (\\S+) \\((\\S+)\\)").matcher(uuidLine);
        u.find();
        List<String> lc = Files.readAllLines(MACHO.resolve("golden/" + name + ".load-commands.txt"));
        int seg = lc.indexOf("  segname __TEXT");
        long vmaddr = Long.parseUnsignedLong(lc.get(seg + 1).strip().split("\\s+")[1].substring(2), 16);
        long vmsize = Long.parseUnsignedLong(lc.get(seg + 2).strip().split("\\s+")[1].substring(2), 16);
        long slide = 0x2a4000;
        ByteMemory mem = new ByteMemory(vmaddr + slide, java.util.Arrays.copyOf(file, 64 * 1024));
        MachHeader h = MachHeader.read(mem, vmaddr + slide).orElseThrow();
        assertEquals(u.group(1), h.uuid().orElseThrow().toString());
        assertEquals(u.group(2), h.arch().label());
        assertEquals(vmaddr, h.textVmaddr());
        assertEquals(vmsize, h.textVmsize());
    }

    @ParameterizedTest
    @ValueSource(longs = {0, 0x1000, 0x100000000L})
    void notAHeaderIsEmpty(long at) {
        ByteMemory mem = new ByteMemory(0x1000, new byte[4096]);
        assertEquals(java.util.Optional.empty(), MachHeader.read(mem, at));
    }
}
