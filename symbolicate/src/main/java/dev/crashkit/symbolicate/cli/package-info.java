/** The {@code symbolicate} command line (picocli): symbolicate, batch, atos, demangle. */
package dev.crashkit.symbolicate.cli;
