package dev.crashkit.symbolicate.dwarf;

/**
 * A value computed on first use and kept, failure included: a damaged unit is decoded once and
 * then answers with the same {@link DwarfException} every time. The context's lookups are
 * serialised; the methods are synchronized all the same, as {@link #forget} clears the value in
 * place (a flattening thread releases its unit while nothing orders it against a lookup elsewhere).
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

    /**
     * Drops the value (or failure): the next {@link #get} computes it again. Clears this object
     * rather than being replaced by a new one: a Once made with its unit has usually been promoted
     * to the old generation by the time its value is dropped, and an old object, even a dead one,
     * keeps what it points to alive through every young collection until a full one, so each
     * released unit's whole decoded state would be promoted (~44 MB of a 20 MB DWARF's flattening,
     * BENCHMARKS.md "Batch into one image, sixth pass").
     */
    synchronized void forget() {
        value = null;
        failure = null;
        done = false;
    }

    synchronized T get() throws DwarfException {
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
