package dev.crashkit.spark;

import java.util.Iterator;
import java.util.NoSuchElementException;

/** The first {@code limit} elements of an iterator; the rest are never asked for (nor read). */
final class LimitedIterator<T> implements Iterator<T> {
    private final Iterator<T> it;
    private int left;

    LimitedIterator(Iterator<T> it, int limit) {
        this.it = it;
        this.left = limit;
    }

    @Override
    public boolean hasNext() {
        return left > 0 && it.hasNext();
    }

    @Override
    public T next() {
        if (!hasNext()) {
            throw new NoSuchElementException();
        }
        left--;
        return it.next();
    }
}
