package dev.crashkit.symbolicate.demangle.swift;

/** Output buffer, options, depth bound and small helpers shared by the printer files. */
abstract class PrinterBase {
    /** Same bound as swift's NodePrinter: deeper trees print {@code <<too complex>>}. */
    static final int MAX_DEPTH = 768;
    /** Output bound; beyond it the symbol is reported as not demanglable. */
    static final int MAX_OUTPUT = 1 << 20;

    /**
     * Characters of output allowed per character of input. Substitutions let a short name describe a tree
     * whose printing doubles with every few characters; real names print at most ~12x their length
     * (swift-demangle's conformance lists), so beyond 64x (plus a fixed 64K) the name is given up rather
     * than letting a few bytes cost megabytes.
     */
    static final int MAX_OUTPUT_PER_INPUT_CHAR = 64;

    /** The output bound for a name of {@code mangledLength} characters. */
    static int maxOutput(int mangledLength) {
        return (int) Math.min(MAX_OUTPUT, (1L << 16) + (long) MAX_OUTPUT_PER_INPUT_CHAR * mangledLength);
    }

    final DemangleOptions opts;
    final StringBuilder out;
    final int maxOutput;
    boolean specializationPrefixPrinted;

    PrinterBase(DemangleOptions opts, StringBuilder out, int maxOutput) {
        this.opts = opts;
        this.out = out;
        this.maxOutput = maxOutput;
    }

    /** Prints a node; returns a context still to be printed in postfix form, or null. */
    abstract Node print(Node n, int depth, boolean asPrefixContext);

    final void print(Node n, int depth) {
        print(n, depth, false);
    }

    final PrinterBase w(String s) {
        out.append(s);
        if (out.length() > maxOutput) {
            throw ParseFailure.INSTANCE;
        }
        return this;
    }

    final PrinterBase w(char c) {
        out.append(c);
        if (out.length() > maxOutput) {
            throw ParseFailure.INSTANCE;
        }
        return this;
    }

    /** Numbers in nodes are swift's {@code uint64_t}: wrapped-around values print unsigned, as swift prints them. */
    final PrinterBase w(long v) {
        if (v >= 0) {
            out.append(v);
        } else {
            out.append(Long.toUnsignedString(v));
        }
        if (out.length() > maxOutput) {
            throw ParseFailure.INSTANCE;
        }
        return this;
    }

    final void printChildren(Node n, int depth, String sep) {
        for (int i = 0; i < n.size(); i++) {
            if (i > 0 && sep != null) {
                w(sep);
            }
            print(n.get(i), depth + 1);
        }
    }

    final void printFirst(Node n, int depth, String prefix) {
        w(prefix);
        if (n.first() != null) {
            print(n.first(), depth + 1);
        }
    }

    final void printOpt(Node n, int depth, String prefix, String suffix) {
        if (n == null) {
            return;
        }
        if (prefix != null) {
            w(prefix);
        }
        print(n, depth + 1);
        if (suffix != null) {
            w(suffix);
        }
    }

    /**
     * swift also consults DisplayStdlibModule, DisplayObjCModule, HidingCurrentModule and
     * DisplayDebuggerGeneratedModule here; both styles swift-demangle offers keep those at their defaults,
     * under which every context is printed.
     */
    boolean shouldPrintContext(Node ctx) {
        return opts.qualifyEntities();
    }

    private static final String[][] PARAM_NAMES = new String[4][52];

    static {
        for (int d = 0; d < PARAM_NAMES.length; d++) {
            for (int i = 0; i < PARAM_NAMES[d].length; i++) {
                PARAM_NAMES[d][i] = computeParameterName(d, i);
            }
        }
    }

    /** {@code A}, {@code B}, ..., {@code Z}, {@code AB}, ...; depth > 0 appends the depth ({@code A1}). */
    static String genericParameterName(long depth, long index) {
        if (depth >= 0 && depth < PARAM_NAMES.length && index >= 0 && index < PARAM_NAMES[0].length) {
            return PARAM_NAMES[(int) depth][(int) index];
        }
        return computeParameterName(depth, index);
    }

    /** Depth and index are unsigned 64-bit, as in swift (old manglings can wrap them around). */
    private static String computeParameterName(long depth, long index) {
        StringBuilder sb = new StringBuilder();
        do {
            sb.append((char) ('A' + Long.remainderUnsigned(index, 26)));
            index = Long.divideUnsigned(index, 26);
        } while (index != 0);
        if (depth != 0) {
            sb.append(Long.toUnsignedString(depth));
        }
        return sb.toString();
    }

    static boolean isSimpleType(Node n) {
        switch (n.kind) {
            case Type:
                return n.first() != null && isSimpleType(n.first());
            case ProtocolList:
                return n.first() == null || n.first().size() <= 1;
            case ProtocolListWithAnyObject:
                return n.first() != null && n.first().first() != null && n.first().first().size() == 0;
            case AssociatedType: case AssociatedTypeRef: case BoundGenericClass: case BoundGenericEnum:
            case BoundGenericFunction: case BoundGenericOtherNominalType: case BoundGenericProtocol:
            case BoundGenericStructure: case BoundGenericTypeAlias: case BuiltinTypeName: case BuiltinTupleType:
            case BuiltinFixedArray: case Class: case DependentGenericType: case DependentMemberType:
            case DependentGenericParamType: case DynamicSelf: case Enum: case ErrorType: case ExistentialMetatype:
            case Integer: case LabelList: case Metatype: case MetatypeRepresentation: case Module:
            case NegativeInteger: case Tuple: case Pack: case SILPackDirect: case SILPackIndirect:
            case ConstrainedExistentialRequirementList: case ConstrainedExistentialSelf: case Protocol:
            case ProtocolSymbolicReference: case ReturnType: case SILBoxType: case SILBoxTypeWithLayout:
            case Structure: case OtherNominalType: case TupleElementName: case TypeAlias: case TypeList:
            case TypeSymbolicReference: case SugaredOptional: case SugaredArray: case SugaredInlineArray:
            case SugaredDictionary: case SugaredParen: case OpaqueType:
            case OpaqueReturnType:
                return true;
            default:
                return false;
        }
    }

    static boolean needSpaceBeforeType(Node n) {
        switch (n.kind) {
            case Type:
                return n.first() == null || needSpaceBeforeType(n.first());
            case FunctionType: case NoEscapeFunctionType: case UncurriedFunctionType: case DependentGenericType:
                return false;
            default:
                return true;
        }
    }

    static boolean isExistentialType(Node n) {
        return n.kind == Kind.ExistentialMetatype || n.kind == Kind.ProtocolList
                || n.kind == Kind.ProtocolListWithClass || n.kind == Kind.ProtocolListWithAnyObject;
    }

    final void printWithParens(Node type, int depth) {
        boolean parens = !isSimpleType(type);
        if (parens) {
            w('(');
        }
        print(type, depth + 1);
        if (parens) {
            w(')');
        }
    }

    final void quoted(String s) {
        w('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '\\': w("\\\\"); break;
                case '\t': w("\\t"); break;
                case '\n': w("\\n"); break;
                case '\r': w("\\r"); break;
                case '"': w("\\\""); break;
                case 0: w("\\0"); break;
                default:
                    if (c < 0x20 || c == 0x7F) {
                        w("\\x").w(Character.forDigit(c >> 4, 16)).w(Character.forDigit(c & 15, 16));
                    } else {
                        w(c);
                    }
            }
        }
        w('"');
    }
}
