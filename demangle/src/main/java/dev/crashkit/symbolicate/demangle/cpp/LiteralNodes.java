package dev.crashkit.symbolicate.demangle.cpp;

/** Nodes for literals, initializer lists, lambdas in expressions and requires-expressions. */
final class LiteralNodes {
    private LiteralNodes() {
    }

    static final class BoolExpr extends Node {
        final boolean value;

        BoolExpr(boolean value) {
            this.value = value;
        }

        @Override
        void printLeft(Printer p) {
            p.append(value ? "true" : "false");
        }
    }

    static final class StringLiteral extends Node {
        final Node type;

        StringLiteral(Node type) {
            this.type = type;
        }

        @Override
        void printLeft(Printer p) {
            p.append("\"<");
            type.print(p);
            p.append(">\"");
        }
    }

    static final class LambdaExpr extends Node {
        final Node type;

        LambdaExpr(Node type) {
            this.type = type;
        }

        @Override
        void printLeft(Printer p) {
            p.append("[]");
            if (type instanceof NameNodes.ClosureTypeName c) {
                c.printDeclarator(p);
            }
            p.append("{...}");
        }
    }

    static final class EnumLiteral extends Node {
        final Node type;
        final String integer;

        EnumLiteral(Node type, String integer) {
            this.type = type;
            this.integer = integer;
        }

        @Override
        void printLeft(Printer p) {
            p.printOpen('(');
            type.print(p);
            p.printClose(')');
            if (integer.charAt(0) == 'n') {
                p.append('-').append(integer, 1, integer.length());
            } else {
                p.append(integer);
            }
        }
    }

    static final class IntegerLiteral extends Node {
        final String type;
        final String value;

        IntegerLiteral(String type, String value) {
            this.type = type;
            this.value = value;
        }

        @Override
        void printLeft(Printer p) {
            // Short type names are printed as suffixes (10u, 5ll); longer ones as casts.
            if (type.length() > 3) {
                p.printOpen('(');
                p.append(type);
                p.printClose(')');
            }
            if (value.charAt(0) == 'n') {
                p.append('-').append(value, 1, value.length());
            } else {
                p.append(value);
            }
            if (type.length() <= 3) {
                p.append(type);
            }
        }
    }

    /** A floating-point literal, mangled as the hex digits of its IEEE bits; printed like {@code %a}. */
    static final class FloatLiteral extends Node {
        /** 8 (float), 16 (double) or 20 (x87 long double) lower-case hex digits. */
        final String contents;

        FloatLiteral(String contents) {
            this.contents = contents;
        }

        @Override
        void printLeft(Printer p) {
            p.append(HexFloat.format(contents));
        }
    }

    static final class InitListExpr extends Node {
        final Node type;
        final Node[] inits;

        InitListExpr(Node type, Node[] inits) {
            this.type = type;
            this.inits = inits;
        }

        @Override
        void printLeft(Printer p) {
            if (type != null) {
                type.print(p);
            }
            p.append('{');
            p.printWithComma(inits);
            p.append('}');
        }
    }

    static final class BracedExpr extends Node {
        final Node elem;
        final Node init;
        final boolean array;

        BracedExpr(Node elem, Node init, boolean array) {
            this.elem = elem;
            this.init = init;
            this.array = array;
        }

        @Override
        void printLeft(Printer p) {
            if (array) {
                p.append('[');
                elem.print(p);
                p.append(']');
            } else {
                p.append('.');
                elem.print(p);
            }
            if (!(init instanceof BracedExpr) && !(init instanceof BracedRangeExpr)) {
                p.append(" = ");
            }
            init.print(p);
        }
    }

    static final class BracedRangeExpr extends Node {
        final Node first;
        final Node last;
        final Node init;

        BracedRangeExpr(Node first, Node last, Node init) {
            this.first = first;
            this.last = last;
            this.init = init;
        }

        @Override
        void printLeft(Printer p) {
            p.append('[');
            first.print(p);
            p.append(" ... ");
            last.print(p);
            p.append(']');
            if (!(init instanceof BracedExpr) && !(init instanceof BracedRangeExpr)) {
                p.append(" = ");
            }
            init.print(p);
        }
    }

    static final class RequiresExpr extends Node {
        final Node[] parameters;
        final Node[] requirements;

        RequiresExpr(Node[] parameters, Node[] requirements) {
            this.parameters = parameters;
            this.requirements = requirements;
        }

        @Override
        void printLeft(Printer p) {
            p.append("requires");
            if (parameters.length != 0) {
                p.append(' ');
                p.printOpen('(');
                p.printWithComma(parameters);
                p.printClose(')');
            }
            p.append(' ');
            p.printOpen('{');
            for (Node r : requirements) {
                r.print(p);
            }
            p.append(' ');
            p.printClose('}');
        }
    }

    static final class ExprRequirement extends Node {
        final Node expr;
        final boolean noexcept;
        final Node typeConstraint;

        ExprRequirement(Node expr, boolean noexcept, Node typeConstraint) {
            this.expr = expr;
            this.noexcept = noexcept;
            this.typeConstraint = typeConstraint;
        }

        @Override
        void printLeft(Printer p) {
            p.append(' ');
            boolean braces = noexcept || typeConstraint != null;
            if (braces) {
                p.printOpen('{');
            }
            expr.print(p);
            if (braces) {
                p.printClose('}');
            }
            if (noexcept) {
                p.append(" noexcept");
            }
            if (typeConstraint != null) {
                p.append(" -> ");
                typeConstraint.print(p);
            }
            p.append(';');
        }
    }

    static final class TypeRequirement extends Node {
        final Node type;

        TypeRequirement(Node type) {
            this.type = type;
        }

        @Override
        void printLeft(Printer p) {
            p.append(" typename ");
            type.print(p);
            p.append(';');
        }
    }

    static final class NestedRequirement extends Node {
        final Node constraint;

        NestedRequirement(Node constraint) {
            this.constraint = constraint;
        }

        @Override
        void printLeft(Printer p) {
            p.append(" requires ");
            constraint.print(p);
            p.append(';');
        }
    }
}
