package dev.crashkit.core.unwind;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.crashkit.core.model.Arch;
import dev.crashkit.core.model.Trust;
import dev.crashkit.symbolicate.format.ObjectFile;
import dev.crashkit.symbolicate.format.detect.ObjectFiles;
import dev.crashkit.symbolicate.symbolize.ObjectCodeMap;
import dev.crashkit.testkit.TestData;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Frame-record walking on the arm64 / arm64e Mach-O test apps (testdata/macho). Their unwind
 * information is compact unwind ({@code __unwind_info}), which we do not read yet, and they have no
 * {@code __eh_frame}: frame records and the link register are the only way. The thread is made up,
 * following llvm-objdump's disassembly (golden/*.disasm.txt): {@code _main} called {@code _ck_dispatch},
 * which called the leaf {@code _ck_crash_null}, stopped on its first instruction. The stack holds the
 * frame records the two prologues push ({@code stp x29, x30, ...}, {@code x29} pointing at the
 * record); on arm64e the saved x30 are signed ({@code pacib x30, sp} in each prologue), as Apple's
 * pointer authentication leaves them: bits above the 47-bit address set. The expected return
 * addresses are the instructions llvm-objdump lists after each {@code bl}.
 */
class MachOArm64FramePointerTest {
    private static final Pattern FUNCTION = Pattern.compile("^([0-9a-f]{16}) <(.+)>:$");
    private static final Pattern INSN = Pattern.compile("^\\s*([0-9a-f]+): (?:[0-9a-f]{2} ){4}\\s*(.*)$");
    /** The stack of the made-up thread (a macOS arm64 main-thread stack address). */
    private static final long SP = 0x16fdff000L;
    /** Pointer-authentication bits as arm64e leaves them above a 47-bit user address. */
    private static final long SIGNATURE = 0x6e28_8000_0000_0000L;

    /** One instruction as llvm-objdump printed it. */
    private record Insn(String function, long address, String text) {
    }

    @ParameterizedTest
    @ValueSource(strings = {"App-arm64", "App-arm64e"})
    void leafThenFrameRecordsAsTheDisassemblyShows(String app) throws Exception {
        List<Insn> code = disassembly(app);
        long pc = first(code, "_ck_crash_null").address();
        long raDispatch = after(code, "_ck_dispatch", "_ck_crash_null");
        long raMain = after(code, "_main", "_ck_dispatch");
        List<UnwoundFrame> frames = unwind(app, code, pc, raDispatch);
        assertEquals(List.of(pc, raDispatch, raMain), frames.stream().map(UnwoundFrame::address).toList());
        assertEquals(List.of(Trust.CONTEXT, Trust.FP, Trust.FP), frames.stream().map(UnwoundFrame::trust).toList());
    }

    /**
     * Stopped in {@code _ck_dispatch} itself after its call to {@code _ck_aligned_worker} returned and
     * the {@code b} after it was taken: LR still holds that call's return address, inside
     * {@code _ck_dispatch} and below the PC. The {@code bl} before LR leads to
     * {@code _ck_aligned_worker}, which starts below LR, so LR lies inside the function the call came
     * from, the stopped one: it is not taken for a caller; the frame record is.
     */
    @ParameterizedTest
    @ValueSource(strings = {"App-arm64", "App-arm64e"})
    void aLinkRegisterLeftByTheFunctionsOwnCallIsNoCaller(String app) throws Exception {
        List<Insn> code = disassembly(app);
        long lr = after(code, "_ck_dispatch", "_ck_aligned_worker");
        Insn branch = code.stream().filter(i -> i.address() == lr).findFirst().orElseThrow();
        Matcher b = Pattern.compile("^b\\t0x([0-9a-f]+) <_ck_dispatch\\+0x[0-9a-f]+>$").matcher(branch.text());
        assertTrue(b.matches(), "a branch within _ck_dispatch follows the call: " + branch);
        long pc = Long.parseUnsignedLong(b.group(1), 16);
        assertTrue(pc > lr);
        long raMain = after(code, "_main", "_ck_dispatch");
        List<UnwoundFrame> frames = unwind(app, code, pc, lr);
        assertEquals(List.of(pc, raMain), frames.stream().map(UnwoundFrame::address).toList());
        assertEquals(List.of(Trust.CONTEXT, Trust.FP), frames.stream().map(UnwoundFrame::trust).toList());
    }

    /**
     * The thread stopped at {@code pc} with {@code lr}, SP and x29 on {@code _ck_dispatch}'s frame record,
     * which {@code _main} called: the records both prologues pushed, signed on arm64e.
     */
    private static List<UnwoundFrame> unwind(String app, List<Insn> code, long pc, long lr) throws Exception {
        boolean signs = app.endsWith("e");
        assertEquals(signs, code.stream().anyMatch(i -> i.function().equals("_ck_dispatch")
                && i.text().startsWith("pacib\tx30, sp")), "arm64e signs the saved return address");
        long sign = signs ? SIGNATURE : 0;
        long raMain = after(code, "_main", "_ck_dispatch");
        // _ck_dispatch: stp x29, x30, [sp, #-16]!; mov x29, sp — its record at SP (a leaf pushes nothing).
        // _main: its record 32 bytes into its 48-byte frame, which starts at _ck_dispatch's CFA (SP + 16).
        long mainRecord = SP + 16 + 32;
        ByteBuffer stack = ByteBuffer.allocate(256).order(ByteOrder.LITTLE_ENDIAN);
        stack.putLong(0, mainRecord).putLong(8, raMain | sign);
        stack.putLong((int) (mainRecord - SP), 0).putLong((int) (mainRecord - SP) + 8, 0); // outermost: no caller
        Registers regs = new Registers().set(Registers.ARM64_PC, pc).set(Registers.ARM64_SP, SP)
                .set(Registers.ARM64_FP, SP).set(Registers.ARM64_LR, lr);

        ObjectFile image = ObjectFiles.open(TestData.file("macho/" + app)).get(0);
        assertTrue(image.unwindSections().isEmpty(), "no __eh_frame: compact unwind only");
        ObjectCodeMap map = new ObjectCodeMap(List.of(new ObjectCodeMap.Module(image, 0)));
        ByteMemory memory = new ByteMemory(SP, stack.array());
        return Unwinder.forArch(signs ? Arch.Known.ARM64E : Arch.Known.ARM64, memory.over(map.memory()), map)
                .orElseThrow().unwind(regs, memory.end());
    }

    private static List<Insn> disassembly(String app) throws Exception {
        List<Insn> out = new ArrayList<>();
        String function = null;
        for (String line : Files.readAllLines(TestData.file("macho/golden/" + app + ".disasm.txt"))) {
            Matcher f = FUNCTION.matcher(line);
            Matcher i = INSN.matcher(line);
            if (f.matches()) {
                function = f.group(2);
            } else if (i.matches() && function != null) {
                out.add(new Insn(function, Long.parseUnsignedLong(i.group(1), 16), i.group(2)));
            }
        }
        return out;
    }

    private static Insn first(List<Insn> code, String function) {
        return code.stream().filter(i -> i.function().equals(function)).findFirst().orElseThrow();
    }

    /** The address llvm-objdump lists after {@code caller}'s {@code bl <callee>}: the return address. */
    private static long after(List<Insn> code, String caller, String callee) {
        for (int i = 0; i + 1 < code.size(); i++) {
            Insn insn = code.get(i);
            if (insn.function().equals(caller) && insn.text().matches("bl\\t0x[0-9a-f]+ <" + Pattern.quote(callee) + ">")) {
                return code.get(i + 1).address();
            }
        }
        throw new AssertionError(caller + " has no bl to " + callee);
    }
}
