/**
 * Swift and Itanium C++ demanglers and the text filter that finds mangled names in a line. Depends on
 * nothing but java.base.
 *
 * <p>Exports: the packages other modules' main code uses (jdeps), to be narrowed when the clients go
 * through the symbolicator's facade.
 */
module dev.crashkit.demangle {
    exports dev.crashkit.symbolicate.demangle;
    exports dev.crashkit.symbolicate.demangle.cpp;
    exports dev.crashkit.symbolicate.demangle.detect;
    exports dev.crashkit.symbolicate.demangle.swift;
}
