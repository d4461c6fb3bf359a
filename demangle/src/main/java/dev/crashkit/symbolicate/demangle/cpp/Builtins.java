package dev.crashkit.symbolicate.demangle.cpp;

import dev.crashkit.symbolicate.demangle.cpp.NameNodes.NameType;

/** Shared immutable nodes for fixed spellings, so parsing common names allocates less. */
final class Builtins {
    static final Node ANONYMOUS_NAMESPACE = new NameType("(anonymous namespace)");
    static final Node AUTO = new NameType("auto");
    static final Node STD = new NameType("std");
    static final Node NOEXCEPT = new NameType("noexcept");
    static final Node THIS = new NameType("this");
    static final Node THROW = new NameType("throw");
    static final Node NULLPTR = new NameType("nullptr");
    static final Node STRING_LITERAL = new NameType("string literal");
    static final Node BLOCK_LITERAL = new NameType("'block-literal'");

    /** Single-letter builtin types, indexed by the letter; null where the letter is no builtin. */
    private static final Node[] BY_LETTER = new Node[128];

    static {
        String[][] table = {
            {"v", "void"}, {"w", "wchar_t"}, {"b", "bool"}, {"c", "char"}, {"a", "signed char"},
            {"h", "unsigned char"}, {"s", "short"}, {"t", "unsigned short"}, {"i", "int"},
            {"j", "unsigned int"}, {"l", "long"}, {"m", "unsigned long"}, {"x", "long long"},
            {"y", "unsigned long long"}, {"n", "__int128"}, {"o", "unsigned __int128"}, {"f", "float"},
            {"d", "double"}, {"e", "long double"}, {"g", "__float128"}, {"z", "..."},
        };
        for (String[] row : table) {
            BY_LETTER[row[0].charAt(0)] = new NameType(row[1]);
        }
    }

    private Builtins() {
    }

    static Node letter(char c) {
        return c < 128 ? BY_LETTER[c] : null;
    }
}
