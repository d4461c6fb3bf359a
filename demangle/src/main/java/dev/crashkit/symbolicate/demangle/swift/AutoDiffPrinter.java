package dev.crashkit.symbolicate.demangle.swift;

/** Printing of automatic differentiation nodes. */
final class AutoDiffPrinter {
    private AutoDiffPrinter() {
    }

    static void print(NodePrinter p, Node n, int depth) {
        switch (n.kind) {
            case AutoDiffFunction: case AutoDiffDerivativeVTableThunk: {
                int kindIdx = 0;
                while (kindIdx < n.size() && n.get(kindIdx).kind != Kind.AutoDiffFunctionKind) {
                    kindIdx++;
                }
                if (n.kind == Kind.AutoDiffDerivativeVTableThunk) {
                    p.w("vtable thunk for ");
                }
                p.printOpt(n.get(kindIdx), depth, null, null);
                p.w(" of ");
                Node genSig = null;
                for (int i = 0; i < kindIdx; i++) {
                    if (i == kindIdx - 1 && n.get(i).kind == Kind.DependentGenericSignature) {
                        genSig = n.get(i);
                        break;
                    }
                    p.print(n.get(i), depth + 1);
                }
                if (p.opts.shortenThunk()) {
                    return;
                }
                p.w(" with respect to parameters ");
                p.printOpt(n.get(kindIdx + 1), depth, null, null);
                p.w(" and results ");
                p.printOpt(n.get(kindIdx + 2), depth, null, null);
                if (p.opts.displayWhereClauses()) {
                    p.printOpt(genSig, depth, " with ", null);
                }
                break;
            }
            case AutoDiffFunctionKind:
                switch ((int) n.index) {
                    case 'f': p.w("forward-mode derivative"); break;
                    case 'r': p.w("reverse-mode derivative"); break;
                    case 'd': p.w("differential"); break;
                    case 'p': p.w("pullback"); break;
                    default: break;
                }
                break;
            case AutoDiffSelfReorderingReabstractionThunk: {
                p.w("autodiff self-reordering reabstraction thunk ");
                Node from = n.first();
                Node to = n.get(1);
                int kindIdx = 2;
                Node genSig = null;
                if (n.get(2) != null && n.get(2).kind == Kind.DependentGenericSignature) {
                    genSig = n.get(2);
                    kindIdx = 3;
                }
                p.w("for ");
                if (p.opts.shortenThunk()) {
                    // swift's simplified style names only the type the thunk reorders.
                    p.printOpt(from, depth, null, null);
                    break;
                }
                p.printOpt(n.get(kindIdx), depth, null, null);
                // As swift prints it: the signature right after the kind, then a space before " from ".
                p.printOpt(genSig, depth, null, " ");
                p.printOpt(from, depth, " from ", null);
                p.printOpt(to, depth, " to ", null);
                break;
            }
            case AutoDiffSubsetParametersThunk: {
                p.w("autodiff subset parameters thunk for ");
                int last = n.size() - 1;
                Node toParams = n.get(last);
                Node results = n.get(last - 1);
                Node params = n.get(last - 2);
                Node kind = n.get(last - 3);
                int cur = last - 4;
                p.printOpt(kind, depth, null, " from ");
                for (int i = 0; i < Math.max(cur, 1) && i < n.size(); i++) {
                    p.print(n.get(i), depth + 1);
                }
                if (p.opts.shortenThunk()) {
                    return;
                }
                p.printOpt(params, depth, " with respect to parameters ", null);
                p.printOpt(results, depth, " and results ", null);
                p.printOpt(toParams, depth, " to parameters ", null);
                if (cur > 0) {
                    p.printOpt(n.get(cur), depth, " of type ", null);
                }
                break;
            }
            case DifferentiabilityWitness: {
                boolean hasSig = n.last() != null && n.last().kind == Kind.DependentGenericSignature;
                int kindIdx = n.size() - (hasSig ? 4 : 3);
                Node kindNode = n.get(kindIdx);
                if (kindNode == null) {
                    return;
                }
                switch ((int) kindNode.index) {
                    case 'f': p.w("forward-mode"); break;
                    case 'r': p.w("reverse-mode"); break;
                    case 'd': p.w("normal"); break;
                    case 'l': p.w("linear"); break;
                    default: return;
                }
                p.w(" differentiability witness for ");
                for (int i = 0; i < kindIdx; i++) {
                    p.print(n.get(i), depth + 1);
                }
                p.printOpt(n.get(kindIdx + 1), depth, " with respect to parameters ", null);
                p.printOpt(n.get(kindIdx + 2), depth, " and results ", null);
                p.printOpt(n.get(kindIdx + 3), depth, " with ", null);
                break;
            }
            case IndexSubset: {
                p.w('{');
                boolean any = false;
                String s = n.text();
                for (int i = 0; i < s.length(); i++) {
                    if (s.charAt(i) != 'S') {
                        continue;
                    }
                    if (any) {
                        p.w(", ");
                    }
                    p.w(i);
                    any = true;
                }
                p.w('}');
                break;
            }
            default:
                break;
        }
    }
}
