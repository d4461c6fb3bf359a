package dev.crashkit.symbolicate.demangle.swift;

import java.nio.charset.StandardCharsets;

/**
 * Cursor, substitution table and identifier rules of the pre-Swift-4 mangling ({@code _T...}), which
 * is a plain recursive-descent grammar (no node stack).
 */
abstract class OldDemanglerBase extends MangledCursor {
    static final int MAX_DEPTH = 512;
    static final String STDLIB = "Swift";

    final NodeStack subs = new NodeStack();
    int depth;

    void reset(byte[] input, int start) {
        text = input;
        pos = start;
        end = input.length;
        subs.clear();
        depth = 0;
    }

    static ParseFailure fail() {
        return ParseFailure.INSTANCE;
    }

    static <T> T req(T v) {
        return NewParserBase.req(v);
    }

    static void req(boolean ok) {
        NewParserBase.req(ok);
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

    boolean isEmpty() {
        return pos >= end;
    }

    int next() {
        if (pos >= end) {
            throw ParseFailure.INSTANCE;
        }
        return text[pos++] & 0xFF;
    }

    String slice(int from, int to) {
        return new String(text, from, to - from, StandardCharsets.UTF_8);
    }

    /** Like swift's old demangler, wraps around on overflow (unsigned 64-bit). */
    long natural() {
        int c = next();
        req(c >= '0' && c <= '9');
        long n = c - '0';
        while (peek() >= '0' && peek() <= '9') {
            n = n * 10 + (next() - '0');
        }
        return n;
    }

    long index() {
        if (nextIf('_')) {
            return 0;
        }
        long n = natural();
        req(nextIf('_'));
        return n + 1;
    }

    Node indexAsNode() {
        return new Node(Kind.Number, index());
    }

    static boolean isStartOfIdentifier(int c) {
        return (c >= '0' && c <= '9') || c == 'o';
    }

    static boolean isStartOfNominalType(int c) {
        return c == 'C' || c == 'V' || c == 'O';
    }

    static boolean isStartOfEntity(int c) {
        switch (c) {
            case 'F': case 'I': case 'v': case 'P': case 's': case 'Z':
                return true;
            default:
                return isStartOfNominalType(c);
        }
    }

    private static final String OP_CHARS = "& @/= >    <*!|+?%-~   ^ .";

    /** An identifier; {@code kind} null means plain identifier or operator. */
    Node identifier(Kind kind) {
        req(!isEmpty());
        boolean punycoded = nextIf('X');
        boolean operator = false;
        if (nextIf('o')) {
            operator = true;
            req(kind == null);
            switch (next()) {
                case 'p': kind = Kind.PrefixOperator; break;
                case 'P': kind = Kind.PostfixOperator; break;
                case 'i': kind = Kind.InfixOperator; break;
                default: throw fail();
            }
        }
        if (kind == null) {
            kind = Kind.Identifier;
        }
        long len = natural();
        req(len >= 0 && len <= end - pos);
        int from = pos;
        pos += (int) len;
        String id = punycoded ? req(Punycode.decode(text, from, pos)) : slice(from, pos);
        req(!id.isEmpty());
        if (operator) {
            StringBuilder sb = new StringBuilder(id.length());
            for (int i = 0; i < id.length(); i++) {
                char c = id.charAt(i);
                if (c >= 0x80) {
                    sb.append(c);
                    continue;
                }
                req(c >= 'a' && c <= 'z');
                char o = OP_CHARS.charAt(c - 'a');
                req(o != ' ');
                sb.append(o);
            }
            id = sb.toString();
        }
        return new Node(kind, id);
    }

    Node declName() {
        if (nextIf('L')) {
            Node discriminator = indexAsNode();
            Node name = identifier(null);
            return Node.of(Kind.LocalDeclName, discriminator, name);
        }
        if (nextIf('P')) {
            Node discriminator = identifier(null);
            Node name = identifier(null);
            return Node.of(Kind.PrivateDeclName, discriminator, name);
        }
        return identifier(null);
    }

    static Node swiftType(Kind k, String name) {
        return Node.of(k, new Node(Kind.Module, STDLIB), new Node(Kind.Identifier, name));
    }

    Node substitutionIndex() {
        req(!isEmpty());
        switch (peek()) {
            case 'o': pos++; return new Node(Kind.Module, NewParserBase.OBJC_MODULE);
            case 'C': pos++; return new Node(Kind.Module, NewParserBase.C_MODULE);
            case 'a': pos++; return swiftType(Kind.Structure, "Array");
            case 'b': pos++; return swiftType(Kind.Structure, "Bool");
            case 'c': pos++; return swiftType(Kind.Structure, "UnicodeScalar");
            case 'd': pos++; return swiftType(Kind.Structure, "Double");
            case 'f': pos++; return swiftType(Kind.Structure, "Float");
            case 'i': pos++; return swiftType(Kind.Structure, "Int");
            case 'V': pos++; return swiftType(Kind.Structure, "UnsafeRawPointer");
            case 'v': pos++; return swiftType(Kind.Structure, "UnsafeMutableRawPointer");
            case 'P': pos++; return swiftType(Kind.Structure, "UnsafePointer");
            case 'p': pos++; return swiftType(Kind.Structure, "UnsafeMutablePointer");
            case 'q': pos++; return swiftType(Kind.Enum, "Optional");
            case 'Q': pos++; return swiftType(Kind.Enum, "ImplicitlyUnwrappedOptional");
            case 'R': pos++; return swiftType(Kind.Structure, "UnsafeBufferPointer");
            case 'r': pos++; return swiftType(Kind.Structure, "UnsafeMutableBufferPointer");
            case 'S': pos++; return swiftType(Kind.Structure, "String");
            case 'u': pos++; return swiftType(Kind.Structure, "UInt");
            default: {
                long idx = index();
                // Unsigned, like swift: the number wraps around at 2^64, so a huge index can look negative.
                req(Long.compareUnsigned(idx, subs.size()) < 0);
                return subs.get((int) idx);
            }
        }
    }

    Node module() {
        if (nextIf('s')) {
            return new Node(Kind.Module, STDLIB);
        }
        if (nextIf('S')) {
            Node m = substitutionIndex();
            req(m.kind == Kind.Module);
            return m;
        }
        Node m = identifier(Kind.Module);
        subs.push(m);
        return m;
    }

    Node dependentGenericParamType(long d, long i) {
        return Node.of(Kind.DependentGenericParamType, new Node(Kind.Index, d), new Node(Kind.Index, i));
    }

    Node genericParamIndex() {
        if (nextIf('d')) {
            long d = index() + 1;
            long i = index();
            return dependentGenericParamType(d, i);
        }
        if (nextIf('x')) {
            return dependentGenericParamType(0, 0);
        }
        return dependentGenericParamType(0, index() + 1);
    }
}
