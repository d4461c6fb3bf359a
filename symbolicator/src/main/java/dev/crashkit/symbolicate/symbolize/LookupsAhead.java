package dev.crashkit.symbolicate.symbolize;

import java.util.List;

/**
 * Answers looked up ahead on one thread by {@link Symbolizer#lookAhead}, used by that thread's
 * lookups until closed (on that thread).
 */
public final class LookupsAhead implements AutoCloseable {
    private final List<DebugModule> modules;

    LookupsAhead(List<DebugModule> modules) {
        this.modules = modules;
    }

    /** Forgets the answers: this thread's lookups go to the symbol caches again. */
    @Override
    public void close() {
        for (int i = 0; i < modules.size(); i++) {
            modules.get(i).forgetAhead();
        }
    }
}
