package dev.crashkit.symbolicate.symtab;

/**
 * A named address range {@code [start, end)} (link-time addresses); the name is the raw linkage
 * name, without the version an ELF symbol may have ({@code version}, "" for none).
 */
public record Symbol(String name, String version, long start, long end) {
}
