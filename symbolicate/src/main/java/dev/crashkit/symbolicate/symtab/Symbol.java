package dev.crashkit.symbolicate.symtab;

/** A named address range {@code [start, end)} (link-time addresses); the name is the raw linkage name. */
public record Symbol(String name, long start, long end) {
}
