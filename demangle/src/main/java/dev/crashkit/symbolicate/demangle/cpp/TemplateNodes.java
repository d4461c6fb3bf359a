package dev.crashkit.symbolicate.demangle.cpp;

/** Nodes for template arguments, template parameter declarations and parameter packs. */
final class TemplateNodes {
    static final int PARAM_TYPE = 0;
    static final int PARAM_NON_TYPE = 1;
    static final int PARAM_TEMPLATE = 2;

    private TemplateNodes() {
    }

    /** An invented name ({@code $T}, {@code $N0}, {@code $TT1}) for a lambda's template parameter. */
    static final class SyntheticTemplateParamName extends Node {
        final int kind;
        final int index;

        SyntheticTemplateParamName(int kind, int index) {
            this.kind = kind;
            this.index = index;
        }

        @Override
        void printLeft(Printer p) {
            p.append(kind == PARAM_TYPE ? "$T" : kind == PARAM_NON_TYPE ? "$N" : "$TT");
            if (index > 0) {
                p.append((long) index - 1);
            }
        }
    }

    static final class TemplateParamQualifiedArg extends Node {
        final Node param;
        final Node arg;

        TemplateParamQualifiedArg(Node param, Node arg) {
            this.param = param;
            this.arg = arg;
        }

        @Override
        void printLeft(Printer p) {
            // The parameter is not printed, to keep the output consistent.
            arg.print(p);
        }
    }

    static final class TypeTemplateParamDecl extends Node {
        final Node name;

        TypeTemplateParamDecl(Node name) {
            super(YES, NO, NO);
            this.name = name;
        }

        @Override
        void printLeft(Printer p) {
            p.append("typename ");
        }

        @Override
        void printRight(Printer p) {
            name.print(p);
        }
    }

    static final class ConstrainedTypeTemplateParamDecl extends Node {
        final Node constraint;
        final Node name;

        ConstrainedTypeTemplateParamDecl(Node constraint, Node name) {
            super(YES, NO, NO);
            this.constraint = constraint;
            this.name = name;
        }

        @Override
        void printLeft(Printer p) {
            constraint.print(p);
            p.append(' ');
        }

        @Override
        void printRight(Printer p) {
            name.print(p);
        }
    }

    static final class NonTypeTemplateParamDecl extends Node {
        final Node name;
        final Node type;

        NonTypeTemplateParamDecl(Node name, Node type) {
            super(YES, NO, NO);
            this.name = name;
            this.type = type;
        }

        @Override
        void printLeft(Printer p) {
            p.printLeft(type);
            if (!type.hasRHSComponent(p)) {
                p.append(' ');
            }
        }

        @Override
        void printRight(Printer p) {
            name.print(p);
            p.printRight(type);
        }
    }

    static final class TemplateTemplateParamDecl extends Node {
        final Node name;
        final Node[] params;
        final Node requires;

        TemplateTemplateParamDecl(Node name, Node[] params, Node requires) {
            super(YES, NO, NO);
            this.name = name;
            this.params = params;
            this.requires = requires;
        }

        @Override
        void printLeft(Printer p) {
            int saved = p.gtIsGt;
            p.gtIsGt = 0;
            p.append("template<");
            p.printWithComma(params);
            p.append("> typename ");
            p.gtIsGt = saved;
        }

        @Override
        void printRight(Printer p) {
            name.print(p);
            if (requires != null) {
                p.append(" requires ");
                requires.print(p);
            }
        }
    }

    static final class TemplateParamPackDecl extends Node {
        final Node param;

        TemplateParamPackDecl(Node param) {
            super(YES, NO, NO);
            this.param = param;
        }

        @Override
        void printLeft(Printer p) {
            p.printLeft(param);
            p.append("...");
        }

        @Override
        void printRight(Printer p) {
            p.printRight(param);
        }
    }

    /**
     * An unexpanded parameter pack, stored in the template parameter table for {@code J...E}
     * arguments; a {@link ParameterPackExpansion} above it prints it once per element.
     */
    static final class ParameterPack extends Node {
        final Node[] data;

        ParameterPack(Node[] data) {
            super(allNo(data, 0), allNo(data, 1), allNo(data, 2));
            this.data = data;
        }

        private int index(Printer p) {
            if (p.currentPackMax == Printer.NO_PACK) {
                p.currentPackMax = data.length;
                p.currentPackIndex = 0;
            }
            return p.currentPackIndex;
        }

        @Override
        boolean hasRHSComponentSlow(Printer p) {
            int i = index(p);
            return i < data.length && data[i].hasRHSComponent(p);
        }

        @Override
        boolean hasArraySlow(Printer p) {
            int i = index(p);
            return i < data.length && data[i].hasArray(p);
        }

        @Override
        boolean hasFunctionSlow(Printer p) {
            int i = index(p);
            return i < data.length && data[i].hasFunction(p);
        }

        @Override
        Node syntaxNode(Printer p) {
            int i = index(p);
            return i < data.length ? p.syntaxNode(data[i]) : this;
        }

        @Override
        void printLeft(Printer p) {
            int i = index(p);
            if (i < data.length) {
                p.printLeft(data[i]);
            }
        }

        @Override
        void printRight(Printer p) {
            int i = index(p);
            if (i < data.length) {
                p.printRight(data[i]);
            }
        }
    }

    /** A {@code J ... E} template argument pack. */
    static final class TemplateArgumentPack extends Node {
        final Node[] elements;

        TemplateArgumentPack(Node[] elements) {
            this.elements = elements;
        }

        @Override
        void printLeft(Printer p) {
            p.printWithComma(elements);
        }
    }

    static final class ParameterPackExpansion extends Node {
        final Node child;

        ParameterPackExpansion(Node child) {
            this.child = child;
        }

        @Override
        void printLeft(Printer p) {
            int savedIndex = p.currentPackIndex;
            int savedMax = p.currentPackMax;
            p.currentPackIndex = Printer.NO_PACK;
            p.currentPackMax = Printer.NO_PACK;
            int start = p.position();
            // Printing the first element lets a ParameterPack below announce the pack size.
            child.print(p);
            if (p.currentPackMax == Printer.NO_PACK) {
                // No pack below, e.g. an expansion of a <function-param>.
                p.append("...");
            } else if (p.currentPackMax == 0) {
                // An empty pack: erase whatever was printed.
                p.setPosition(start);
            } else {
                for (int i = 1, e = p.currentPackMax; i < e; i++) {
                    p.append(", ");
                    p.currentPackIndex = i;
                    child.print(p);
                }
            }
            p.currentPackIndex = savedIndex;
            p.currentPackMax = savedMax;
        }
    }

    static final class TemplateArgs extends Node {
        final Node[] params;
        final Node requires;

        TemplateArgs(Node[] params, Node requires) {
            this.params = params;
            this.requires = requires;
        }

        @Override
        void printLeft(Printer p) {
            int saved = p.gtIsGt;
            p.gtIsGt = 0;
            if (p.gnu && p.back() == '<') {
                p.append(' '); // as libiberty's d_print_comp: "operator< <char>", never "<<"
            }
            p.append('<');
            p.droppedCommaAt = -1; // only an empty element of this list counts below
            p.printWithComma(params);
            // libiberty looks at the last character it appended: after an empty pack's ", " taken back that is
            // a space, so "Box<double> >>" (its d_print_comp), not "> >".
            if (p.gnu && p.back() == '>' && !p.endsAtDroppedComma()) {
                p.append(' ');
            }
            p.append('>');
            // The requires clause is not printed, to keep the output simple.
            p.gtIsGt = saved;
        }
    }

    /**
     * A template parameter used before its argument list was parsed (conversion operator
     * templates); the parser points it at the argument once known. Ill-formed input can make it
     * refer to itself, so printing guards against re-entry.
     */
    static final class ForwardTemplateReference extends Node {
        final int index;
        /** Set once by the parser when the enclosing encoding's template arguments are known. */
        Node ref;

        ForwardTemplateReference(int index) {
            super(UNKNOWN, UNKNOWN, UNKNOWN);
            this.index = index;
        }

        private Node target() {
            if (ref == null) {
                // Unresolved reference: only possible for ill-formed input.
                throw Bail.INSTANCE;
            }
            return ref;
        }

        @Override
        boolean hasRHSComponentSlow(Printer p) {
            if (!p.tryEnter(this)) {
                return false;
            }
            boolean r = target().hasRHSComponent(p);
            p.exit(this);
            return r;
        }

        @Override
        boolean hasArraySlow(Printer p) {
            if (!p.tryEnter(this)) {
                return false;
            }
            boolean r = target().hasArray(p);
            p.exit(this);
            return r;
        }

        @Override
        boolean hasFunctionSlow(Printer p) {
            if (!p.tryEnter(this)) {
                return false;
            }
            boolean r = target().hasFunction(p);
            p.exit(this);
            return r;
        }

        @Override
        Node syntaxNode(Printer p) {
            if (!p.tryEnter(this)) {
                return this;
            }
            Node r = p.syntaxNode(target());
            p.exit(this);
            return r;
        }

        @Override
        void printLeft(Printer p) {
            if (!p.tryEnter(this)) {
                return;
            }
            p.printLeft(target());
            p.exit(this);
        }

        @Override
        void printRight(Printer p) {
            if (!p.tryEnter(this)) {
                return;
            }
            p.printRight(target());
            p.exit(this);
        }
    }
}
