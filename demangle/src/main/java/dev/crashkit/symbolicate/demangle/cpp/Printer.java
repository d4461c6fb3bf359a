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

    /** Output characters; a plain array is cheaper than StringBuilder for many small appends. */
    private char[] buf = new char[256];
    private int len;
    /** Zero while inside template arguments, where a bare {@code >} would end the list. */
    int gtIsGt = 1;
    /**
     * Print as GNU libiberty's {@code __cxa_demangle} (what Breakpad's {@code dump_syms} writes): a space
     * between closing template brackets, {@code [clone .cold]}, {@code {lambda(int)#1}} and
     * {@code {unnamed type#1}} instead of LLVM's {@code >>}, {@code (.cold)}, {@code 'lambda'(int)} and
     * {@code 'unnamed'}.
     */
    boolean gnu;
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
        return new String(buf, 0, len);
    }

    void reset() {
        if (buf.length > KEEP_CAPACITY) {
            // Do not keep a huge buffer alive per thread after one giant name.
            buf = new char[256];
        }
        len = 0;
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

    /** Makes room for {@code n} more characters; output beyond {@link #MAX_OUTPUT} abandons the name. */
    private void reserve(int n) {
        int need = len + n;
        if (need > buf.length) {
            if (need > MAX_OUTPUT) {
                throw Bail.INSTANCE;
            }
            buf = java.util.Arrays.copyOf(buf, Math.max(need, Math.min(buf.length * 2, MAX_OUTPUT)));
        }
    }

    Printer append(String s) {
        int n = s.length();
        reserve(n);
        s.getChars(0, n, buf, len);
        len += n;
        return this;
    }

    Printer append(char c) {
        reserve(1);
        buf[len++] = c;
        return this;
    }

    Printer append(String s, int start, int end) {
        reserve(end - start);
        s.getChars(start, end, buf, len);
        len += end - start;
        return this;
    }

    Printer append(char[] chars, int start, int n) {
        reserve(n);
        System.arraycopy(chars, start, buf, len, n);
        len += n;
        return this;
    }

    Printer append(long v) {
        return append(Long.toString(v));
    }

    void printOpen(char c) {
        gtIsGt++;
        append(c);
    }

    void printClose(char c) {
        gtIsGt--;
        append(c);
    }

    boolean isGtInsideTemplateArgs() {
        return gtIsGt == 0;
    }

    int position() {
        return len;
    }

    void setPosition(int pos) {
        len = pos;
    }

    char back() {
        return len == 0 ? '\0' : buf[len - 1];
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
                if (!first) {
                    droppedCommaAt = beforeComma;
                }
                continue;
            }
            first = false;
        }
    }

    /**
     * Where {@link #printWithComma} last took back the ", " of an element that printed nothing (an empty
     * pack); -1 before any. While the output still ends there, libiberty's last appended character is
     * that space (GNU style).
     */
    int droppedCommaAt = -1;

    /** Whether the output ends where an empty element's ", " was taken back (see {@link #droppedCommaAt}). */
    boolean endsAtDroppedComma() {
        return droppedCommaAt == position();
    }
}
