package dev.crashkit.symbolicate.demangle.cpp;

import java.util.Arrays;

/**
 * Template parameter lists by nesting level ({@code TL<level>_}); entries may be null (a generic
 * lambda level without explicit parameters). A tiny array list whose clear is O(1), because it
 * is cleared for nearly every template argument list parsed.
 */
final class ParamLevels {
    private NodeList[] levels = new NodeList[4];
    private int size;

    int size() {
        return size;
    }

    boolean isEmpty() {
        return size == 0;
    }

    NodeList get(int i) {
        return levels[i];
    }

    void add(NodeList list) {
        if (size == levels.length) {
            levels = Arrays.copyOf(levels, size * 2);
        }
        levels[size++] = list;
    }

    void removeLast() {
        size--;
    }

    void shrinkTo(int newSize) {
        size = Math.min(size, newSize);
    }

    void clear() {
        size = 0;
    }
}
