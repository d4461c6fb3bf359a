package dev.crashkit.core.unwind;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.crashkit.testkit.TestData;
import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The arm64 stack scan's call-site check on every branch-with-link encoding and on branches without
 * link, as llvm-objdump decodes testdata/unwind/arm64/calls.s (assembled by clang for armv8.3-a, so
 * the pointer-authenticating forms are there): an address is a return address exactly when the
 * instruction before it is one llvm-objdump names {@code bl}, {@code blr}, {@code blraa},
 * {@code blrab}, {@code blraaz} or {@code blrabz}; a {@code bl}'s target is the one llvm-objdump prints.
 */
class Arm64CallSitesTest {
    private static final Pattern INSN = Pattern.compile(
            "^\\s*([0-9a-f]+): ((?:[0-9a-f]{2} ){4})\\s*(\\S+)\\s*(?:(0x[0-9a-f]+) <.*)?.*$");
    private static final Set<String> WITH_LINK = Set.of("bl", "blr", "blraa", "blrab", "blraaz", "blrabz");
    /** A typical Linux arm64 library address: the check must not depend on where code lives. */
    private static final long BASE = 0xffff_8000_1000L;

    /** One instruction llvm-objdump listed. */
    private record Listed(long offset, String mnemonic, long target) {
    }

    @Test
    void recognisesEveryBranchWithLinkAndNothingElse() throws Exception {
        Map<Long, Listed> listed = new LinkedHashMap<>();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        for (String line : Files.readAllLines(TestData.file("unwind/arm64/calls.objdump.txt"))) {
            Matcher m = INSN.matcher(line);
            if (!m.matches()) {
                continue;
            }
            long offset = Long.parseLong(m.group(1), 16);
            assertEquals(bytes.size(), offset, "contiguous listing");
            for (String b : m.group(2).trim().split(" ")) {
                bytes.write(Integer.parseInt(b, 16));
            }
            long target = m.group(4) == null ? -1 : Long.parseLong(m.group(4).substring(2), 16);
            listed.put(offset, new Listed(offset, m.group(3), target));
        }
        ByteMemory code = new ByteMemory(BASE, bytes.toByteArray());
        List<String> wrong = new ArrayList<>();
        for (Listed insn : listed.values()) {
            long after = BASE + insn.offset() + 4;
            if (Arm64CallSites.precededByCall(code, after) != WITH_LINK.contains(insn.mnemonic())) {
                wrong.add(insn.mnemonic() + " at 0x" + Long.toHexString(insn.offset()));
            }
            int word = Arm64CallSites.instructionAt(code, BASE + insn.offset());
            if (insn.mnemonic().equals("bl")
                    && Arm64CallSites.blTarget(BASE + insn.offset(), word) != BASE + insn.target()) {
                wrong.add("bl target at 0x" + Long.toHexString(insn.offset()));
            }
        }
        assertEquals(List.of(), wrong);
        assertEquals(24, listed.size(), "every instruction of calls.s");
        // Not 4-byte aligned, or with no readable instruction before it: never a return address.
        assertFalse(Arm64CallSites.precededByCall(code, BASE + 6));
        assertFalse(Arm64CallSites.precededByCall(code, BASE));
    }
}
