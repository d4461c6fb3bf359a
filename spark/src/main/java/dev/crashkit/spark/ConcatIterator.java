package dev.crashkit.spark;

import java.util.Iterator;
import java.util.NoSuchElementException;

/** The elements of several iterators, one after the other. */
final class ConcatIterator<T> implements Iterator<T> {
    private final Iterator<Iterator<T>> parts;
    private Iterator<T> current = java.util.Collections.emptyIterator();

    ConcatIterator(Iterator<Iterator<T>> parts) {
        this.parts = parts;
    }

    @Override
    public boolean hasNext() {
        while (!current.hasNext() && parts.hasNext()) {
            current = parts.next();
        }
        return current.hasNext();
    }

    @Override
    public T next() {
        if (!hasNext()) {
            throw new NoSuchElementException();
        }
        return current.next();
    }
}
