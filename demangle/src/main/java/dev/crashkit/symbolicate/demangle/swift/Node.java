package dev.crashkit.symbolicate.demangle.swift;

import java.util.ArrayList;
import java.util.List;

/**
 * One node of a demangled symbol tree. Mutable only while a parser builds it; the printer treats it as
 * read-only. A node carries either text, an index, or neither, plus ordered children.
 */
final class Node {
    static final long NO_INDEX = Long.MIN_VALUE;

    final Kind kind;
    final String text;
    final long index;
    /**
     * For a builtin vector name only: the element whose text (without "Builtin.") follows {@link #text}
     * ("Builtin.Vec4x"). Nested vectors ({@code Bv4_} repeated) are a chain, materialized by {@link #text()}
     * in one pass: building each level's full name from the one below was quadratic (issue 32).
     */
    private Node textTail;
    private String materialized;
    /**
     * Children. The first child is always in {@link #first}, so {@link #first()}, the printer's most frequent
     * question, is a plain field read, and a node with one child (a third of all nodes: type wrappers,
     * prefixes) needs no array. From the second child on, {@link #kids} holds all of them, {@code kids[0]}
     * included. Invariants: {@code first == (count > 0 ? child 0 : null)}; {@code kids == null} implies
     * {@code count <= 1}.
     */
    private Node first;
    private Node[] kids;
    private int count;

    Node(Kind kind) {
        this(kind, null, NO_INDEX);
    }

    Node(Kind kind, String text) {
        this(kind, text, NO_INDEX);
    }

    Node(Kind kind, long index) {
        this(kind, null, index);
    }

    private Node(Kind kind, String text, long index) {
        this.kind = kind;
        this.text = text;
        this.index = index;
    }

    /** A node with one child; no varargs array, the most frequent shape. */
    static Node of(Kind kind, Node child) {
        Node n = new Node(kind);
        n.first = child;
        n.count = 1;
        return n;
    }

    /** A node owning {@code children}; callers pass a fresh varargs array of non-null nodes. */
    static Node of(Kind kind, Node... children) {
        Node n = new Node(kind);
        if (children.length > 0) {
            n.first = children[0];
            n.count = children.length;
            if (children.length > 1) {
                n.kids = children;
            }
        }
        return n;
    }

    boolean hasText() {
        return text != null;
    }

    boolean hasIndex() {
        return index != NO_INDEX;
    }

    String text() {
        if (textTail == null) {
            return text == null ? "" : text;
        }
        if (materialized == null) {
            // "Builtin.Vec4x", then each inner level's text without its "Builtin.".
            StringBuilder sb = new StringBuilder(text);
            Node n = textTail;
            for (; n.textTail != null; n = n.textTail) {
                sb.append(n.text, BUILTIN_PREFIX.length(), n.text.length());
            }
            materialized = sb.append(n.text(), BUILTIN_PREFIX.length(), n.text().length()).toString();
        }
        return materialized;
    }

    static final String BUILTIN_PREFIX = "Builtin.";

    /**
     * A builtin vector type name, {@code prefix} ("Builtin.Vec4x") then the text of {@code element} (a
     * builtin type name) without its "Builtin.": kept as a chain, its text is built only when asked for.
     */
    static Node builtinVector(String prefix, Node element) {
        Node n = new Node(Kind.BuiltinTypeName, prefix);
        n.textTail = element;
        return n;
    }

    /** Whether {@link #text()} starts with {@code prefix}, without materializing a vector name. */
    boolean textStartsWith(String prefix) {
        return textTail != null && BUILTIN_PREFIX.startsWith(prefix) || text().startsWith(prefix);
    }

    int size() {
        return count;
    }

    boolean isEmpty() {
        return count == 0;
    }

    Node get(int i) {
        if (i == 0) {
            return first;
        }
        return i > 0 && i < count ? kids[i] : null;
    }

    Node first() {
        return first;
    }

    Node last() {
        return count == 0 ? null : get(count - 1);
    }

    Node add(Node child) {
        if (count == 0) {
            first = child;
            if (kids != null) {
                kids[0] = child;
            }
            count = 1;
            return this;
        }
        if (kids == null) {
            kids = new Node[2];
            kids[0] = first;
        } else if (count == kids.length) {
            kids = java.util.Arrays.copyOf(kids, count * 2);
        }
        kids[count++] = child;
        return this;
    }

    void set(int i, Node child) {
        if (kids != null) {
            kids[i] = child;
        }
        if (i == 0) {
            first = child;
        }
    }

    void insert(int i, Node child) {
        add(child);
        if (kids != null) {
            System.arraycopy(kids, i, kids, i + 1, count - 1 - i);
            kids[i] = child;
            first = kids[0];
        }
    }

    void removeAt(int i) {
        if (kids == null) {
            first = null;
            count = 0;
            return;
        }
        System.arraycopy(kids, i + 1, kids, i, count - 1 - i);
        kids[--count] = null;
        first = count > 0 ? kids[0] : null;
    }

    void reverseFrom(int start) {
        if (kids == null) {
            return;
        }
        for (int i = start, j = count - 1; i < j; i++, j--) {
            Node t = kids[i];
            kids[i] = kids[j];
            kids[j] = t;
        }
        first = count > 0 ? kids[0] : null;
    }

    List<Node> children() {
        List<Node> l = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            l.add(get(i));
        }
        return l;
    }

    /** Same payload and children under another kind. */
    Node withKind(Kind k) {
        Node n = copyChildrenInto(new Node(k, text, index));
        n.textTail = textTail;
        return n;
    }

    /** Same kind and children with the given text. */
    Node withText(String t) {
        return copyChildrenInto(new Node(kind, t, index));
    }

    private Node copyChildrenInto(Node n) {
        n.first = first;
        n.kids = kids == null ? null : java.util.Arrays.copyOf(kids, Math.max(2, count));
        n.count = count;
        return n;
    }

    Node child(Kind k) {
        for (int i = 0; i < count; i++) {
            Node c = get(i);
            if (c.kind == k) {
                return c;
            }
        }
        return null;
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder();
        dump(sb, 0);
        return sb.toString();
    }

    private void dump(StringBuilder sb, int depth) {
        sb.append("  ".repeat(depth)).append(kind);
        if (text != null) {
            sb.append(" \"").append(text).append('"');
        }
        if (hasIndex()) {
            sb.append(' ').append(index);
        }
        sb.append('\n');
        for (int i = 0; i < count; i++) {
            get(i).dump(sb, depth + 1);
        }
    }
}
