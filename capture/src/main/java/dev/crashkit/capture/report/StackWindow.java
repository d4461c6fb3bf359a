package dev.crashkit.capture.report;

/** Stack bytes copied from {@code base} upwards, kept so that a thread can be re-unwound offline. */
public record StackWindow(long base, byte[] bytes) {
}
