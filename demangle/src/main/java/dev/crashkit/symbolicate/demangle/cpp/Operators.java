package dev.crashkit.symbolicate.demangle.cpp;

/** The two-letter operator encodings of the Itanium ABI, with kind, precedence and spelling. */
final class Operators {
    static final int PREFIX = 0;      // @ expr
    static final int POSTFIX = 1;     // expr @
    static final int BINARY = 2;      // lhs @ rhs
    static final int ARRAY = 3;       // lhs [ rhs ]
    static final int MEMBER = 4;      // lhs @ rhs
    static final int NEW = 5;
    static final int DEL = 6;
    static final int CALL = 7;        // expr (expr*)
    static final int CCAST = 8;       // (type)expr
    static final int CONDITIONAL = 9; // expr ? expr : expr
    static final int NAME_ONLY = 10;  // overloadable, not valid in an expression
    static final int NAMED_CAST = 11; // @<type>(expr)
    static final int OF_ID_OP = 12;   // alignof, sizeof, typeid
    /** Kinds from here on have no {@code operator} name. */
    static final int UNNAMEABLE = NAMED_CAST;

    /** One operator encoding. {@code flag} is kind-specific (array new/delete, type operand, named member). */
    record Info(String enc, int kind, boolean flag, int prec, String name) {
        /** The spelling without the leading "operator" (and its space) for nameable operators. */
        String symbol() {
            if (kind < UNNAMEABLE) {
                String r = name.substring("operator".length());
                return r.startsWith(" ") ? r.substring(1) : r;
            }
            return name;
        }
    }

    /** Indexed by the two encoding characters. Follows LLVM 19, which has no {@code cp} (added after 19). */
    private static final Info[] TABLE = new Info[128 * 128];

    static {
        Info[] all = {
            new Info("aN", BINARY, false, Prec.ASSIGN, "operator&="),
            new Info("aS", BINARY, false, Prec.ASSIGN, "operator="),
            new Info("aa", BINARY, false, Prec.AND_IF, "operator&&"),
            new Info("ad", PREFIX, false, Prec.UNARY, "operator&"),
            new Info("an", BINARY, false, Prec.AND, "operator&"),
            new Info("at", OF_ID_OP, true, Prec.UNARY, "alignof "),
            new Info("aw", NAME_ONLY, false, Prec.PRIMARY, "operator co_await"),
            new Info("az", OF_ID_OP, false, Prec.UNARY, "alignof "),
            new Info("cc", NAMED_CAST, false, Prec.POSTFIX, "const_cast"),
            new Info("cl", CALL, false, Prec.POSTFIX, "operator()"),
            new Info("cm", BINARY, false, Prec.COMMA, "operator,"),
            new Info("co", PREFIX, false, Prec.UNARY, "operator~"),
            new Info("cv", CCAST, false, Prec.CAST, "operator"),
            new Info("dV", BINARY, false, Prec.ASSIGN, "operator/="),
            new Info("da", DEL, true, Prec.UNARY, "operator delete[]"),
            new Info("dc", NAMED_CAST, false, Prec.POSTFIX, "dynamic_cast"),
            new Info("de", PREFIX, false, Prec.UNARY, "operator*"),
            new Info("dl", DEL, false, Prec.UNARY, "operator delete"),
            new Info("ds", MEMBER, false, Prec.PTR_MEM, "operator.*"),
            new Info("dt", MEMBER, false, Prec.POSTFIX, "operator."),
            new Info("dv", BINARY, false, Prec.ASSIGN, "operator/"),
            new Info("eO", BINARY, false, Prec.ASSIGN, "operator^="),
            new Info("eo", BINARY, false, Prec.XOR, "operator^"),
            new Info("eq", BINARY, false, Prec.EQUALITY, "operator=="),
            new Info("ge", BINARY, false, Prec.RELATIONAL, "operator>="),
            new Info("gt", BINARY, false, Prec.RELATIONAL, "operator>"),
            new Info("ix", ARRAY, false, Prec.POSTFIX, "operator[]"),
            new Info("lS", BINARY, false, Prec.ASSIGN, "operator<<="),
            new Info("le", BINARY, false, Prec.RELATIONAL, "operator<="),
            new Info("ls", BINARY, false, Prec.SHIFT, "operator<<"),
            new Info("lt", BINARY, false, Prec.RELATIONAL, "operator<"),
            new Info("mI", BINARY, false, Prec.ASSIGN, "operator-="),
            new Info("mL", BINARY, false, Prec.ASSIGN, "operator*="),
            new Info("mi", BINARY, false, Prec.ADDITIVE, "operator-"),
            new Info("ml", BINARY, false, Prec.MULTIPLICATIVE, "operator*"),
            new Info("mm", POSTFIX, false, Prec.POSTFIX, "operator--"),
            new Info("na", NEW, true, Prec.UNARY, "operator new[]"),
            new Info("ne", BINARY, false, Prec.EQUALITY, "operator!="),
            new Info("ng", PREFIX, false, Prec.UNARY, "operator-"),
            new Info("nt", PREFIX, false, Prec.UNARY, "operator!"),
            new Info("nw", NEW, false, Prec.UNARY, "operator new"),
            new Info("oR", BINARY, false, Prec.ASSIGN, "operator|="),
            new Info("oo", BINARY, false, Prec.OR_IF, "operator||"),
            new Info("or", BINARY, false, Prec.IOR, "operator|"),
            new Info("pL", BINARY, false, Prec.ASSIGN, "operator+="),
            new Info("pl", BINARY, false, Prec.ADDITIVE, "operator+"),
            // LLVM 19 does not accept "pm" as an operator name (fixed after 19); we match 19.
            new Info("pm", MEMBER, false, Prec.PTR_MEM, "operator->*"),
            new Info("pp", POSTFIX, false, Prec.POSTFIX, "operator++"),
            new Info("ps", PREFIX, false, Prec.UNARY, "operator+"),
            new Info("pt", MEMBER, true, Prec.POSTFIX, "operator->"),
            new Info("qu", CONDITIONAL, false, Prec.CONDITIONAL, "operator?"),
            new Info("rM", BINARY, false, Prec.ASSIGN, "operator%="),
            new Info("rS", BINARY, false, Prec.ASSIGN, "operator>>="),
            new Info("rc", NAMED_CAST, false, Prec.POSTFIX, "reinterpret_cast"),
            new Info("rm", BINARY, false, Prec.MULTIPLICATIVE, "operator%"),
            new Info("rs", BINARY, false, Prec.SHIFT, "operator>>"),
            new Info("sc", NAMED_CAST, false, Prec.POSTFIX, "static_cast"),
            new Info("ss", BINARY, false, Prec.SPACESHIP, "operator<=>"),
            new Info("st", OF_ID_OP, true, Prec.UNARY, "sizeof "),
            new Info("sz", OF_ID_OP, false, Prec.UNARY, "sizeof "),
            new Info("te", OF_ID_OP, false, Prec.POSTFIX, "typeid "),
            new Info("ti", OF_ID_OP, true, Prec.POSTFIX, "typeid "),
        };
        for (Info i : all) {
            TABLE[i.enc.charAt(0) * 128 + i.enc.charAt(1)] = i;
        }
    }

    private Operators() {
    }

    /** The operator encoded by the two characters, or null. */
    static Info lookup(char c0, char c1) {
        if (c0 >= 128 || c1 >= 128) {
            return null;
        }
        return TABLE[c0 * 128 + c1];
    }
}
