/**
 * Pure-Java Swift demangler, output-compatible with {@code swift-demangle}.
 *
 * <p>Two passes: a parser builds a tree of {@link dev.crashkit.symbolicate.demangle.swift.Node}s, a printer
 * turns it into text under {@link dev.crashkit.symbolicate.demangle.swift.DemangleOptions} (full or
 * simplified). Parsers: {@code NewDemangler} (Swift 4+ manglings; a stack machine split over
 * {@code NewParserBase} → {@code NewTypeParser} → {@code NewSpecialTypeParser} → {@code NewEntityParser} →
 * {@code NewConformanceParser} → {@code NewDemangler}, plus {@code FunctionSpecializations},
 * {@code AutoDiff}, {@code StandardTypes}) and {@code OldDemangler} (pre-Swift-4 {@code _T} mangling and ObjC
 * runtime names; {@code OldDemanglerBase} → {@code OldTypeParser} → {@code OldDemangler}). Printer:
 * {@code PrinterBase} → {@code TypePrinter} → {@code EntityPrinter} → {@code NodePrinter}, with the
 * remaining node kinds in {@code SymbolPrinter}, {@code ConformancePrinter}, {@code AutoDiffPrinter} and
 * fixed descriptions in {@code PrefixTexts}. The grammar follows swiftlang/swift's {@code docs/ABI/Mangling.rst};
 * conformance is checked against swift-demangle's own test lists.
 */
package dev.crashkit.symbolicate.demangle.swift;
