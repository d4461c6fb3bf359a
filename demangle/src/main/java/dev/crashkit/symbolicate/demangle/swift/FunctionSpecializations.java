package dev.crashkit.symbolicate.demangle.swift;

/** Function signature specializations ({@code Tf...}) of the Swift 4+ mangling. */
final class FunctionSpecializations {
    static final int CONSTANT_PROP_FUNCTION = 0;
    static final int CONSTANT_PROP_GLOBAL = 1;
    static final int CONSTANT_PROP_INTEGER = 2;
    static final int CONSTANT_PROP_FLOAT = 3;
    static final int CONSTANT_PROP_STRING = 4;
    static final int CLOSURE_PROP = 5;
    static final int BOX_TO_VALUE = 6;
    static final int BOX_TO_STACK = 7;
    static final int IN_OUT_TO_OUT = 8;
    static final int CONSTANT_PROP_KEY_PATH = 9;
    static final int CONSTANT_PROP_STRUCT = 10;
    static final int CLOSURE_PROP_PREVIOUS_ARG = 11;
    static final int ESCAPING_CLOSURE_PROP = 12;
    static final int DEAD = 1 << 6;
    static final int OWNED_TO_GUARANTEED = 1 << 7;
    static final int SROA = 1 << 8;
    static final int GUARANTEED_TO_OWNED = 1 << 9;
    static final int EXISTENTIAL_TO_GENERIC = 1 << 10;

    private FunctionSpecializations() {
    }

    static Node parse(NewDemangler p) {
        Node spec = p.specAttributes(Kind.FunctionSignatureSpecialization);
        while (!p.nextIf('_')) {
            spec.add(param(p, Kind.FunctionSignatureSpecializationParam));
        }
        if (!p.nextIf('n')) {
            spec.add(param(p, Kind.FunctionSignatureSpecializationReturn));
        }
        for (int i = spec.size() - 1; i >= 0; i--) {
            Node param = spec.get(i);
            if (param.kind != Kind.FunctionSignatureSpecializationParam || param.isEmpty()) {
                continue;
            }
            Node kindNd = param.first();
            int kind = (int) kindNd.index;
            switch (kind) {
                case CONSTANT_PROP_FUNCTION: case CONSTANT_PROP_GLOBAL: case CONSTANT_PROP_STRING:
                case CONSTANT_PROP_KEY_PATH: case CLOSURE_PROP: case ESCAPING_CLOSURE_PROP: {
                    int fixed = param.size();
                    Node ty;
                    while ((ty = p.pop(Kind.Type)) != null) {
                        NewParserBase.req(kind == CLOSURE_PROP || kind == CONSTANT_PROP_KEY_PATH
                                || kind == ESCAPING_CLOSURE_PROP);
                        param.add(ty);
                    }
                    Node name = NewParserBase.req(p.pop(Kind.Identifier));
                    String text = name.text();
                    if (kind == CONSTANT_PROP_STRING && text.startsWith("_")) {
                        text = text.substring(1);
                    }
                    param.add(new Node(Kind.FunctionSignatureSpecializationParamPayload, text));
                    param.reverseFrom(fixed);
                    break;
                }
                default:
                    break;
            }
        }
        return spec;
    }

    private static Node kind(long k) {
        return new Node(Kind.FunctionSignatureSpecializationParamKind, k);
    }

    private static Node param(NewDemangler p, Kind k) {
        Node param = new Node(k);
        int c = p.nextOrFail();
        switch (c) {
            case 'n':
                return param;
            case 'c':
                return param.add(kind(CLOSURE_PROP));
            case 'E':
                return param.add(kind(ESCAPING_CLOSURE_PROP));
            case 'C':
                param.add(kind(CLOSURE_PROP_PREVIOUS_ARG));
                return param.add(new Node(Kind.FunctionSignatureSpecializationParamPayload,
                        String.valueOf(p.naturalReq())));
            case 'p': {
                switch (p.nextOrFail()) {
                    case 'f': return param.add(kind(CONSTANT_PROP_FUNCTION));
                    case 'g': return param.add(kind(CONSTANT_PROP_GLOBAL));
                    case 'i': return number(p, param, CONSTANT_PROP_INTEGER);
                    case 'd': return number(p, param, CONSTANT_PROP_FLOAT);
                    case 's': {
                        String enc;
                        switch (p.nextOrFail()) {
                            case 'b': enc = "u8"; break;
                            case 'w': enc = "u16"; break;
                            case 'c': enc = "objc"; break;
                            default: throw NewParserBase.fail();
                        }
                        param.add(kind(CONSTANT_PROP_STRING));
                        return param.add(new Node(Kind.FunctionSignatureSpecializationParamPayload, enc));
                    }
                    case 'k': return param.add(kind(CONSTANT_PROP_KEY_PATH));
                    case 'S': return param.add(kind(CONSTANT_PROP_STRUCT));
                    default: throw NewParserBase.fail();
                }
            }
            case 'e':
                return param.add(kind(flags(p, EXISTENTIAL_TO_GENERIC, "DGOX")));
            case 'd':
                return param.add(kind(flags(p, DEAD, "GOX")));
            case 'g':
                return param.add(kind(flags(p, OWNED_TO_GUARANTEED, "X")));
            case 'o':
                return param.add(kind(flags(p, GUARANTEED_TO_OWNED, "X")));
            case 'x': return param.add(kind(SROA));
            case 'i': return param.add(kind(BOX_TO_VALUE));
            case 's': return param.add(kind(BOX_TO_STACK));
            case 'r': return param.add(kind(IN_OUT_TO_OUT));
            default: throw NewParserBase.fail();
        }
    }

    private static Node number(NewDemangler p, Node param, int k) {
        param.add(kind(k));
        int start = p.pos;
        while (NewParserBase.isDigit(p.peek())) {
            p.next();
        }
        NewParserBase.req(p.pos > start);
        return param.add(new Node(Kind.FunctionSignatureSpecializationParamPayload, p.slice(start, p.pos)));
    }

    /** The text swift-demangle prints for a parameter kind (options combine with " and "). */
    static String describe(long raw) {
        StringBuilder sb = new StringBuilder();
        appendFlag(sb, raw, EXISTENTIAL_TO_GENERIC, "Existential To Protocol Constrained Generic");
        appendFlag(sb, raw, DEAD, "Dead");
        appendFlag(sb, raw, OWNED_TO_GUARANTEED, "Owned To Guaranteed");
        appendFlag(sb, raw, GUARANTEED_TO_OWNED, "Guaranteed To Owned");
        appendFlag(sb, raw, SROA, "Exploded");
        if (sb.length() > 0) {
            return sb.toString();
        }
        switch ((int) raw) {
            case CONSTANT_PROP_FUNCTION: return "Constant Propagated Function";
            case CONSTANT_PROP_GLOBAL: return "Constant Propagated Global";
            case CONSTANT_PROP_INTEGER: return "Constant Propagated Integer";
            case CONSTANT_PROP_FLOAT: return "Constant Propagated Float";
            case CONSTANT_PROP_STRING: return "Constant Propagated String";
            case CLOSURE_PROP: return "Closure Propagated";
            case BOX_TO_VALUE: return "Value Promoted from Box";
            case BOX_TO_STACK: return "Stack Promoted from Box";
            case IN_OUT_TO_OUT: return "InOut Converted to Out";
            case CONSTANT_PROP_KEY_PATH: return "Constant Propagated KeyPath";
            case CONSTANT_PROP_STRUCT: return "Constant Propagated Struct";
            case CLOSURE_PROP_PREVIOUS_ARG: return "Closure Propagated : Previous Arg";
            case ESCAPING_CLOSURE_PROP: return "Escaping Closure Propagated";
            default: return "";
        }
    }

    private static void appendFlag(StringBuilder sb, long raw, int flag, String text) {
        if ((raw & flag) != 0) {
            if (sb.length() > 0) {
                sb.append(" and ");
            }
            sb.append(text);
        }
    }

    /**
     * Adds the optional flag letters that may follow a parameter kind, in the order the grammar
     * allows them (each at most once): D dead, G owned-to-guaranteed, O guaranteed-to-owned, X SROA.
     */
    private static long flags(NewParserBase p, long v, String allowed) {
        for (int i = 0; i < allowed.length(); i++) {
            char c = allowed.charAt(i);
            if (p.nextIf(c)) {
                v |= c == 'D' ? DEAD : c == 'G' ? OWNED_TO_GUARANTEED : c == 'O' ? GUARANTEED_TO_OWNED : SROA;
            }
        }
        return v;
    }
}
