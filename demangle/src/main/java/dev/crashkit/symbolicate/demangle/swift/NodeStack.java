package dev.crashkit.symbolicate.demangle.swift;

import java.util.Arrays;

/**
 * Growable array of nodes used as the parsers' operand stack and substitution tables. Replaces
 * {@code ArrayList<Node>} on the hottest paths of parsing: no modification counting, no boxing of the
 * index checks, and capacity is kept between symbols since each parser instance is reused per thread.
 */
final class NodeStack {
    private Node[] items = new Node[32];
    private int size;

    int size() {
        return size;
    }

    /** The element at {@code i}, which must be below {@link #size()}. */
    Node get(int i) {
        return items[i];
    }

    /** The top element, or null when empty. */
    Node peek() {
        return size == 0 ? null : items[size - 1];
    }

    void push(Node n) {
        if (size == items.length) {
            items = Arrays.copyOf(items, size * 2);
        }
        items[size++] = n;
    }

    /** Removes and returns the top element, or null when empty. */
    Node pop() {
        if (size == 0) {
            return null;
        }
        Node n = items[--size];
        items[size] = null;
        return n;
    }

    /** Empties the stack; drops the references so a finished tree is not kept alive by the thread's parser. */
    void clear() {
        Arrays.fill(items, 0, size, null);
        size = 0;
    }
}
