/**
 * {@code dump-syms}: Breakpad symbol files written from our debug files, record for record as Breakpad's
 * {@code dump_syms} writes them.
 */
package dev.crashkit.symbolicate.dumpsyms;
