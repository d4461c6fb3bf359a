package dev.crashkit.symbolicate.breakpad;

import dev.crashkit.core.unwind.Memory;
import java.util.Map;
import java.util.OptionalLong;

/**
 * Breakpad's postfix language of STACK CFI rules ({@code .cfa: $rsp 8 +}, {@code .ra: .cfa -8 + ^}),
 * evaluated as Breakpad's {@code PostfixEvaluator::EvaluateForValue} does, on 64-bit values: tokens
 * split at whitespace; {@code + - * / %} and {@code @} (align down to a power of two) pop two operands;
 * {@code ^} pops an address and pushes the 8-byte word there; {@code =} pops a value and a
 * {@code $}-name and assigns it ({@code =x} is {@code =} then {@code x}); anything else is pushed as a
 * token and read when popped: a decimal number with an optional leading {@code -}, else a variable.
 * The expression must leave exactly one value.
 *
 * <p>Where Breakpad fails (an unknown variable, too few operands, an unreadable word) this gives no
 * value; it also gives none where Breakpad's C++ has no defined answer (division by zero) and for
 * expressions deeper than {@value #MAX_DEPTH} operands, so that a hostile symbol file costs a bounded
 * amount of work and never an exception.
 */
public final class PostfixExpression {
    /** Real rules push at most a handful of operands; this bounds memory for hostile ones. */
    public static final int MAX_DEPTH = 64;

    private PostfixExpression() {
    }

    /**
     * The value of {@code expression}.
     *
     * @param expression the rule's postfix text
     * @param variables  register names ({@code $rsp}, {@code .cfa}, {@code sp}) to values; {@code =} writes here
     * @param memory     where {@code ^} reads
     * @return the single value left, empty when the expression fails
     */
    public static OptionalLong evaluate(String expression, Map<String, Long> variables, Memory memory) {
        String[] stack = new String[MAX_DEPTH];
        int depth = 0;
        for (String raw : expression.split("[ \t\n\r\f\u000b]+")) {
            if (raw.isEmpty()) {
                continue;
            }
            String[] tokens = raw.length() > 1 && raw.charAt(0) == '=' ? new String[]{"=", raw.substring(1)}
                    : new String[]{raw};
            for (String token : tokens) {
                switch (token) {
                    case "+", "-", "*", "/", "%", "@" -> {
                        if (depth < 2) {
                            return OptionalLong.empty();
                        }
                        OptionalLong b = value(stack[--depth], variables);
                        OptionalLong a = value(stack[--depth], variables);
                        if (a.isEmpty() || b.isEmpty()) {
                            return OptionalLong.empty();
                        }
                        OptionalLong r = binary(token, a.getAsLong(), b.getAsLong());
                        if (r.isEmpty()) {
                            return r;
                        }
                        stack[depth++] = Long.toUnsignedString(r.getAsLong());
                    }
                    case "^" -> {
                        if (depth < 1) {
                            return OptionalLong.empty();
                        }
                        OptionalLong address = value(stack[--depth], variables);
                        OptionalLong word = address.isEmpty() ? address : memory.readU64(address.getAsLong());
                        if (word.isEmpty()) {
                            return word;
                        }
                        stack[depth++] = Long.toUnsignedString(word.getAsLong());
                    }
                    case "=" -> {
                        if (depth < 2) {
                            return OptionalLong.empty();
                        }
                        OptionalLong v = value(stack[--depth], variables);
                        String name = stack[--depth];
                        if (v.isEmpty() || literal(name).isPresent() || !name.startsWith("$")) {
                            return OptionalLong.empty();
                        }
                        variables.put(name, v.getAsLong());
                    }
                    default -> {
                        if (depth == MAX_DEPTH) {
                            return OptionalLong.empty();
                        }
                        stack[depth++] = token;
                    }
                }
            }
        }
        return depth == 1 ? value(stack[0], variables) : OptionalLong.empty();
    }

    private static OptionalLong binary(String op, long a, long b) {
        return switch (op) {
            case "+" -> OptionalLong.of(a + b);
            case "-" -> OptionalLong.of(a - b);
            case "*" -> OptionalLong.of(a * b);
            // Breakpad's operands are unsigned; it divides by zero unchecked (undefined in C++).
            case "/" -> b == 0 ? OptionalLong.empty() : OptionalLong.of(Long.divideUnsigned(a, b));
            case "%" -> b == 0 ? OptionalLong.empty() : OptionalLong.of(Long.remainderUnsigned(a, b));
            // a & ~(b - 1): rounds down to a multiple of b when b is a power of two.
            default -> OptionalLong.of(a & (-1L ^ (b - 1)));
        };
    }

    /** A popped token: a literal, else the variable's value; empty for an unknown variable. */
    private static OptionalLong value(String token, Map<String, Long> variables) {
        OptionalLong lit = literal(token);
        if (lit.isPresent()) {
            return lit;
        }
        Long v = variables.get(token);
        return v == null ? OptionalLong.empty() : OptionalLong.of(v);
    }

    /**
     * A decimal literal as Breakpad reads one ({@code istream >>} into an unsigned type, after an
     * optional '-' it negates): digits only, at most 2^64 - 1; anything else is a name.
     */
    static OptionalLong literal(String token) {
        boolean negative = token.startsWith("-");
        String digits = negative ? token.substring(1) : token;
        if (digits.isEmpty() || digits.length() > 20) {
            return OptionalLong.empty();
        }
        for (int i = 0; i < digits.length(); i++) {
            if (digits.charAt(i) < '0' || digits.charAt(i) > '9') {
                return OptionalLong.empty();
            }
        }
        try {
            long v = Long.parseUnsignedLong(digits);
            return OptionalLong.of(negative ? -v : v);
        } catch (NumberFormatException e) {
            return OptionalLong.empty(); // past 2^64 - 1: the stream fails, and Breakpad takes it as a name
        }
    }
}
