package dev.crashkit.core.unwind;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.crashkit.symbolicate.format.elf.ElfFile;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The stack scan's call-site check on every x86-64 call encoding, as GNU as assembled
 * testdata/unwind/calls.s: each {@code ck_ret_*} label (address from nm) follows a call, each
 * {@code ck_not_*} label follows something else.
 */
class CallSitesTest {
    @Test
    void recognisesEveryCallFormAndNothingElse() throws Exception {
        ElfFile elf = ElfFile.open(Path.of("testdata/unwind/calls.o"));
        ByteBuffer text = elf.sectionData(elf.section(".text").orElseThrow());
        byte[] bytes = new byte[text.remaining()];
        text.duplicate().get(bytes);
        // Placed at a typical library address: the check must not depend on where code lives.
        long base = 0x7f0000001000L;
        ByteMemory code = new ByteMemory(base, bytes);
        List<String> wrong = new ArrayList<>();
        int checked = 0;
        for (String line : Files.readAllLines(Path.of("testdata/unwind/calls.nm.txt"))) {
            String[] f = line.split(" ");
            String name = f[2];
            if (!name.startsWith("ck_ret_") && !name.startsWith("ck_not_")) {
                continue;
            }
            boolean expected = name.startsWith("ck_ret_");
            if (CallSites.precededByCall(code, base + Long.parseLong(f[0], 16)) != expected) {
                wrong.add(name);
            }
            checked++;
        }
        assertEquals(List.of(), wrong);
        assertEquals(16, checked);
    }
}
