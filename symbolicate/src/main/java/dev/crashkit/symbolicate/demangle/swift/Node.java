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

    /** A node owning {@code children}; callers pass a fresh varargs array of non-null nodes. */
    static Node of(Kind kind, Node... children) {
        Node n = new Node(kind);
        if (children.length > 0) {
            n.kids = children;
            n.count = children.length;
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
        return text == null ? "" : text;
    }

    int size() {
        return count;
    }

    boolean isEmpty() {
        return count == 0;
    }

    Node get(int i) {
        return i >= 0 && i < count ? kids[i] : null;
    }

    Node first() {
        return count > 0 ? kids[0] : null;
    }

    Node last() {
        return count > 0 ? kids[count - 1] : null;
    }

    Node add(Node child) {
        if (kids == null) {
            kids = new Node[2];
        } else if (count == kids.length) {
            kids = java.util.Arrays.copyOf(kids, Math.max(2, count * 2));
        }
        kids[count++] = child;
        return this;
    }

    void set(int i, Node child) {
        kids[i] = child;
    }

    void insert(int i, Node child) {
        add(child);
        System.arraycopy(kids, i, kids, i + 1, count - 1 - i);
        kids[i] = child;
    }

    void removeAt(int i) {
        System.arraycopy(kids, i + 1, kids, i, count - 1 - i);
        kids[--count] = null;
    }

    void reverseFrom(int start) {
        for (int i = start, j = count - 1; i < j; i++, j--) {
            Node t = kids[i];
            kids[i] = kids[j];
            kids[j] = t;
        }
    }

    List<Node> children() {
        List<Node> l = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            l.add(kids[i]);
        }
        return l;
    }

    /** Same payload and children under another kind. */
    Node withKind(Kind k) {
        Node n = new Node(k, text, index);
        for (int i = 0; i < count; i++) {
            n.add(kids[i]);
        }
        return n;
    }

    /** Same kind and children with the given text. */
    Node withText(String t) {
        Node n = new Node(kind, t, index);
        for (int i = 0; i < count; i++) {
            n.add(kids[i]);
        }
        return n;
    }

    Node child(Kind k) {
        for (int i = 0; i < count; i++) {
            if (kids[i].kind == k) {
                return kids[i];
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
            kids[i].dump(sb, depth + 1);
        }
    }
}
