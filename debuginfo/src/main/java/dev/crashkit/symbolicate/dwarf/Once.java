package dev.crashkit.symbolicate.dwarf;

/**
 * A value computed on first use and kept, failure included: a damaged unit is decoded once and
 * then answers with the same {@link DwarfException} every time. Callers synchronise (the context's
 * lookups are serialised).
 */
final class Once<T> {
    /** The computation. */
    @FunctionalInterface
    interface Compute<T> {
        T get() throws DwarfException;
    }

    private final Compute<T> compute;
    private T value;
    private DwarfException failure;
    private boolean done;

    Once(Compute<T> compute) {
        this.compute = compute;
    }

    T get() throws DwarfException {
        if (!done) {
            try {
                value = compute.get();
            } catch (DwarfException e) {
                failure = e;
            }
            done = true;
        }
        if (failure != null) {
            throw failure;
        }
        return value;
    }
}
