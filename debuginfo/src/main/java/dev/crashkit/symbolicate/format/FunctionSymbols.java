package dev.crashkit.symbolicate.format;

import java.nio.ByteBuffer;
import java.util.Optional;

/**
 * The function symbols of an object file, handed to a {@link Visitor} without a per-symbol object
 * (a million-symbol image must not cost a million objects). The format decides which table
 * entries name code and how far each may reach; the symbol index only sorts and bounds them.
 */
public interface FunctionSymbols {

    /**
     * The string table names are given in ({@link Visitor#atOffset}): NUL-terminated UTF-8, shared
     * and never changed. Empty when names come as strings ({@link Visitor#named}).
     */
    Optional<ByteBuffer> nameTable();

    /** About how many symbols {@link #forEach} will give (sizes arrays). */
    int sizeHint();

    /** Gives every function symbol, in table order. */
    void forEach(Visitor visitor);

    /**
     * Function boundaries to use when the container has no function-starts list: Mach-O ends of
     * {@code N_FUN} stab pairs; empty for ELF (symbol sizes bound functions there).
     */
    long[] fallbackBoundaries();

    /** Receives symbols; {@code limit} is the exclusive bound the symbol may never cover. */
    interface Visitor {
        /** A symbol named at {@code nameOffset} of {@link #nameTable()}. */
        void atOffset(int nameOffset, long start, long limit, int rank);

        /** A symbol named by a string, with its version ("" for none: only ELF symbols have one). */
        void named(String name, String version, long start, long limit, int rank);
    }
}
