/** Sorted primitive arrays and binary search helpers shared by the DWARF reader and the symbol index. */
package dev.crashkit.symbolicate.bytes;
