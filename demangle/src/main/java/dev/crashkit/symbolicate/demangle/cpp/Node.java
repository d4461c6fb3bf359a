package dev.crashkit.symbolicate.demangle.cpp;

/**
 * A node of the demangled syntax tree. The parser builds the tree; {@link Printer} walks it.
 *
 * <p>C++ declarators put parts of a type on both sides of the name ({@code int (*f)(char)}), so
 * every node prints a left part and an optional right part. The three caches tell whether a node
 * has a right part, is an array or is a function; {@link #UNKNOWN} means it depends on which
 * element of a parameter pack is being printed and must be asked at print time.
 *
 * <p>Nodes are immutable once parsing finished (only {@link ForwardTemplateReference} gets its
 * target filled in by the parser); all print-time state lives in the {@link Printer}.
 */
abstract class Node {
    static final byte NO = 0;
    static final byte YES = 1;
    static final byte UNKNOWN = 2;
    static final Node[] EMPTY = new Node[0];
    final int prec;
    final byte rhsCache;
    final byte arrayCache;
    final byte functionCache;

    Node(int prec, byte rhsCache, byte arrayCache, byte functionCache) {
        this.prec = prec;
        this.rhsCache = rhsCache;
        this.arrayCache = arrayCache;
        this.functionCache = functionCache;
    }

    Node(byte rhsCache, byte arrayCache, byte functionCache) {
        this(Prec.PRIMARY, rhsCache, arrayCache, functionCache);
    }

    Node(int prec) {
        this(prec, NO, NO, NO);
    }

    Node() {
        this(Prec.PRIMARY, NO, NO, NO);
    }

    final boolean hasRHSComponent(Printer p) {
        return rhsCache == UNKNOWN ? p.hasRHSComponentSlow(this) : rhsCache == YES;
    }

    final boolean hasArray(Printer p) {
        return arrayCache == UNKNOWN ? p.hasArraySlow(this) : arrayCache == YES;
    }

    final boolean hasFunction(Printer p) {
        return functionCache == UNKNOWN ? p.hasFunctionSlow(this) : functionCache == YES;
    }

    boolean hasRHSComponentSlow(Printer p) {
        return false;
    }

    boolean hasArraySlow(Printer p) {
        return false;
    }

    boolean hasFunctionSlow(Printer p) {
        return false;
    }

    /** Looks through glue nodes (packs, forward references) to the node that carries syntax. */
    Node syntaxNode(Printer p) {
        return this;
    }

    /** The unqualified name, used to spell constructors and destructors. */
    String baseName() {
        return "";
    }

    final void print(Printer p) {
        p.printLeft(this);
        if (rhsCache != NO) {
            p.printRight(this);
        }
    }

    /** Prints as an operand, in parentheses when this binds weaker than {@code outer}. */
    final void printAsOperand(Printer p, int outer, boolean strictlyWorse) {
        boolean paren = prec >= outer + (strictlyWorse ? 1 : 0);
        if (paren) {
            p.printOpen('(');
        }
        print(p);
        if (paren) {
            p.printClose(')');
        }
    }

    final void printAsOperand(Printer p) {
        printAsOperand(p, Prec.DEFAULT, false);
    }

    abstract void printLeft(Printer p);

    void printRight(Printer p) {
    }

    static byte allNo(Node[] nodes, int which) {
        for (Node n : nodes) {
            byte c = which == 0 ? n.rhsCache : which == 1 ? n.arrayCache : n.functionCache;
            if (c != NO) {
                return UNKNOWN;
            }
        }
        return NO;
    }
}
