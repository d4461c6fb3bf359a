package dev.crashkit.core.model;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * What a capturing tool saved of a thread beyond its frames, so that it can be unwound again
 * offline: register values by name ({@code rip}, {@code rsp}, ...) and a raw window of its stack.
 *
 * @param stackBase   address of the first byte of {@code stackBase64}
 * @param stackBase64 the stack window's bytes, base64 (kept encoded: it is large and rarely used)
 */
public record ThreadState(Map<String, Long> registers, OptionalLong stackBase, Optional<String> stackBase64) {
    /**
     * Copies {@code registers} into an unmodifiable map that keeps their order.
     *
     * @param registers register values by name
     * @param stackBase address of the first byte of the stack window
     * @param stackBase64 the stack window's bytes, base64
     */
    public ThreadState {
        registers = Collections.unmodifiableMap(new LinkedHashMap<>(registers));
    }

    /**
     * Whether the thread can be unwound again offline.
     *
     * @return true when there is both a register set and a stack window to unwind from
     */
    public boolean unwindable() {
        return !registers.isEmpty() && stackBase.isPresent() && stackBase64.isPresent();
    }
}
