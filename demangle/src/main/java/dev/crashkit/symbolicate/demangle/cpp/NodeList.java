package dev.crashkit.symbolicate.demangle.cpp;

import java.util.Arrays;

/** A growable list of nodes used for the parser's stacks and tables (no boxing, no bounds checks beyond need). */
final class NodeList {
    private Node[] items;
    private int size;

    NodeList(int capacity) {
        items = new Node[capacity];
    }

    int size() {
        return size;
    }

    boolean isEmpty() {
        return size == 0;
    }

    Node get(int i) {
        return items[i];
    }

    Node last() {
        return items[size - 1];
    }

    void add(Node n) {
        if (size == items.length) {
            items = Arrays.copyOf(items, size * 2);
        }
        items[size++] = n;
    }

    void removeLast() {
        size--;
    }

    /** Drops elements past {@code newSize}. Stale references are left in place: clearing costs more than it saves. */
    void shrinkTo(int newSize) {
        size = newSize;
    }

    void clear() {
        shrinkTo(0);
    }

    /**
     * Empties the list by starting a new array. For the per-name stacks this is cheaper than
     * clearing: a young array needs no garbage-collector card marking when nodes are stored.
     */
    void renew(int capacity) {
        items = new Node[capacity];
        size = 0;
    }

    /** Removes and returns the elements from {@code from} to the end. */
    Node[] popFrom(int from) {
        if (from == size) {
            return Node.EMPTY;
        }
        Node[] r = Arrays.copyOfRange(items, from, size);
        shrinkTo(from);
        return r;
    }
}
