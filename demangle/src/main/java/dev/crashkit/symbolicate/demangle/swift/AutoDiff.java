package dev.crashkit.symbolicate.demangle.swift;

/** Automatic differentiation thunks and functions ({@code TJ...}). */
final class AutoDiff {
    private AutoDiff() {
    }

    static Node parse(NewDemangler p) {
        switch (p.nextOrFail()) {
            case 'S': {
                Node r = popAll(p, Kind.AutoDiffSubsetParametersThunk);
                r.add(functionKind(p));
                r.add(p.indexSubset());
                p.match('p');
                r.add(p.indexSubset());
                p.match('r');
                r.add(p.indexSubset());
                p.match('P');
                return r;
            }
            case 'O': {
                Node r = new Node(Kind.AutoDiffSelfReorderingReabstractionThunk);
                Node sig = p.pop(Kind.DependentGenericSignature);
                Node to = p.popType();
                Node from = p.popType();
                r.add(from);
                r.add(to);
                NewTypeParser.addIf(r, sig);
                r.add(functionKind(p));
                return r;
            }
            case 'V':
                return functionOrSimpleThunk(p, Kind.AutoDiffDerivativeVTableThunk);
            default:
                p.pushBack();
                return functionOrSimpleThunk(p, Kind.AutoDiffFunction);
        }
    }

    private static Node popAll(NewDemangler p, Kind k) {
        Node r = new Node(k);
        Node n;
        while ((n = p.pop()) != null) {
            r.add(n);
        }
        r.reverseFrom(0);
        return r;
    }

    private static Node functionOrSimpleThunk(NewDemangler p, Kind k) {
        Node r = popAll(p, k);
        r.add(functionKind(p));
        r.add(p.indexSubset());
        p.match('p');
        r.add(p.indexSubset());
        p.match('r');
        return r;
    }

    private static Node functionKind(NewDemangler p) {
        int c = p.nextOrFail();
        NewParserBase.req(c == 'f' || c == 'r' || c == 'd' || c == 'p');
        return new Node(Kind.AutoDiffFunctionKind, c);
    }
}
