package dev.crashkit.symbolicate.symbolize;

/** A link-time address range {@code [start, start + size)} an image occupies (a segment). */
public record LinkRange(long start, long size) {
}
