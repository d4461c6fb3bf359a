package dev.crashkit.core.unwind;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.crashkit.core.model.Arch;
import dev.crashkit.core.model.Trust;
import dev.crashkit.symbolicate.format.ObjectFile;
import dev.crashkit.symbolicate.format.detect.ObjectFiles;
import dev.crashkit.symbolicate.symbolize.ObjectCodeMap;
import dev.crashkit.testkit.TestData;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The arm64 unwinder on real arm64 stacks (testdata/unwind/arm64/build.sh): a freestanding aarch64
 * Linux program built by clang/lld, stopped under qemu-aarch64 on the first instruction of a leaf
 * that pushes nothing ({@code _start -> outer -> middle -> inner -> leaf}). gdb-multiarch recorded
 * the registers, 1 KiB of stack from SP and its {@code bt}: the golden frames, which gdb found with
 * its own unwinders. We unwind from the same registers and stack with the binary's code and CFI.
 */
class Arm64GdbUnwindTest {
    private static final String DIR = "unwind/arm64/";
    private static final Pattern REG = Pattern.compile("^(\\w+)\\s+0x([0-9a-f]+)\\s.*$");
    private static final Pattern BT = Pattern.compile("^#(\\d+)\\s+0x([0-9a-f]+) in (\\S+) .*$");

    /** One frame of gdb's backtrace. */
    private record GdbFrame(long pc, String function) {
    }

    /**
     * With CFI: leaf's caller from LR (CFI's "same value" rule for x30 at leaf's entry), then CFI
     * through inner, through middle (no frame record, so a frame-pointer walk would skip outer) and
     * outer, up to _start, whose CFI marks x30 undefined.
     */
    @Test
    void withCfiAsGdb() throws Exception {
        List<UnwoundFrame> ours = unwind("nested-cfi", registers("nested-cfi"));
        assertEquals(gdbPcs("nested-cfi"), addresses(ours));
        assertEquals(List.of(Trust.CONTEXT, Trust.CFI, Trust.CFI, Trust.CFI, Trust.CFI), trusts(ours));
    }

    /**
     * Without any unwind tables: leaf's caller from LR (the record at x29 is inner's, whose return
     * address is not LR), then the frame-record chain up to _start, which zeroed x29.
     */
    @Test
    void withFrameRecordsOnlyAsGdb() throws Exception {
        List<UnwoundFrame> ours = unwind("nested-fp", registers("nested-fp"));
        assertEquals(gdbPcs("nested-fp"), addresses(ours));
        assertEquals(List.of(Trust.CONTEXT, Trust.FP, Trust.FP, Trust.FP, Trust.FP), trusts(ours));
    }

    /**
     * The same stopped thread as an arm64e thread would save it: LR signed with pointer authentication
     * (bits above the 47-bit address set). The unwinder strips them before using LR.
     */
    @Test
    void signedLinkRegisterIsStripped() throws Exception {
        for (String name : List.of("nested-cfi", "nested-fp")) {
            Registers regs = registers(name);
            long lr = regs.get(Registers.ARM64_LR).getAsLong();
            long signed = lr | 0x2f5a_8000_0000_0000L;
            regs.set(Registers.ARM64_LR, signed);
            List<UnwoundFrame> ours = unwind(name, regs);
            assertEquals(gdbPcs(name), addresses(ours), name);
        }
    }

    /**
     * A capture that saved no LR: CFI cannot name leaf's caller and nothing is guessed from a register
     * that is not there. The frame record at x29 (inner's) leads past inner, with SP only guessed
     * ({@code fp + 16}: clang's record is at the bottom of inner's frame), so CFI on that SP would read
     * a data word: every frame we still report must be one of gdb's, in gdb's order, up to _start.
     */
    @Test
    void withoutLinkRegisterNoFrameIsInvented() throws Exception {
        Registers regs = registers("nested-cfi");
        regs.forget(Registers.ARM64_LR);
        List<Long> ours = addresses(unwind("nested-cfi", regs));
        List<Long> gdb = gdbPcs("nested-cfi");
        assertFalse(ours.contains(gdb.get(1)), "inner's return address was only in LR");
        int at = 0;
        for (long pc : ours) {
            int found = gdb.subList(at, gdb.size()).indexOf(pc);
            assertTrue(found >= 0, String.format("0x%x is not one of gdb's frames after #%d: %s", pc, at, ours));
            at += found + 1;
        }
        assertEquals(gdb.get(gdb.size() - 1), ours.get(ours.size() - 1), "reaches _start");
    }

    private static List<UnwoundFrame> unwind(String name, Registers regs) throws Exception {
        ObjectFile elf = ObjectFiles.open(TestData.file(DIR + name)).get(0);
        ObjectCodeMap code = new ObjectCodeMap(List.of(new ObjectCodeMap.Module(elf, 0)));
        byte[] bytes = Files.readAllBytes(TestData.file(DIR + name + ".stack.bin"));
        ByteMemory stack = new ByteMemory(regs.get(Registers.ARM64_SP).getAsLong(), bytes);
        return Unwinder.forArch(Arch.Known.ARM64, stack.over(code.memory()), code).orElseThrow()
                .unwind(regs, stack.end());
    }

    /** gdb's {@code info registers}, by the names reports use. */
    private static Registers registers(String name) throws Exception {
        Map<String, Long> values = new HashMap<>();
        for (String line : Files.readAllLines(TestData.file(DIR + name + ".regs.txt"))) {
            Matcher m = REG.matcher(line);
            if (m.matches()) {
                values.put(m.group(1), Long.parseUnsignedLong(m.group(2), 16));
            }
        }
        assertEquals(34, values.size(), "x0..x30, sp, pc, cpsr");
        return Arm64Registers.fromNames(values);
    }

    private static List<Long> gdbPcs(String name) throws Exception {
        List<GdbFrame> frames = new ArrayList<>();
        for (String line : Files.readAllLines(TestData.file(DIR + name + ".bt.txt"))) {
            Matcher m = BT.matcher(line + " ");
            if (m.matches()) {
                assertEquals(frames.size(), Integer.parseInt(m.group(1)));
                frames.add(new GdbFrame(Long.parseUnsignedLong(m.group(2), 16), m.group(3)));
            }
        }
        assertEquals(List.of("leaf", "inner", "middle", "outer", "_start"),
                frames.stream().map(GdbFrame::function).toList(), "the program's call chain");
        return frames.stream().map(GdbFrame::pc).toList();
    }

    private static List<Long> addresses(List<UnwoundFrame> frames) {
        return frames.stream().map(UnwoundFrame::address).toList();
    }

    private static List<Trust> trusts(List<UnwoundFrame> frames) {
        return frames.stream().map(UnwoundFrame::trust).toList();
    }
}
