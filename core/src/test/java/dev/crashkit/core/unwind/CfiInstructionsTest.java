package dev.crashkit.core.unwind;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The DW_CFA decoder on its own: operands factored as DWARF 5 §6.4.2 says, and every operand read from the data
 * (LEB128s, block lengths read unsigned) checked against the bytes that remain. That both of its users decode the
 * same way as the tools we compare with is shown by CfiReadelfTest (readelf), the dump-syms oracle tests
 * (Breakpad's dump_syms) and the minidump walks (minidump_stackwalk).
 */
class CfiInstructionsTest {
    private static final long AT = 0x1000;
    /** x86-64's usual CIE: code alignment 1, data alignment -8, return address in column 16, pcrel|sdata4. */
    private static final Cie CIE = new Cie(0, 1, -8, 16, 0x1b, 0xff, true, false, new byte[0]);

    /** Writes each call as text (an instruction's operands after the decoder's factoring). */
    private static final class Calls implements CfiInstructions.Handler {
        final List<String> calls = new ArrayList<>();

        @Override
        public void advance(long location) {
            calls.add("advance 0x" + Long.toHexString(location));
        }

        @Override
        public void offset(int reg, long offset) {
            calls.add("offset r" + reg + " " + offset);
        }

        @Override
        public void valOffset(int reg, long offset) {
            calls.add("val_offset r" + reg + " " + offset);
        }

        @Override
        public void register(int reg, int base) {
            calls.add("register r" + reg + " r" + base);
        }

        @Override
        public void undefined(int reg) {
            calls.add("undefined r" + reg);
        }

        @Override
        public void sameValue(int reg) {
            calls.add("same_value r" + reg);
        }

        @Override
        public void restore(int reg) {
            calls.add("restore r" + reg);
        }

        @Override
        public void expression(int reg, byte[] expression) {
            calls.add("expression r" + reg + " " + HexFormat.of().formatHex(expression));
        }

        @Override
        public void valExpression(int reg, byte[] expression) {
            calls.add("val_expression r" + reg + " " + HexFormat.of().formatHex(expression));
        }

        @Override
        public void defCfa(int reg, long offset) {
            calls.add("def_cfa r" + reg + " " + offset);
        }

        @Override
        public void defCfaRegister(int reg) {
            calls.add("def_cfa_register r" + reg);
        }

        @Override
        public void defCfaOffset(long offset) {
            calls.add("def_cfa_offset " + offset);
        }

        @Override
        public void defCfaExpression(byte[] expression) {
            calls.add("def_cfa_expression " + HexFormat.of().formatHex(expression));
        }

        @Override
        public void rememberState() {
            calls.add("remember_state");
        }

        @Override
        public void restoreState() {
            calls.add("restore_state");
        }
    }

    private static List<String> decode(Cie cie, String hex) throws CfiException {
        Calls calls = new Calls();
        new CfiInstructions(new CfiBytes(HexFormat.of().parseHex(hex), AT), cie, AT).runAll(calls);
        return calls.calls;
    }

    private static CfiException rejected(String hex) {
        return assertThrows(CfiException.class, () -> decode(CIE, hex));
    }

    @Test
    void aFunctionPrologueAndEpilogue() throws CfiException {
        // push rbp; mov rbp, rsp; ...; remember; leave; restore: what GCC emits, byte by byte.
        assertEquals(List.of("advance 0x1001", "def_cfa_offset 16", "offset r6 -16", "advance 0x1004",
                        "def_cfa_register r6", "advance 0x1010", "remember_state", "def_cfa r7 8", "restore r6",
                        "advance 0x1011", "restore_state"),
                decode(CIE, "41" + "0e10" + "8602" + "43" + "0d06" + "4c" + "0a" + "0c0708" + "c6" + "41" + "0b"));
    }

    @Test
    void operandsAreFactoredWhereTheInstructionSaysSo() throws CfiException {
        // AArch64's usual CIE: code alignment 4, data alignment -8.
        Cie aarch64 = new Cie(0, 4, -8, 30, 0x1b, 0xff, true, false, new byte[0]);
        assertEquals(List.of("advance 0x1008", "advance 0x1208", "advance 0x5208", "advance 0x40005208",
                        "offset r29 -16", "def_cfa r31 16", "def_cfa_offset -24", "def_cfa r31 16",
                        "val_offset r1 -8", "val_offset r2 8", "offset r3 -16", "offset r4 16", "register r5 r6",
                        "undefined r7", "same_value r8", "restore r9"),
                decode(aarch64, "42" + "0280" + "030010" + "0400000010"
                        + "051d02" // offset_extended: unsigned, factored
                        + "121f7e" // def_cfa_sf: signed, factored
                        + "1303" // def_cfa_offset_sf
                        + "0c1f10" // def_cfa: not factored
                        + "140101" + "15027f" // val_offset, val_offset_sf
                        + "110302" // offset_extended_sf
                        + "2f0402" // GNU_negative_offset_extended
                        + "090506" + "0707" + "0808" + "0609"));
    }

    @Test
    void aRegisterNumberKeepsItsLow32BitsAsBreakpadsDoes() throws CfiException {
        // 2^32 + 1 as a ULEB128: Breakpad's CallFrameInfo keeps register numbers in an unsigned int.
        assertEquals(List.of("undefined r1"), decode(CIE, "07" + "8180808010"));
    }

    @Test
    void setLocReadsThePointerInTheCiesEncoding() throws CfiException {
        // DW_EH_PE_pcrel|sdata4: relative to the operand's own address (AT + 1).
        assertEquals(List.of("advance 0x1011"), decode(CIE, "01" + "10000000"));
    }

    @Test
    void expressionsAreCopiedWithTheirLength() throws CfiException {
        assertEquals(List.of("def_cfa_expression 7708", "expression r16 770006", "val_expression r3 30"),
                decode(CIE, "0f027708" + "101003770006" + "16030130"));
    }

    @Test
    void gnuArgsSizeAndWindowSaveChangeNoRule() throws CfiException {
        assertEquals(List.of(), decode(CIE, "2e8001" + "2d" + "00"));
    }

    @Test
    void aBlockLongerThanWhatIsLeftIsRefusedBeforeCopying() {
        CfiException e = rejected("0f" + "03" + "7708");
        assertTrue(e.getMessage().contains("length 3") && e.getMessage().contains("2 bytes left"), e.getMessage());
    }

    @Test
    void aBlockLengthWithTheTopBitSetIsNotNegative() {
        // 2^63 + 1: a signed reading would be negative; an unsigned one is far more than what is left.
        CfiException e = rejected("0f" + "81808080808080808001" + "00");
        assertTrue(e.getMessage().contains("runs past the end"), e.getMessage());
    }

    @Test
    void aLeb128CutShortIsRefused() {
        CfiException e = rejected("0e" + "8080");
        assertTrue(e.getMessage().contains("truncated at 0x1003"), e.getMessage());
    }

    @Test
    void aFixedOperandCutShortIsRefused() {
        CfiException e = rejected("04" + "010000");
        assertTrue(e.getMessage().contains("truncated at 0x1001 (need 4 bytes, 3 left)"), e.getMessage());
    }

    @Test
    void anUnknownOpcodeIsNamedWithItsAddress() {
        CfiException e = rejected("00" + "3f");
        assertEquals("unknown CFA instruction 0x3f at 0x1001", e.getMessage());
    }

    @Test
    void nextStopsAfterEachInstructionWithTheLocationReached() throws CfiException {
        Calls calls = new Calls();
        CfiInstructions d = new CfiInstructions(new CfiBytes(HexFormat.of().parseHex("4241"), AT), CIE, AT);
        assertTrue(d.next(calls));
        assertEquals(AT + 2, d.location());
        assertTrue(d.next(calls));
        assertEquals(AT + 3, d.location());
        assertEquals(AT + 1, d.instructionAddress());
        assertEquals(false, d.next(calls));
    }
}
