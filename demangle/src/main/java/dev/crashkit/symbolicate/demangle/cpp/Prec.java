package dev.crashkit.symbolicate.demangle.cpp;

/** Operator precedence levels of printed expressions, tightest first (same order as LLVM's). */
final class Prec {
    static final int PRIMARY = 0;
    static final int POSTFIX = 1;
    static final int UNARY = 2;
    static final int CAST = 3;
    static final int PTR_MEM = 4;
    static final int MULTIPLICATIVE = 5;
    static final int ADDITIVE = 6;
    static final int SHIFT = 7;
    static final int SPACESHIP = 8;
    static final int RELATIONAL = 9;
    static final int EQUALITY = 10;
    static final int AND = 11;
    static final int XOR = 12;
    static final int IOR = 13;
    static final int AND_IF = 14;
    static final int OR_IF = 15;
    static final int CONDITIONAL = 16;
    static final int ASSIGN = 17;
    static final int COMMA = 18;
    static final int DEFAULT = 19;

    private Prec() {
    }
}
