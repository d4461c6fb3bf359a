package dev.crashkit.symbolicate.symbolize;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.crashkit.core.model.Arch;
import dev.crashkit.core.unwind.CodeMap;
import dev.crashkit.core.unwind.Registers;
import java.util.Map;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/** Register names and callee-saves as Breakpad's amd64 and arm64 stack walkers map them. */
class BreakpadRegisterNamesTest {

    @Test
    void x86_64CarriesCalleeSavesAndForgetsTheRest() {
        BreakpadRegisterNames names = BreakpadRegisterNames.forArch(Arch.Known.X86_64).orElseThrow();
        Registers callee = new Registers().set(0, 1).set(3, 33).set(6, 66).set(12, 1212).set(Registers.X86_64_RSP, 0x1000)
                .set(Registers.X86_64_RA, 0x400000);
        assertEquals(Map.of("$rax", 1L, "$rbx", 33L, "$rbp", 66L, "$r12", 1212L, "$rsp", 0x1000L, "$rip", 0x400000L),
                names.variables(callee));
        CodeMap.RuleCaller c = names.caller(callee, Map.of(".cfa", 0x1010L, ".ra", 0x401234L, "$rbp", 7L)).orElseThrow();
        assertEquals(0x1010L, c.cfa());
        assertEquals(0x401234L, c.returnAddress());
        assertEquals(OptionalLong.of(7), c.regs().get(6), "the rule's value");
        assertEquals(OptionalLong.of(33), c.regs().get(3), "rbx is callee-saves");
        assertEquals(OptionalLong.of(1212), c.regs().get(12), "r12 is callee-saves");
        assertTrue(c.regs().get(0).isEmpty(), "rax is not");
        // A rule for the register itself wins over .cfa and .ra (Breakpad's alternate names).
        CodeMap.RuleCaller named = names.caller(callee, Map.of(".cfa", 0x1010L, ".ra", 1L, "$rsp", 0x2000L,
                "$rip", 0x402000L)).orElseThrow();
        assertEquals(0x2000L, named.cfa());
        assertEquals(0x402000L, named.returnAddress());
        assertTrue(names.caller(callee, Map.of(".cfa", 0x1010L)).isEmpty(), "no return address");
    }

    @Test
    void arm64NamesWithoutDollar() {
        BreakpadRegisterNames names = BreakpadRegisterNames.forArch(Arch.Known.ARM64).orElseThrow();
        Registers callee = new Registers().set(0, 5).set(19, 1919).set(29, 0x2000).set(30, 0x5000)
                .set(Registers.ARM64_SP, 0x1ff0).set(Registers.ARM64_PC, 0x4000);
        assertEquals(Map.of("x0", 5L, "x19", 1919L, "x29", 0x2000L, "x30", 0x5000L, "sp", 0x1ff0L, "pc", 0x4000L),
                names.variables(callee));
        CodeMap.RuleCaller c = names.caller(callee, Map.of(".cfa", 0x2000L, ".ra", 0x5000L, "x29", 0x3000L))
                .orElseThrow();
        assertEquals(0x2000L, c.cfa());
        assertEquals(0x5000L, c.returnAddress());
        assertEquals(OptionalLong.of(0x3000), c.regs().get(29));
        assertEquals(OptionalLong.of(1919), c.regs().get(19), "x19 is callee-saves");
        assertTrue(c.regs().get(0).isEmpty(), "x0 is not");
        assertTrue(c.regs().get(30).isEmpty(), "x30 (LR) is not callee-saves");
        assertTrue(BreakpadRegisterNames.forArch(Arch.Known.I386).isEmpty());
    }
}
