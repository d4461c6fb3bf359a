package dev.crashkit.symbolicate.breakpad;

import dev.crashkit.core.unwind.Memory;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The register recovery rules in force at one address, from a {@code STACK CFI INIT} record and
 * the {@code STACK CFI} deltas up to the address: each register ({@code .cfa}, {@code .ra}, or a
 * register name such as {@code $rbp}/{@code rbp}) to its postfix expression, as Breakpad's
 * {@code CFIFrameInfo} holds them for its unwinder ({@code docs/symbol_files.md}, "STACK CFI").
 *
 * @param start start of the INIT record's range (module-relative)
 * @param rules register to expression ("{@code .cfa}" → "{@code $rsp 8 +}"), in the order set
 */
public record CfiRules(long start, Map<String, String> rules) {

    public CfiRules {
        rules = Collections.unmodifiableMap(new LinkedHashMap<>(rules));
    }

    /** The rule for {@code register}, if the records set one. */
    public java.util.Optional<String> rule(String register) {
        return java.util.Optional.ofNullable(rules.get(register));
    }

    /**
     * The caller's registers by these rules, as Breakpad's {@code CFIFrameInfo::FindCallerRegs}:
     * nothing unless both {@code .cfa} and {@code .ra} have rules and evaluate (against the callee's
     * registers; {@code .ra} and the other rules also see {@code .cfa}); a register whose own rule
     * fails is left out. Each rule starts from the callee's values, so one rule's assignments do not
     * leak into the next.
     *
     * @param callee the callee's registers by the names the rules use ({@code $rsp}, {@code sp})
     * @param memory where {@code ^} reads
     * @return the register names with rules, {@code .cfa} and {@code .ra}, to the caller's values
     */
    public java.util.Optional<Map<String, Long>> callerValues(Map<String, Long> callee, Memory memory) {
        String cfaRule = rules.get(".cfa");
        String raRule = rules.get(".ra");
        if (cfaRule == null || raRule == null) {
            return java.util.Optional.empty();
        }
        java.util.OptionalLong cfa = PostfixExpression.evaluate(cfaRule, new HashMap<>(callee), memory);
        if (cfa.isEmpty()) {
            return java.util.Optional.empty();
        }
        Map<String, Long> withCfa = new HashMap<>(callee);
        withCfa.put(".cfa", cfa.getAsLong());
        java.util.OptionalLong ra = PostfixExpression.evaluate(raRule, new HashMap<>(withCfa), memory);
        if (ra.isEmpty()) {
            return java.util.Optional.empty();
        }
        Map<String, Long> caller = new HashMap<>();
        for (Map.Entry<String, String> r : rules.entrySet()) {
            if (r.getKey().equals(".cfa") || r.getKey().equals(".ra")) {
                continue;
            }
            PostfixExpression.evaluate(r.getValue(), new HashMap<>(withCfa), memory)
                    .ifPresent(v -> caller.put(r.getKey(), v));
        }
        caller.put(".ra", ra.getAsLong());
        caller.put(".cfa", cfa.getAsLong());
        return java.util.Optional.of(caller);
    }

    /**
     * Adds the rules of one record's text ({@code .cfa: $rsp 8 + .ra: .cfa -8 + ^}) to {@code into},
     * later ones replacing earlier ones; false when the text is not a rule set (Breakpad's
     * {@code CFIRuleParser}: a register name ends with ':', and each has at least one token of expression).
     */
    static boolean parseInto(String text, Map<String, String> into) {
        String register = null;
        StringBuilder expr = new StringBuilder();
        Map<String, String> found = new LinkedHashMap<>();
        for (String token : text.split(" ")) {
            if (token.isEmpty()) {
                continue;
            }
            if (token.endsWith(":")) {
                if (register != null) {
                    if (expr.length() == 0) {
                        return false;
                    }
                    found.put(register, expr.toString());
                }
                register = token.substring(0, token.length() - 1);
                if (register.isEmpty()) {
                    return false;
                }
                expr.setLength(0);
            } else {
                if (register == null) {
                    return false;
                }
                if (expr.length() > 0) {
                    expr.append(' ');
                }
                expr.append(token);
            }
        }
        if (register == null || expr.length() == 0) {
            return false;
        }
        found.put(register, expr.toString());
        into.putAll(found);
        return true;
    }
}
