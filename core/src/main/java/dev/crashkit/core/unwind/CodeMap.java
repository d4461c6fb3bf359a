package dev.crashkit.core.unwind;

import java.util.Optional;

/** What the unwinder knows about the code of the unwound process. */
public interface CodeMap {
    /** True when {@code address} lies in an executable mapping (an image's text, JIT code). */
    boolean isExecutable(long address);

    /** The call-frame information of the image holding {@code pc}, empty when none is known. */
    Optional<FdeIndex> cfiFor(long pc);
}
