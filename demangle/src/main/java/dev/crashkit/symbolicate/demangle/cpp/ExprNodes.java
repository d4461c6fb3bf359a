package dev.crashkit.symbolicate.demangle.cpp;

/** Nodes for operator expressions (template arguments, decltype, noexcept specifications). */
final class ExprNodes {
    private ExprNodes() {
    }

    static final class BinaryExpr extends Node {
        final Node lhs;
        final String op;
        final Node rhs;

        BinaryExpr(Node lhs, String op, Node rhs, int prec) {
            super(prec);
            this.lhs = lhs;
            this.op = op;
            this.rhs = rhs;
        }

        @Override
        void printLeft(Printer p) {
            // Inside template arguments a bare '>' would close the list.
            boolean parenAll = p.isGtInsideTemplateArgs() && (op.equals(">") || op.equals(">>"));
            if (parenAll) {
                p.printOpen('(');
            }
            // Assignment is right associative, with special LHS precedence.
            boolean isAssign = prec == Prec.ASSIGN;
            lhs.printAsOperand(p, isAssign ? Prec.OR_IF : prec, !isAssign);
            if (!op.equals(",")) {
                p.append(' ');
            }
            p.append(op).append(' ');
            rhs.printAsOperand(p, prec, isAssign);
            if (parenAll) {
                p.printClose(')');
            }
        }
    }

    static final class ArraySubscriptExpr extends Node {
        final Node op1;
        final Node op2;

        ArraySubscriptExpr(Node op1, Node op2, int prec) {
            super(prec);
            this.op1 = op1;
            this.op2 = op2;
        }

        @Override
        void printLeft(Printer p) {
            op1.printAsOperand(p, prec, false);
            p.printOpen('[');
            op2.printAsOperand(p);
            p.printClose(']');
        }
    }

    static final class PostfixExpr extends Node {
        final Node child;
        final String op;

        PostfixExpr(Node child, String op, int prec) {
            super(prec);
            this.child = child;
            this.op = op;
        }

        @Override
        void printLeft(Printer p) {
            child.printAsOperand(p, prec, true);
            p.append(op);
        }
    }

    static final class ConditionalExpr extends Node {
        final Node cond;
        final Node then;
        final Node otherwise;

        ConditionalExpr(Node cond, Node then, Node otherwise, int prec) {
            super(prec);
            this.cond = cond;
            this.then = then;
            this.otherwise = otherwise;
        }

        @Override
        void printLeft(Printer p) {
            cond.printAsOperand(p, prec, false);
            p.append(" ? ");
            then.printAsOperand(p);
            p.append(" : ");
            otherwise.printAsOperand(p, Prec.ASSIGN, true);
        }
    }

    static final class MemberExpr extends Node {
        final Node lhs;
        final String kind;
        final Node rhs;

        MemberExpr(Node lhs, String kind, Node rhs, int prec) {
            super(prec);
            this.lhs = lhs;
            this.kind = kind;
            this.rhs = rhs;
        }

        @Override
        void printLeft(Printer p) {
            lhs.printAsOperand(p, prec, true);
            p.append(kind);
            rhs.printAsOperand(p, prec, false);
        }
    }

    static final class SubobjectExpr extends Node {
        final Node type;
        final Node subExpr;
        final String offset;

        SubobjectExpr(Node type, Node subExpr, String offset) {
            this.type = type;
            this.subExpr = subExpr;
            this.offset = offset;
        }

        @Override
        void printLeft(Printer p) {
            subExpr.print(p);
            p.append(".<");
            type.print(p);
            p.append(" at offset ");
            if (offset.isEmpty()) {
                p.append('0');
            } else if (offset.charAt(0) == 'n') {
                p.append('-').append(offset, 1, offset.length());
            } else {
                p.append(offset);
            }
            p.append('>');
        }
    }

    /** {@code prefix(expr)}: decltype, sizeof, alignof, typeid, noexcept. */
    static final class EnclosingExpr extends Node {
        final String prefix;
        final Node infix;

        EnclosingExpr(String prefix, Node infix, int prec) {
            super(prec);
            this.prefix = prefix;
            this.infix = infix;
        }

        @Override
        void printLeft(Printer p) {
            p.append(prefix);
            p.printOpen('(');
            infix.print(p);
            p.printClose(')');
        }
    }

    static final class CastExpr extends Node {
        final String castKind;
        final Node to;
        final Node from;

        CastExpr(String castKind, Node to, Node from, int prec) {
            super(prec);
            this.castKind = castKind;
            this.to = to;
            this.from = from;
        }

        @Override
        void printLeft(Printer p) {
            p.append(castKind);
            int saved = p.gtIsGt;
            p.gtIsGt = 0;
            p.append('<');
            p.printLeft(to);
            p.append('>');
            p.gtIsGt = saved;
            p.printOpen('(');
            from.printAsOperand(p);
            p.printClose(')');
        }
    }

    static final class SizeofParamPackExpr extends Node {
        final Node pack;

        SizeofParamPackExpr(Node pack) {
            this.pack = pack;
        }

        @Override
        void printLeft(Printer p) {
            p.append("sizeof...");
            p.printOpen('(');
            new TemplateNodes.ParameterPackExpansion(pack).printLeft(p);
            p.printClose(')');
        }
    }

    static final class CallExpr extends Node {
        final Node callee;
        final Node[] args;
        final boolean paren;

        CallExpr(Node callee, Node[] args, boolean paren, int prec) {
            super(prec);
            this.callee = callee;
            this.args = args;
            this.paren = paren;
        }

        @Override
        void printLeft(Printer p) {
            if (paren) {
                p.printOpen('(');
            }
            callee.print(p);
            if (paren) {
                p.printClose(')');
            }
            p.printOpen('(');
            p.printWithComma(args);
            p.printClose(')');
        }
    }

    static final class NewExpr extends Node {
        final Node[] exprList;
        final Node type;
        final Node[] initList;
        final boolean global;
        final boolean array;

        NewExpr(Node[] exprList, Node type, Node[] initList, boolean global, boolean array, int prec) {
            super(prec);
            this.exprList = exprList;
            this.type = type;
            this.initList = initList;
            this.global = global;
            this.array = array;
        }

        @Override
        void printLeft(Printer p) {
            if (global) {
                p.append("::");
            }
            p.append("new");
            if (array) {
                p.append("[]");
            }
            if (exprList.length != 0) {
                p.printOpen('(');
                p.printWithComma(exprList);
                p.printClose(')');
            }
            p.append(' ');
            type.print(p);
            if (initList.length != 0) {
                p.printOpen('(');
                p.printWithComma(initList);
                p.printClose(')');
            }
        }
    }

    static final class DeleteExpr extends Node {
        final Node op;
        final boolean global;
        final boolean array;

        DeleteExpr(Node op, boolean global, boolean array, int prec) {
            super(prec);
            this.op = op;
            this.global = global;
            this.array = array;
        }

        @Override
        void printLeft(Printer p) {
            if (global) {
                p.append("::");
            }
            p.append("delete");
            if (array) {
                p.append("[]");
            }
            p.append(' ');
            op.print(p);
        }
    }

    static final class PrefixExpr extends Node {
        final String prefix;
        final Node child;

        PrefixExpr(String prefix, Node child, int prec) {
            super(prec);
            this.prefix = prefix;
            this.child = child;
        }

        @Override
        void printLeft(Printer p) {
            p.append(prefix);
            if (p.gnu && prefix.equals("&") && child instanceof FunctionNodes.FunctionEncoding f) {
                // libiberty: the address of a qualified function drops its parameter list; of any other
                // function it is parenthesised whole ("&(f(int))").
                if (f.name instanceof NameNodes.NestedName) {
                    f.name.print(p);
                } else {
                    p.append('(');
                    child.print(p);
                    p.append(')');
                }
                return;
            }
            child.printAsOperand(p, prec, false);
        }
    }

    static final class FunctionParam extends Node {
        final String number;

        FunctionParam(String number) {
            this.number = number;
        }

        @Override
        void printLeft(Printer p) {
            p.append("fp").append(number);
        }
    }

    static final class ConversionExpr extends Node {
        final Node type;
        final Node[] expressions;

        ConversionExpr(Node type, Node[] expressions, int prec) {
            super(prec);
            this.type = type;
            this.expressions = expressions;
        }

        @Override
        void printLeft(Printer p) {
            p.printOpen('(');
            type.print(p);
            p.printClose(')');
            p.printOpen('(');
            p.printWithComma(expressions);
            p.printClose(')');
        }
    }

    static final class PointerToMemberConversionExpr extends Node {
        final Node type;
        final Node subExpr;

        PointerToMemberConversionExpr(Node type, Node subExpr, int prec) {
            super(prec);
            this.type = type;
            this.subExpr = subExpr;
        }

        @Override
        void printLeft(Printer p) {
            p.printOpen('(');
            type.print(p);
            p.printClose(')');
            p.printOpen('(');
            subExpr.print(p);
            p.printClose(')');
        }
    }

    static final class FoldExpr extends Node {
        final boolean leftFold;
        final String op;
        final Node pack;
        final Node init;

        FoldExpr(boolean leftFold, String op, Node pack, Node init) {
            this.leftFold = leftFold;
            this.op = op;
            this.pack = pack;
            this.init = init;
        }

        private void printPack(Printer p) {
            p.printOpen('(');
            new TemplateNodes.ParameterPackExpansion(pack).print(p);
            p.printClose(')');
        }

        @Override
        void printLeft(Printer p) {
            p.printOpen('(');
            // Either '[init op ]... op pack' or 'pack op ...[ op init]'.
            if (!leftFold || init != null) {
                if (leftFold) {
                    init.printAsOperand(p, Prec.CAST, true);
                } else {
                    printPack(p);
                }
                p.append(' ').append(op).append(' ');
            }
            p.append("...");
            if (leftFold || init != null) {
                p.append(' ').append(op).append(' ');
                if (leftFold) {
                    printPack(p);
                } else {
                    init.printAsOperand(p, Prec.CAST, true);
                }
            }
            p.printClose(')');
        }
    }

    static final class ThrowExpr extends Node {
        final Node op;

        ThrowExpr(Node op) {
            this.op = op;
        }

        @Override
        void printLeft(Printer p) {
            p.append("throw ");
            op.print(p);
        }
    }
}
