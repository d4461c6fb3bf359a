package dev.crashkit.symbolicate.demangle.cpp;

/** Nodes for function types and function encodings (a name with its parameter list), with exception specifications. */
final class FunctionNodes {
    private FunctionNodes() {
    }

    static final class FunctionType extends Node {
        final Node ret;
        final Node[] params;
        final int cvQuals;
        final int refQual;
        final Node exceptionSpec;

        FunctionType(Node ret, Node[] params, int cvQuals, int refQual, Node exceptionSpec) {
            super(YES, NO, YES);
            this.ret = ret;
            this.params = params;
            this.cvQuals = cvQuals;
            this.refQual = refQual;
            this.exceptionSpec = exceptionSpec;
        }

        @Override
        boolean hasRHSComponentSlow(Printer p) {
            return true;
        }

        @Override
        boolean hasFunctionSlow(Printer p) {
            return true;
        }

        @Override
        void printLeft(Printer p) {
            p.printLeft(ret);
            p.append(' ');
        }

        @Override
        void printRight(Printer p) {
            p.printOpen('(');
            p.printWithComma(params);
            p.printClose(')');
            p.printRight(ret);
            TypeNodes.printQuals(p, cvQuals);
            TypeNodes.printRefQual(p, refQual);
            if (exceptionSpec != null) {
                p.append(' ');
                exceptionSpec.print(p);
            }
        }
    }

    /** A function's name with its parameter list (and return type for templates). */
    static final class FunctionEncoding extends Node {
        final Node ret;
        final Node name;
        final Node[] params;
        final Node attrs;
        final Node requires;
        final int cvQuals;
        final int refQual;

        FunctionEncoding(Node ret, Node name, Node[] params, Node attrs, Node requires, int cvQuals, int refQual) {
            super(YES, NO, YES);
            this.ret = ret;
            this.name = name;
            this.params = params;
            this.attrs = attrs;
            this.requires = requires;
            this.cvQuals = cvQuals;
            this.refQual = refQual;
        }

        @Override
        boolean hasRHSComponentSlow(Printer p) {
            return true;
        }

        @Override
        boolean hasFunctionSlow(Printer p) {
            return true;
        }

        @Override
        void printLeft(Printer p) {
            if (ret != null) {
                p.printLeft(ret);
                if (!ret.hasRHSComponent(p)) {
                    p.append(' ');
                }
            }
            name.print(p);
        }

        @Override
        void printRight(Printer p) {
            p.printOpen('(');
            p.printWithComma(params);
            p.printClose(')');
            if (ret != null) {
                p.printRight(ret);
            }
            TypeNodes.printQuals(p, cvQuals);
            TypeNodes.printRefQual(p, refQual);
            if (attrs != null) {
                attrs.print(p);
            }
            if (requires != null) {
                p.append(" requires ");
                requires.print(p);
            }
        }
    }

    static final class NoexceptSpec extends Node {
        final Node expr;

        NoexceptSpec(Node expr) {
            this.expr = expr;
        }

        @Override
        void printLeft(Printer p) {
            p.append("noexcept");
            p.printOpen('(');
            expr.printAsOperand(p);
            p.printClose(')');
        }
    }

    static final class DynamicExceptionSpec extends Node {
        final Node[] types;

        DynamicExceptionSpec(Node[] types) {
            this.types = types;
        }

        @Override
        void printLeft(Printer p) {
            p.append("throw");
            p.printOpen('(');
            p.printWithComma(types);
            p.printClose(')');
        }
    }

    /** C++23 {@code this Foo&& self}. */
    static final class ExplicitObjectParameter extends Node {
        final Node base;

        ExplicitObjectParameter(Node base) {
            this.base = base;
        }

        @Override
        void printLeft(Printer p) {
            p.append("this ");
            base.print(p);
        }
    }
}
