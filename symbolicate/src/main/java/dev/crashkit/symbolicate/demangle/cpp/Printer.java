package dev.crashkit.symbolicate.demangle.cpp;

/**
 * Output buffer plus the state of one print pass over a node tree.
 *
 * <p>Every recursive step goes through this class, which bounds nesting depth, total work and
 * output length so that shared sub-trees (substitutions) or cyclic forward references in hostile
 * input cannot overflow the stack or run for long; exceeding a bound throws {@link Bail}.
 */
final class Printer {
    static final int NO_PACK = Integer.MAX_VALUE;
    private static final int MAX_DEPTH = 2048;
    private static final int MAX_STEPS = 2_000_000;
    static final int MAX_OUTPUT = 256 * 1024;
    private static final int KEEP_CAPACITY = 16 * 1024;

    private StringBuilder out = new StringBuilder(256);
    /** Zero while inside template arguments, where a bare {@code >} would end the list. */
    int gtIsGt = 1;
    int currentPackIndex = NO_PACK;
    int currentPackMax = NO_PACK;
    /** Result slot of ReferenceType's collapse: whether the collapsed reference is &&. */
    boolean collapsedRvalue;
    private int depth;
    private int steps;
    /** Nodes whose printing is in progress and that must not re-enter themselves. */
    private Node[] active = new Node[8];
    private int activeCount;

    String result() {
        return out.toString();
    }

    void reset() {
        if (out.capacity() > KEEP_CAPACITY) {
            // Do not keep a huge buffer alive per thread after one giant name.
            out = new StringBuilder(256);
        }
        out.setLength(0);
        gtIsGt = 1;
        currentPackIndex = NO_PACK;
        currentPackMax = NO_PACK;
        depth = 0;
        steps = 0;
        activeCount = 0;
    }

    private void enter() {
        if (++depth > MAX_DEPTH || ++steps > MAX_STEPS) {
            throw Bail.INSTANCE;
        }
    }

    void printLeft(Node n) {
        enter();
        n.printLeft(this);
        depth--;
    }

    void printRight(Node n) {
        enter();
        n.printRight(this);
        depth--;
    }

    boolean hasRHSComponentSlow(Node n) {
        enter();
        boolean r = n.hasRHSComponentSlow(this);
        depth--;
        return r;
    }

    boolean hasArraySlow(Node n) {
        enter();
        boolean r = n.hasArraySlow(this);
        depth--;
        return r;
    }

    boolean hasFunctionSlow(Node n) {
        enter();
        boolean r = n.hasFunctionSlow(this);
        depth--;
        return r;
    }

    Node syntaxNode(Node n) {
        enter();
        Node r = n.syntaxNode(this);
        depth--;
        return r;
    }

    /** Marks {@code n} as in progress; false when it already is (a cycle). */
    boolean tryEnter(Node n) {
        for (int i = 0; i < activeCount; i++) {
            if (active[i] == n) {
                return false;
            }
        }
        if (activeCount == active.length) {
            active = java.util.Arrays.copyOf(active, activeCount * 2);
        }
        active[activeCount++] = n;
        return true;
    }

    void exit(Node n) {
        // Entries are strictly nested, so the node to remove is the last one.
        activeCount--;
    }

    Printer append(String s) {
        out.append(s);
        if (out.length() > MAX_OUTPUT) {
            throw Bail.INSTANCE;
        }
        return this;
    }

    Printer append(char c) {
        out.append(c);
        return this;
    }

    Printer append(CharSequence s, int start, int end) {
        out.append(s, start, end);
        if (out.length() > MAX_OUTPUT) {
            throw Bail.INSTANCE;
        }
        return this;
    }

    Printer append(char[] chars, int start, int len) {
        out.append(chars, start, len);
        if (out.length() > MAX_OUTPUT) {
            throw Bail.INSTANCE;
        }
        return this;
    }

    Printer append(long v) {
        out.append(v);
        return this;
    }

    void printOpen(char c) {
        gtIsGt++;
        out.append(c);
    }

    void printClose(char c) {
        gtIsGt--;
        out.append(c);
    }

    boolean isGtInsideTemplateArgs() {
        return gtIsGt == 0;
    }

    int position() {
        return out.length();
    }

    void setPosition(int pos) {
        out.setLength(pos);
    }

    char back() {
        int n = out.length();
        return n == 0 ? '\0' : out.charAt(n - 1);
    }

    /** Prints elements separated by {@code ", "}, dropping the comma before an empty pack expansion. */
    void printWithComma(Node[] elements) {
        boolean first = true;
        for (Node e : elements) {
            int beforeComma = position();
            if (!first) {
                append(", ");
            }
            int afterComma = position();
            e.printAsOperand(this, Prec.COMMA, false);
            if (afterComma == position()) {
                setPosition(beforeComma);
                continue;
            }
            first = false;
        }
    }
}
