package dev.crashkit.spark;

import java.util.Iterator;
import java.util.function.Function;

/** Applies a function to each element as it is asked for (a partition is never held in memory). */
final class MappedIterator<A, B> implements Iterator<B> {
    private final Iterator<A> in;
    private final Function<A, B> f;

    MappedIterator(Iterator<A> in, Function<A, B> f) {
        this.in = in;
        this.f = f;
    }

    @Override
    public boolean hasNext() {
        return in.hasNext();
    }

    @Override
    public B next() {
        return f.apply(in.next());
    }
}
