package dev.crashkit.symbolicate.demangle.swift;

import java.nio.charset.StandardCharsets;
import java.util.function.Predicate;

/**
 * State and primitives of the stack-based parser for the Swift 4+ mangling ({@code $s}, {@code _T0}...):
 * the input cursor, the node stack, the substitution table and the word table of identifiers.
 */
abstract class NewParserBase extends MangledCursor {
    static final int MAX_REPEAT = 2048;
    static final int MAX_WORDS = 26;
    static final int MAX_DEPTH = 1024;
    static final String STDLIB = "Swift";
    static final String OBJC_MODULE = "__C";
    static final String C_MODULE = "__C_Synthesized";

    final NodeStack stack = new NodeStack();
    final NodeStack subs = new NodeStack();
    /** Word table of the current symbol as byte ranges of {@link #text}; Strings are made only when used. */
    final int[] wordStart = new int[MAX_WORDS];
    final int[] wordEnd = new int[MAX_WORDS];
    int numWords;
    boolean oldFunctionTypeMangling;
    int depth;

    void reset(byte[] input, int start) {
        text = input;
        pos = start;
        end = input.length;
        stack.clear();
        subs.clear();
        numWords = 0;
        depth = 0;
        oldFunctionTypeMangling = false;
    }

    static ParseFailure fail() {
        return ParseFailure.INSTANCE;
    }

    static <T> T req(T v) {
        if (v == null) {
            throw ParseFailure.INSTANCE;
        }
        return v;
    }

    static void req(boolean ok) {
        if (!ok) {
            throw ParseFailure.INSTANCE;
        }
    }

    /**
     * Counts one level of recursion; callers pair it with {@link #leave()} on the normal path only. No
     * try/finally: a failure abandons the whole symbol and {@code reset} clears the depth, while a finally
     * block would make every recursive frame catch and rethrow the failure, which costs far more than the parse.
     */
    void enter() {
        if (++depth > MAX_DEPTH) {
            throw ParseFailure.INSTANCE;
        }
    }

    void leave() {
        depth--;
    }

    // ---- cursor

    int next() {
        return pos < end ? text[pos++] & 0xFF : 0;
    }

    int nextOrFail() {
        if (pos >= end) {
            throw ParseFailure.INSTANCE;
        }
        return text[pos++] & 0xFF;
    }

    void pushBack() {
        pos--;
    }

    void match(char c) {
        req(nextIf(c));
    }

    String slice(int from, int to) {
        return new String(text, from, to - from, StandardCharsets.UTF_8);
    }

    static boolean isDigit(int c) {
        return c >= '0' && c <= '9';
    }

    static boolean isLower(int c) {
        return c >= 'a' && c <= 'z';
    }

    static boolean isUpper(int c) {
        return c >= 'A' && c <= 'Z';
    }

    static boolean isLetter(int c) {
        return isLower(c) || isUpper(c);
    }

    // ---- numbers

    /** A decimal number, or -1 if none starts here; fails on overflow past int range. */
    int natural() {
        if (!isDigit(peek())) {
            return -1;
        }
        long num = 0;
        while (isDigit(peek())) {
            num = num * 10 + (next() - '0');
            if (num > Integer.MAX_VALUE) {
                throw ParseFailure.INSTANCE;
            }
        }
        return (int) num;
    }

    int naturalReq() {
        int n = natural();
        req(n >= 0);
        return n;
    }

    /** {@code _} is 0, {@code N_} is N+1. */
    long index() {
        if (nextIf('_')) {
            return 0;
        }
        int n = natural();
        req(n >= 0 && nextIf('_'));
        return (long) n + 1;
    }

    Node indexAsNode() {
        return new Node(Kind.Number, index());
    }

    // ---- node stack

    void push(Node n) {
        stack.push(n);
    }

    Node pop() {
        return stack.pop();
    }

    Node pop(Kind k) {
        Node top = stack.peek();
        return top == null || top.kind != k ? null : stack.pop();
    }

    Node pop(Predicate<Kind> p) {
        Node top = stack.peek();
        return top == null || !p.test(top.kind) ? null : stack.pop();
    }

    Node popType() {
        return req(pop(Kind.Type));
    }

    Node popTypeAndGetChild() {
        return req(req(pop(Kind.Type)).first());
    }

    Node popTypeAndGetAnyGeneric() {
        Node c = popTypeAndGetChild();
        req(c.kind.isAnyGeneric());
        return c;
    }

    void addSubst(Node n) {
        if (n != null) {
            subs.push(n);
        }
    }

    static Node type(Node child) {
        return Node.of(Kind.Type, req(child));
    }

    static Node typeOf(Kind k, Node... children) {
        return type(Node.of(k, children));
    }

    // ---- identifiers

    Node identifier() {
        boolean hasWordSubsts = false;
        boolean punycoded = false;
        int c = peek();
        req(isDigit(c));
        if (c == '0') {
            next();
            if (peek() == '0') {
                next();
                punycoded = true;
            } else {
                hasWordSubsts = true;
            }
        }
        if (!hasWordSubsts && !punycoded && isDigit(peek()) && peek() != '0') {
            // Common case: one plain length-prefixed identifier.
            int n = natural();
            req(n > 0 && pos + n <= end);
            String s = slice(pos, pos + n);
            collectWords(pos, pos + n);
            pos += n;
            Node ident = new Node(Kind.Identifier, s);
            addSubst(ident);
            return ident;
        }
        StringBuilder id = new StringBuilder();
        do {
            while (hasWordSubsts && isLetter(peek())) {
                int w = next();
                int idx;
                if (isLower(w)) {
                    idx = w - 'a';
                } else {
                    idx = w - 'A';
                    hasWordSubsts = false;
                }
                req(idx < numWords);
                id.append(slice(wordStart[idx], wordEnd[idx]));
            }
            if (nextIf('0')) {
                break;
            }
            int n = natural();
            req(n > 0);
            if (punycoded) {
                nextIf('_');
            }
            req(pos + n <= end);
            if (punycoded) {
                id.append(req(Punycode.decode(text, pos, pos + n)));
            } else {
                id.append(slice(pos, pos + n));
                collectWords(pos, pos + n);
            }
            pos += n;
        } while (hasWordSubsts);
        req(id.length() > 0);
        Node ident = new Node(Kind.Identifier, id.toString());
        addSubst(ident);
        return ident;
    }

    private void collectWords(int from, int to) {
        int start = -1;
        for (int i = from; i <= to; i++) {
            int c = i < to ? text[i] & 0xFF : 0;
            if (start >= 0 && isWordEnd(c, text[i - 1] & 0xFF)) {
                if (i - start >= 2 && numWords < MAX_WORDS) {
                    wordStart[numWords] = start;
                    wordEnd[numWords++] = i;
                }
                start = -1;
            }
            if (start < 0 && c != 0 && !isDigit(c) && c != '_') {
                start = i;
            }
        }
    }

    private static boolean isWordEnd(int c, int prev) {
        return c == '_' || c == 0 || (!isUpper(prev) && isUpper(c));
    }

    // ---- generic helpers shared by the grammar files

    Node popModule() {
        Node id = pop(Kind.Identifier);
        if (id != null) {
            return id.withKind(Kind.Module);
        }
        return pop(Kind.Module);
    }

    Node popContext() {
        Node m = popModule();
        if (m != null) {
            return m;
        }
        Node t = pop(Kind.Type);
        if (t != null) {
            Node c = req(t.first());
            req(c.kind.isContext());
            return c;
        }
        return req(pop(Kind::isContext));
    }

    Node dependentGenericParamType(long depthIdx, long idx) {
        req(depthIdx >= 0 && idx >= 0);
        return Node.of(Kind.DependentGenericParamType, new Node(Kind.Index, depthIdx), new Node(Kind.Index, idx));
    }
}
