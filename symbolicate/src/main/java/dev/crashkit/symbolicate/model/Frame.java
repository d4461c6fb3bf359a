package dev.crashkit.symbolicate.model;

/**
 * One raw stack frame.
 *
 * @param address       the address as recorded (may still carry arm64e pointer-authentication bits)
 * @param returnAddress true for return addresses (every frame but a thread's first): they are
 *                      looked up at {@code address - 1} so that a call at a function's end is not
 *                      blamed on the next function
 */
public record Frame(long address, boolean returnAddress) {
}
