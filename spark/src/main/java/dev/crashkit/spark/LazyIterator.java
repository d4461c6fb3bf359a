package dev.crashkit.spark;

import java.util.Iterator;
import java.util.function.Supplier;

/** An iterator opened on first use, so a partition's files are opened one at a time. */
final class LazyIterator<T> implements Iterator<T> {
    private final Supplier<Iterator<T>> open;
    private Iterator<T> it;

    LazyIterator(Supplier<Iterator<T>> open) {
        this.open = open;
    }

    private Iterator<T> it() {
        if (it == null) {
            it = open.get();
        }
        return it;
    }

    @Override
    public boolean hasNext() {
        return it().hasNext();
    }

    @Override
    public T next() {
        return it().next();
    }
}
