/** Picks the demangler for a name by its prefix ({@code _Z}, {@code $s}, {@code _T} ...). */
package dev.crashkit.symbolicate.demangle.detect;
