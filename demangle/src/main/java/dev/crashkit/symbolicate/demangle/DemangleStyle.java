package dev.crashkit.symbolicate.demangle;

/** How much detail a demangler prints. */
public enum DemangleStyle {
    /** Everything, like {@code swift-demangle} or {@code llvm-cxxfilt}. */
    FULL,
    /** The short form Apple crash reports use ({@code swift-demangle -simplified}). */
    SIMPLIFIED
}
