/**
 * {@link dev.crashkit.symbolicate.format.detect.ObjectFiles}: the one place that sniffs magic numbers
 * and opens a file as Mach-O (thin or every slice of a universal file) or ELF. A Java class file
 * (also {@code 0xCAFEBABE}) is never taken for a universal Mach-O.
 */
package dev.crashkit.symbolicate.format.detect;
