package dev.crashkit.symbolicate.demangle.cpp;

/** Nodes for names: identifiers, scopes, constructors, special names and whole encodings. */
final class NameNodes {
    private NameNodes() {
    }

    /**
     * A plain identifier or fixed spelling (builtin types, "std", operator names). Identifiers
     * parsed from the input keep a range of it instead of a copy.
     */
    static final class NameType extends Node {
        /** Either a fixed spelling, or null when the name is a range of {@code chars}. */
        private final String fixed;
        private final char[] chars;
        private final int start;
        private final int end;

        NameType(String name) {
            this.fixed = name;
            this.chars = null;
            this.start = 0;
            this.end = 0;
        }

        /**
         * The identifier {@code chars[start, end)} of the parser's input buffer. The buffer is
         * refilled for the next name, so a tree must not outlive its demangle call (it never
         * leaves {@link ItaniumDemangler}).
         */
        NameType(char[] chars, int start, int end) {
            this.fixed = null;
            this.chars = chars;
            this.start = start;
            this.end = end;
        }

        String name() {
            return fixed != null ? fixed : new String(chars, start, end - start);
        }

        boolean nameEquals(String other) {
            if (fixed != null) {
                return fixed.equals(other);
            }
            if (end - start != other.length()) {
                return false;
            }
            for (int i = 0; i < other.length(); i++) {
                if (chars[start + i] != other.charAt(i)) {
                    return false;
                }
            }
            return true;
        }

        @Override
        String baseName() {
            return name();
        }

        @Override
        void printLeft(Printer p) {
            if (fixed != null) {
                p.append(fixed);
            } else {
                p.append(chars, start, end - start);
            }
        }
    }

    static final class NestedName extends Node {
        final Node qual;
        final Node name;

        NestedName(Node qual, Node name) {
            this.qual = qual;
            this.name = name;
        }

        @Override
        String baseName() {
            return name.baseName();
        }

        @Override
        void printLeft(Printer p) {
            qual.print(p);
            p.append("::");
            name.print(p);
        }
    }

    static final class MemberLikeFriendName extends Node {
        final Node qual;
        final Node name;

        MemberLikeFriendName(Node qual, Node name) {
            this.qual = qual;
            this.name = name;
        }

        @Override
        String baseName() {
            return name.baseName();
        }

        @Override
        void printLeft(Printer p) {
            qual.print(p);
            p.append("::friend ");
            name.print(p);
        }
    }

    static final class ModuleName extends Node {
        final ModuleName parent;
        final Node name;
        final boolean partition;

        ModuleName(ModuleName parent, Node name, boolean partition) {
            this.parent = parent;
            this.name = name;
            this.partition = partition;
        }

        @Override
        void printLeft(Printer p) {
            if (parent != null) {
                parent.print(p);
            }
            if (parent != null || partition) {
                p.append(partition ? ':' : '.');
            }
            name.print(p);
        }
    }

    static final class ModuleEntity extends Node {
        final ModuleName module;
        final Node name;

        ModuleEntity(ModuleName module, Node name) {
            this.module = module;
            this.name = name;
        }

        @Override
        String baseName() {
            return name.baseName();
        }

        @Override
        void printLeft(Printer p) {
            name.print(p);
            p.append('@');
            module.print(p);
        }
    }

    static final class LocalName extends Node {
        final Node encoding;
        final Node entity;

        LocalName(Node encoding, Node entity) {
            this.encoding = encoding;
            this.entity = entity;
        }

        @Override
        void printLeft(Printer p) {
            encoding.print(p);
            p.append("::");
            entity.print(p);
        }
    }

    static final class QualifiedName extends Node {
        final Node qualifier;
        final Node name;

        QualifiedName(Node qualifier, Node name) {
            this.qualifier = qualifier;
            this.name = name;
        }

        @Override
        String baseName() {
            return name.baseName();
        }

        @Override
        void printLeft(Printer p) {
            qualifier.print(p);
            p.append("::");
            name.print(p);
        }
    }

    static final class GlobalQualifiedName extends Node {
        final Node child;

        GlobalQualifiedName(Node child) {
            this.child = child;
        }

        @Override
        String baseName() {
            return child.baseName();
        }

        @Override
        void printLeft(Printer p) {
            p.append("::");
            child.print(p);
        }
    }

    static final class CtorDtorName extends Node {
        final Node basename;
        final boolean dtor;

        CtorDtorName(Node basename, boolean dtor) {
            this.basename = basename;
            this.dtor = dtor;
        }

        @Override
        void printLeft(Printer p) {
            if (dtor) {
                p.append('~');
            }
            p.append(basename.baseName());
        }
    }

    static final class DtorName extends Node {
        final Node base;

        DtorName(Node base) {
            this.base = base;
        }

        @Override
        void printLeft(Printer p) {
            p.append('~');
            p.printLeft(base);
        }
    }

    /** libiberty numbers lambdas and unnamed types from 1: no number is #1, {@code 0} is #2. */
    static String gnuNumber(String count) {
        if (count.isEmpty()) {
            return "1";
        }
        try {
            return Long.toString(Long.parseLong(count) + 2);
        } catch (NumberFormatException e) {
            return count;
        }
    }

    static final class UnnamedTypeName extends Node {
        final String count;

        UnnamedTypeName(String count) {
            this.count = count;
        }

        @Override
        void printLeft(Printer p) {
            if (p.gnu) {
                p.append("{unnamed type#").append(gnuNumber(count)).append('}');
            } else {
                p.append("'unnamed").append(count).append('\'');
            }
        }
    }

    static final class ClosureTypeName extends Node {
        final Node[] templateParams;
        final Node requires1;
        final Node[] params;
        final Node requires2;
        final String count;

        ClosureTypeName(Node[] templateParams, Node requires1, Node[] params, Node requires2, String count) {
            this.templateParams = templateParams;
            this.requires1 = requires1;
            this.params = params;
            this.requires2 = requires2;
            this.count = count;
        }

        void printDeclarator(Printer p) {
            if (templateParams.length != 0) {
                int saved = p.gtIsGt;
                p.gtIsGt = 0;
                p.append('<');
                p.printWithComma(templateParams);
                p.append('>');
                p.gtIsGt = saved;
            }
            if (requires1 != null) {
                p.append(" requires ");
                requires1.print(p);
                p.append(' ');
            }
            p.printOpen('(');
            p.printWithComma(params);
            p.printClose(')');
            if (requires2 != null) {
                p.append(" requires ");
                requires2.print(p);
            }
        }

        @Override
        void printLeft(Printer p) {
            if (p.gnu) {
                p.append("{lambda");
                printDeclarator(p);
                p.append('#').append(gnuNumber(count)).append('}');
                return;
            }
            p.append("'lambda").append(count).append('\'');
            printDeclarator(p);
        }
    }

    static final class StructuredBindingName extends Node {
        final Node[] bindings;

        StructuredBindingName(Node[] bindings) {
            this.bindings = bindings;
        }

        @Override
        void printLeft(Printer p) {
            p.printOpen('[');
            p.printWithComma(bindings);
            p.printClose(']');
        }
    }

    static final class AbiTagAttr extends Node {
        final Node base;
        final String tag;

        AbiTagAttr(Node base, String tag) {
            super(base.rhsCache, base.arrayCache, base.functionCache);
            this.base = base;
            this.tag = tag;
        }

        @Override
        String baseName() {
            return base.baseName();
        }

        @Override
        void printLeft(Printer p) {
            p.printLeft(base);
            p.append("[abi:").append(tag).append(']');
        }
    }

    static final class NameWithTemplateArgs extends Node {
        final Node name;
        final Node templateArgs;

        NameWithTemplateArgs(Node name, Node templateArgs) {
            this.name = name;
            this.templateArgs = templateArgs;
        }

        @Override
        String baseName() {
            return name.baseName();
        }

        @Override
        void printLeft(Printer p) {
            name.print(p);
            templateArgs.print(p);
        }
    }

    static final class ConversionOperatorType extends Node {
        final Node type;

        ConversionOperatorType(Node type) {
            this.type = type;
        }

        @Override
        void printLeft(Printer p) {
            p.append("operator ");
            type.print(p);
        }
    }

    static final class LiteralOperator extends Node {
        final Node opName;

        LiteralOperator(Node opName) {
            this.opName = opName;
        }

        @Override
        void printLeft(Printer p) {
            p.append("operator\"\" ");
            opName.print(p);
        }
    }
}
