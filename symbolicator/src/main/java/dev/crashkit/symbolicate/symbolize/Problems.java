package dev.crashkit.symbolicate.symbolize;

import java.util.ArrayList;
import java.util.List;

/**
 * Where the problems a lookup meets go: each module says a problem once, with what was done
 * instead ({@link DebugModule#sayOnce}). {@link #NOW} says it at once; a held list keeps a
 * thread's problems in the order met and says them later, so that the threads of a report
 * symbolicated at the same time on several cores warn in the order one thread would have
 * ({@link ConcurrentThreads}).
 */
class Problems {
    /** Said at once. */
    static final Problems NOW = new Problems();

    void met(DebugModule module, String problem, String consequence) {
        module.sayOnce(problem, consequence);
    }

    /** A list of problems, said in order by {@link Held#sayAll}. */
    static final class Held extends Problems {
        private record Met(DebugModule module, String problem, String consequence) {
        }

        private List<Met> met;

        @Override
        void met(DebugModule module, String problem, String consequence) {
            if (met == null) {
                met = new ArrayList<>();
            }
            met.add(new Met(module, problem, consequence));
        }

        void sayAll() {
            if (met != null) {
                for (Met m : met) {
                    m.module().sayOnce(m.problem(), m.consequence());
                }
            }
        }
    }
}
