package dev.crashkit.symbolicate.demangle.swift;

/** SIL implementation function types and their parameter/result attributes. */
final class SilTypePrinter {
    private SilTypePrinter() {
    }

    static void print(NodePrinter p, Node n, int depth) {
        switch (n.kind) {
            case ImplEscaping: p.w("@escaping"); break;
            case ImplErasedIsolation: p.w("@isolated(any)"); break;
            case ImplNonisolatedNonsendingIsolation: p.w("nonisolated(nonsending)"); break;
            case ImplCalledOnceFunction: p.w("@callee_once"); break;
            case ImplSendingResult: p.w("sending"); break;
            case ImplCoroutineKind: p.w('@').w(n.text()); break;
            case ImplParameterResultDifferentiability: case ImplParameterSending: case ImplParameterIsolated:
            case ImplParameterImplicitLeading:
                if (!n.text().isEmpty()) {
                    p.w(n.text()).w(' ');
                }
                break;
            case ImplDifferentiabilityKind:
                p.w("@differentiable");
                switch ((int) n.index) {
                    case 'l': p.w("(_linear)"); break;
                    case 'f': p.w("(_forward)"); break;
                    case 'r': p.w("(reverse)"); break;
                    default: break;
                }
                break;
            case ImplFunctionConvention:
                p.w("@convention(").w(n.first() == null ? "" : n.first().text());
                if (n.size() == 2) {
                    p.w(", mangledCType: \"");
                    p.print(n.get(1), depth + 1);
                    p.w('"');
                }
                p.w(')');
                break;
            case ImplErrorResult: p.w("@error "); p.printChildren(n, depth, " "); break;
            case ImplYield: p.w("@yields "); p.printChildren(n, depth, " "); break;
            case ImplParameter: case ImplResult:
                p.printOpt(n.first(), depth, null, " ");
                for (int i = 1; i < n.size() - 1; i++) {
                    Kind k = n.get(i).kind;
                    if (k != Kind.ImplParameterIsolated && k != Kind.ImplParameterImplicitLeading) {
                        p.print(n.get(i), depth + 1);
                    }
                }
                if (n.size() > 1) {
                    p.print(n.last(), depth + 1);
                }
                break;
            case ImplFunctionType: p.printImplFunctionType(n, depth); break;
            case ImplPatternSubstitutions:
                p.w("@substituted ");
                p.printOpt(n.first(), depth, null, null);
                if (n.get(1) != null) {
                    p.w(" for <");
                    p.printChildren(n.get(1), depth, ", ");
                    p.w('>');
                }
                break;
            case ImplInvocationSubstitutions:
                if (n.first() != null) {
                    p.w(" for <");
                    p.printChildren(n.first(), depth, ", ");
                    p.w('>');
                }
                break;
            default:
                break;
        }
    }
}
