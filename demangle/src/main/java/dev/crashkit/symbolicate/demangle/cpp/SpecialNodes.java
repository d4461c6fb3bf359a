package dev.crashkit.symbolicate.demangle.cpp;

/** Nodes for std:: abbreviations, special names (vtables, thunks, guards), clone suffixes and attributes. */
final class SpecialNodes {
    private SpecialNodes() {
    }

    /** The abbreviations {@code Sa Sb Ss Si So Sd}; {@code expanded} spells the full template. */
    static final class SpecialSubstitution extends Node {
        static final int ALLOCATOR = 0;
        static final int BASIC_STRING = 1;
        static final int STRING = 2;
        static final int ISTREAM = 3;
        static final int OSTREAM = 4;
        static final int IOSTREAM = 5;
        private static final String[] FULL = {
            "allocator", "basic_string", "basic_string", "basic_istream", "basic_ostream", "basic_iostream"};

        final int kind;
        final boolean expanded;

        SpecialSubstitution(int kind, boolean expanded) {
            this.kind = kind;
            this.expanded = expanded;
        }

        private boolean isInstantiation() {
            return kind >= STRING;
        }

        @Override
        String baseName() {
            String full = FULL[kind];
            // The instantiations are typedefs that drop the "basic_" prefix.
            return !expanded && isInstantiation() ? full.substring("basic_".length()) : full;
        }

        @Override
        void printLeft(Printer p) {
            p.append("std::").append(baseName());
            if (expanded && isInstantiation()) {
                p.append("<char, std::char_traits<char>");
                if (kind == STRING) {
                    p.append(", std::allocator<char>");
                }
                p.append(p.gnu ? " >" : ">");
            }
        }
    }

    /** "vtable for X", "guard variable for X", thunks and the like. */
    static final class SpecialName extends Node {
        final String special;
        final Node child;

        SpecialName(String special, Node child) {
            this.special = special;
            this.child = child;
        }

        @Override
        void printLeft(Printer p) {
            p.append(special);
            child.print(p);
        }
    }

    static final class CtorVtableSpecialName extends Node {
        final Node firstType;
        final Node secondType;

        CtorVtableSpecialName(Node firstType, Node secondType) {
            this.firstType = firstType;
            this.secondType = secondType;
        }

        @Override
        void printLeft(Printer p) {
            p.append("construction vtable for ");
            firstType.print(p);
            p.append("-in-");
            secondType.print(p);
        }
    }

    /** A compiler clone suffix such as {@code .cold} or {@code .constprop.0}. */
    static final class DotSuffix extends Node {
        final Node prefix;
        final String suffix;

        DotSuffix(Node prefix, String suffix) {
            this.prefix = prefix;
            this.suffix = suffix;
        }

        @Override
        void printLeft(Printer p) {
            prefix.print(p);
            if (p.gnu) {
                // libiberty prints each clone group (".name" then ".digits" parts) on its own.
                for (String group : gnuCloneGroups(suffix)) {
                    p.append(" [clone ").append(group).append(']');
                }
            } else {
                p.append(" (").append(suffix).append(')');
            }
        }
    }

    /**
     * libiberty's {@code d_clone_suffix} groups: {@code .} then letters, digits or {@code _}, then any
     * {@code .digits} parts; null when the suffix is not made of such groups (libiberty then fails).
     */
    static java.util.List<String> gnuCloneGroups(String suffix) {
        java.util.List<String> out = new java.util.ArrayList<>();
        int i = 0;
        int n = suffix.length();
        while (i < n) {
            if (suffix.charAt(i) != '.' || i + 1 >= n || !cloneChar(suffix.charAt(i + 1))) {
                return null;
            }
            int start = i;
            i += 2;
            while (i < n && cloneChar(suffix.charAt(i))) {
                i++;
            }
            while (i + 1 < n && suffix.charAt(i) == '.' && Character.isDigit(suffix.charAt(i + 1))) {
                i += 2;
                while (i < n && suffix.charAt(i) >= '0' && suffix.charAt(i) <= '9') {
                    i++;
                }
            }
            out.add(suffix.substring(start, i));
        }
        return out;
    }

    private static boolean cloneChar(char c) {
        return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
    }

    static final class EnableIfAttr extends Node {
        final Node[] conditions;

        EnableIfAttr(Node[] conditions) {
            this.conditions = conditions;
        }

        @Override
        void printLeft(Printer p) {
            p.append(" [enable_if:");
            p.printWithComma(conditions);
            p.append(']');
        }
    }

    static final class NodeArrayNode extends Node {
        final Node[] array;

        NodeArrayNode(Node[] array) {
            this.array = array;
        }

        @Override
        void printLeft(Printer p) {
            p.printWithComma(array);
        }
    }
}
