package dev.crashkit.symbolicate.breakpad;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.crashkit.core.unwind.ByteMemory;
import dev.crashkit.core.unwind.Memory;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.HashMap;
import java.util.Map;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/** Breakpad's postfix rules, worked by hand from postfix_evaluator-inl.h's semantics. */
class PostfixExpressionTest {
    /** 16 bytes at 0x1000: the words 0x1122334455667788 and 0x400123. */
    private static final Memory MEMORY = new ByteMemory(0x1000, ByteBuffer.allocate(16).order(ByteOrder.LITTLE_ENDIAN)
            .putLong(0x1122334455667788L).putLong(0x400123L).array());

    private static OptionalLong eval(String expr, Map<String, Long> vars) {
        return PostfixExpression.evaluate(expr, vars, MEMORY);
    }

    private static OptionalLong eval(String expr) {
        return eval(expr, new HashMap<>(Map.of("$rsp", 0x1008L, ".cfa", 0x1010L, "sp", 0x2000L)));
    }

    @Test
    void arithmeticAndRegisters() {
        assertEquals(OptionalLong.of(0x1010), eval("$rsp 8 +"));
        assertEquals(OptionalLong.of(0x1008), eval(".cfa -8 +"));
        assertEquals(OptionalLong.of(0x1000), eval("$rsp 8 -"));
        assertEquals(OptionalLong.of(42), eval("6 7 *"));
        assertEquals(OptionalLong.of(3), eval("10 3 /"));
        assertEquals(OptionalLong.of(1), eval("10 3 %"));
        assertEquals(OptionalLong.of(0x1ff0), eval("sp 15 + 16 @ 16 -"), "align down to 16");
        assertEquals(OptionalLong.of(0x2000), eval("sp"));
        // Unsigned, as Breakpad's uint64_t: -1 / 2 is 2^63 - 1, not 0.
        assertEquals(OptionalLong.of(Long.MAX_VALUE), eval("-1 2 /"));
    }

    @Test
    void dereference() {
        assertEquals(OptionalLong.of(0x400123), eval(".cfa -8 + ^"));
        assertEquals(OptionalLong.of(0x1122334455667788L), eval("4096 ^"));
        assertTrue(eval("4097 8 + ^").isEmpty(), "a word only partly in memory");
        assertTrue(eval("0 ^").isEmpty(), "unreadable");
        assertTrue(eval("^").isEmpty(), "nothing to dereference");
    }

    @Test
    void assignment() {
        Map<String, Long> vars = new HashMap<>(Map.of("$rsp", 0x1008L));
        assertEquals(OptionalLong.of(0x1008), eval("$t0 $rsp = $t0", vars));
        assertEquals(0x1008L, vars.get("$t0"));
        assertEquals(OptionalLong.of(5), eval("$t1 5 =$t1", vars), "'=x' is '=' then 'x'");
        assertTrue(eval("t2 5 = 1", vars).isEmpty(), "only $-names are assigned");
        assertTrue(eval("7 5 = 1", vars).isEmpty(), "a number is not a name");
    }

    @Test
    void hostileExpressionsGiveNoValue() {
        assertTrue(eval("1 0 /").isEmpty(), "division by zero");
        assertTrue(eval("1 0 %").isEmpty(), "remainder by zero");
        assertTrue(eval("$rbx 8 +").isEmpty(), "unknown register");
        assertTrue(eval("$rsp +").isEmpty(), "one operand for a binary operator");
        assertTrue(eval("1 2").isEmpty(), "two values left");
        assertTrue(eval("").isEmpty(), "no value");
        assertTrue(eval("18446744073709551616").isEmpty(), "past 2^64 - 1 is a name, unknown");
        assertEquals(OptionalLong.of(-1L), eval("18446744073709551615"));
        String deep = "1 ".repeat(PostfixExpression.MAX_DEPTH + 1) + "+ ".repeat(PostfixExpression.MAX_DEPTH);
        assertTrue(eval(deep).isEmpty(), "deeper than the bound");
        String fits = "1 ".repeat(PostfixExpression.MAX_DEPTH) + "+ ".repeat(PostfixExpression.MAX_DEPTH - 1);
        assertEquals(OptionalLong.of(PostfixExpression.MAX_DEPTH), eval(fits));
        StringBuilder chain = new StringBuilder("0");
        for (int i = 0; i < 100_000; i++) {
            chain.append(" 1 +");
        }
        assertEquals(OptionalLong.of(100_000), eval(chain.toString()), "long but shallow");
    }

    @Test
    void callerValuesFollowFindCallerRegs() {
        Map<String, String> rules = new java.util.LinkedHashMap<>();
        CfiRules.parseInto(".cfa: $rsp 8 + .ra: .cfa -8 + ^ $rbx: .cfa -16 + ^ $rbp: $nope", rules);
        Map<String, Long> caller = new CfiRules(0, rules).callerValues(Map.of("$rsp", 0x1008L), MEMORY).orElseThrow();
        // $rbp's rule names an unknown variable: left out, the others stand.
        assertEquals(Map.of(".cfa", 0x1010L, ".ra", 0x400123L, "$rbx", 0x1122334455667788L), Map.copyOf(caller));
        Map<String, String> noRa = new java.util.LinkedHashMap<>();
        CfiRules.parseInto(".cfa: $rsp 8 +", noRa);
        assertTrue(new CfiRules(0, noRa).callerValues(Map.of("$rsp", 0x1008L), MEMORY).isEmpty(), "no .ra rule");
        Map<String, String> badCfa = new java.util.LinkedHashMap<>();
        CfiRules.parseInto(".cfa: $rsp 0 / .ra: .cfa -8 + ^", badCfa);
        assertTrue(new CfiRules(0, badCfa).callerValues(Map.of("$rsp", 0x1008L), MEMORY).isEmpty());
    }
}
