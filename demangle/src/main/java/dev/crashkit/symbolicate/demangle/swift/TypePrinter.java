package dev.crashkit.symbolicate.demangle.swift;

/** Printing of function types, parameters, bound generics with sugar, SIL function types, signatures. */
abstract class TypePrinter extends PrinterBase {

    TypePrinter(DemangleOptions opts, StringBuilder out, int maxOutput) {
        super(opts, out, maxOutput);
    }

    private void conventionWithCType(Node n, int depth, String conv) {
        w("@convention(").w(conv);
        if (n.first() != null && n.first().kind == Kind.ClangType) {
            w(", mangledCType: \"");
            print(n.first(), depth + 1);
            w('"');
        }
        w(") ");
    }

    void printFunctionType(Node labels, Node n, int depth) {
        if (n.size() < 2) {
            return;
        }
        switch (n.kind) {
            case AutoClosureType: case EscapingAutoClosureType: w("@autoclosure "); break;
            case ThinFunctionType: w("@convention(thin) "); break;
            case CFunctionPointer: conventionWithCType(n, depth, "c"); break;
            case EscapingObjCBlock:
                w("@escaping ");
                conventionWithCType(n, depth, "block");
                break;
            case ObjCBlock: conventionWithCType(n, depth, "block"); break;
            default: break;
        }
        int argIndex = n.size() - 2;
        int i = 0;
        boolean sendable = false;
        boolean async = false;
        boolean sendingResult = false;
        long diffKind = 0;
        if (is(n, i, Kind.ClangType)) {
            i++;
        }
        if (is(n, i, Kind.SendingResultFunctionType)) {
            i++;
            sendingResult = true;
        }
        if (is(n, i, Kind.IsolatedAnyFunctionType)) {
            print(n.get(i), depth + 1);
            i++;
        }
        Node nonIsolatedCaller = null;
        if (is(n, i, Kind.NonIsolatedCallerFunctionType)) {
            nonIsolatedCaller = n.get(i);
            i++;
        }
        if (is(n, i, Kind.GlobalActorFunctionType)) {
            print(n.get(i), depth + 1);
            i++;
        }
        if (is(n, i, Kind.DifferentiableFunctionType)) {
            diffKind = n.get(i).index;
            i++;
        }
        Node thrown = null;
        if (is(n, i, Kind.ThrowsAnnotation) || is(n, i, Kind.TypedThrowsAnnotation)) {
            thrown = n.get(i);
            i++;
        }
        if (is(n, i, Kind.ConcurrentFunctionType)) {
            i++;
            sendable = true;
        }
        if (is(n, i, Kind.AsyncAnnotation)) {
            async = true;
        }
        switch ((int) diffKind) {
            case 'f': w("@differentiable(_forward) "); break;
            case 'r': w("@differentiable(reverse) "); break;
            case 'l': w("@differentiable(_linear) "); break;
            case 'd': w("@differentiable "); break;
            default: break;
        }
        if (nonIsolatedCaller != null) {
            print(nonIsolatedCaller, depth + 1);
        }
        if (sendable) {
            w("@Sendable ");
        }
        printFunctionParameters(labels, n.get(argIndex), depth, opts.showFunctionArgumentTypes());
        if (!opts.showFunctionArgumentTypes()) {
            return;
        }
        if (async) {
            w(" async");
        }
        if (thrown != null) {
            print(thrown, depth + 1);
        }
        w(" -> ");
        if (sendingResult) {
            w("sending ");
        }
        print(n.get(argIndex + 1), depth + 1);
    }

    static boolean is(Node n, int i, Kind k) {
        Node c = n.get(i);
        return c != null && c.kind == k;
    }

    void printFunctionParameters(Node labels, Node paramType, int depth, boolean showTypes) {
        if (paramType.kind != Kind.ArgumentTuple || paramType.first() == null) {
            return;
        }
        Node params = paramType.first().first();
        if (params == null) {
            return;
        }
        if (params.kind != Kind.Tuple) {
            if (showTypes) {
                w('(');
                print(params, depth + 1);
                w(')');
            } else {
                w("(_:)");
            }
            return;
        }
        boolean hasLabels = labels != null && labels.size() > 0;
        w('(');
        for (int i = 0; i < params.size(); i++) {
            Node p = params.get(i);
            if (i > 0 && showTypes) {
                w(", ");
            }
            if (hasLabels) {
                Node l = labels.get(i);
                w(l != null && l.kind == Kind.Identifier ? l.text() : "_").w(':');
            } else if (!showTypes) {
                Node l = p.child(Kind.TupleElementName);
                w(l != null ? l.text() : "_").w(':');
            }
            if (hasLabels && showTypes) {
                w(' ');
            }
            if (showTypes) {
                print(p, depth + 1);
            }
        }
        w(')');
    }

    private static boolean isIdentifier(Node n, String s) {
        return n != null && n.kind == Kind.Identifier && s.equals(n.text);
    }

    private static boolean isSwiftModule(Node n) {
        return n != null && n.kind == Kind.Module && NewParserBase.STDLIB.equals(n.text);
    }

    /** 'o' optional, '!' IUO, 'a' array, 'd' dictionary, 0 none. */
    private static char findSugar(Node n) {
        Node first = n.first();
        if (first == null) {
            return 0;
        }
        if (n.size() == 1 && first.kind == Kind.Type) {
            return findSugar(first);
        }
        if (n.kind != Kind.BoundGenericEnum && n.kind != Kind.BoundGenericStructure) {
            return 0;
        }
        Node args = n.get(1);
        if (args == null || n.size() != 2) {
            return 0;
        }
        Node unbound = first.first();
        if (unbound == null || unbound.size() <= 1) {
            return 0;
        }
        Node c0 = unbound.get(0);
        Node c1 = unbound.get(1);
        if (n.kind == Kind.BoundGenericEnum) {
            if (isIdentifier(c1, "Optional") && args.size() == 1 && isSwiftModule(c0)) {
                return 'o';
            }
            if (isIdentifier(c1, "ImplicitlyUnwrappedOptional") && args.size() == 1 && isSwiftModule(c0)) {
                return '!';
            }
            return 0;
        }
        if (isIdentifier(c1, "Array") && args.size() == 1 && isSwiftModule(c0)) {
            return 'a';
        }
        if (isIdentifier(c1, "Dictionary") && args.size() == 2 && isSwiftModule(c0)) {
            return 'd';
        }
        return 0;
    }

    private void boundGenericNoSugar(Node n, int depth) {
        print(n.first(), depth + 1);
        w('<');
        printChildren(n.get(1), depth, ", ");
        w('>');
    }

    void printBoundGeneric(Node n, int depth) {
        if (n.size() < 2) {
            return;
        }
        if (n.size() != 2 || !opts.synthesizeSugarOnTypes() || n.kind == Kind.BoundGenericClass) {
            boundGenericNoSugar(n, depth);
            return;
        }
        if (n.kind == Kind.BoundGenericProtocol) {
            printChildren(n.get(1), depth, null);
            w(" as ");
            print(n.first(), depth + 1);
            return;
        }
        char sugar = findSugar(n);
        switch (sugar) {
            case 'o': case '!':
                printWithParens(n.get(1).first(), depth);
                w(sugar == 'o' ? "?" : "!");
                break;
            case 'a':
                w('[');
                print(n.get(1).first(), depth + 1);
                w(']');
                break;
            case 'd':
                w('[');
                print(n.get(1).get(0), depth + 1);
                w(" : ");
                print(n.get(1).get(1), depth + 1);
                w(']');
                break;
            default:
                boundGenericNoSugar(n, depth);
        }
    }

    void printImplFunctionType(Node fn, int depth) {
        Node patternSubs = null;
        Node invocationSubs = null;
        Node sendingResult = null;
        int state = 0;
        for (int i = 0; i < fn.size(); i++) {
            Node c = fn.get(i);
            if (c.kind == Kind.ImplParameter) {
                if (state == 1) {
                    w(", ");
                }
                state = transition(state, 1, patternSubs, sendingResult, depth);
                print(c, depth + 1);
            } else if (c.kind == Kind.ImplResult || c.kind == Kind.ImplYield || c.kind == Kind.ImplErrorResult) {
                if (state == 2) {
                    w(", ");
                }
                state = transition(state, 2, patternSubs, sendingResult, depth);
                print(c, depth + 1);
            } else if (c.kind == Kind.ImplPatternSubstitutions) {
                patternSubs = c;
            } else if (c.kind == Kind.ImplInvocationSubstitutions) {
                invocationSubs = c;
            } else if (c.kind == Kind.ImplSendingResult) {
                sendingResult = c;
            } else {
                print(c, depth + 1);
                w(' ');
            }
        }
        transition(state, 2, patternSubs, sendingResult, depth);
        w(')');
        if (patternSubs != null && patternSubs.get(1) != null) {
            w(" for <");
            printChildren(patternSubs.get(1), depth, null);
            w('>');
        }
        if (invocationSubs != null && invocationSubs.first() != null) {
            w(" for <");
            printChildren(invocationSubs.first(), depth, null);
            w('>');
        }
    }

    private int transition(int state, int target, Node patternSubs, Node sendingResult, int depth) {
        while (state < target) {
            if (state == 0) {
                if (patternSubs != null) {
                    w("@substituted ");
                    print(patternSubs.first(), depth + 1);
                    w(' ');
                }
                w('(');
            } else {
                w(") -> ");
                if (sendingResult != null) {
                    print(sendingResult, depth + 1);
                    w(' ');
                }
                w('(');
            }
            state++;
        }
        return state;
    }

    void printGenericSignature(Node n, int depth) {
        w('<');
        int num = n.size();
        int numParams = 0;
        while (numParams < num && n.get(numParams).kind == Kind.DependentGenericParamCount) {
            numParams++;
        }
        int firstReq = numParams;
        while (firstReq < num) {
            Node c = n.get(firstReq);
            if (c.kind == Kind.Type && c.first() != null) {
                c = c.first();
            }
            if (c.kind != Kind.DependentGenericParamPackMarker && c.kind != Kind.DependentGenericParamValueMarker) {
                break;
            }
            firstReq++;
        }
        for (int d = 0; d < numParams; d++) {
            if (d != 0) {
                w("><");
            }
            long count = n.get(d).index;
            for (long idx = 0; Long.compareUnsigned(idx, count) < 0; idx++) {
                if (idx != 0) {
                    w(", ");
                }
                if (idx >= 128) {
                    w("...");
                    break;
                }
                if (isPack(n, numParams, firstReq, d, idx)) {
                    w("each ");
                }
                Node value = valueType(n, numParams, firstReq, d, idx);
                if (value != null) {
                    w("let ");
                }
                w(genericParameterName(d, idx));
                if (value != null) {
                    w(": ");
                    print(value, depth + 1);
                }
            }
        }
        if (firstReq != num && opts.displayWhereClauses()) {
            w(" where ");
            for (int i = firstReq; i < num; i++) {
                if (i > firstReq) {
                    w(", ");
                }
                print(n.get(i), depth + 1);
            }
        }
        w('>');
    }

    private static Node paramOf(Node marker) {
        Node t = marker.first();
        if (t == null || t.kind != Kind.Type) {
            return null;
        }
        Node p = t.first();
        return p != null && p.kind == Kind.DependentGenericParamType ? p : null;
    }

    private static boolean isPack(Node n, int from, int to, long d, long idx) {
        for (int i = from; i < to; i++) {
            Node c = n.get(i);
            if (c.kind != Kind.DependentGenericParamPackMarker) {
                continue;
            }
            Node p = paramOf(c);
            if (p != null && idx == p.get(0).index && d == p.get(1).index) {
                return true;
            }
        }
        return false;
    }

    private static Node valueType(Node n, int from, int to, long d, long idx) {
        for (int i = from; i < to; i++) {
            Node c = n.get(i);
            if (c.kind != Kind.DependentGenericParamValueMarker) {
                continue;
            }
            Node p = paramOf(c);
            if (p != null && idx == p.get(0).index && d == p.get(1).index) {
                return c.get(1);
            }
        }
        return null;
    }

    void printMetatype(Node n, int depth, boolean existential) {
        int idx = 0;
        if (n.size() == 2) {
            print(n.first(), depth + 1);
            w(' ');
            idx = 1;
        }
        Node t = n.get(idx);
        if (t == null) {
            return;
        }
        if (existential) {
            print(t, depth + 1);
            w(".Type");
            return;
        }
        Node type = t.first();
        if (type == null) {
            return;
        }
        printWithParens(type, depth);
        w(isExistentialType(type) ? ".Protocol" : ".Type");
    }
}
