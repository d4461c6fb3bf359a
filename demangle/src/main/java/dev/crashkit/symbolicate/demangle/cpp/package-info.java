/**
 * Itanium C++ ABI demangler ({@code _Z...} names), producing exactly the text of LLVM 19's
 * {@code llvm-cxxfilt}.
 *
 * <p>Entry point: {@link dev.crashkit.symbolicate.demangle.cpp.ItaniumDemangler} (also registered
 * in {@link dev.crashkit.symbolicate.demangle.detect.Demanglers}). Design, following the structure of
 * LLVM's {@code ItaniumDemangle.h} but written anew:
 * <ul>
 *   <li>A recursive-descent parser (ParserCore … Parser) builds an immutable tree of small node
 *       classes (NameNodes, TypeNodes, FunctionNodes, TemplateNodes, ExprNodes, LiteralNodes,
 *       SpecialNodes), keeping the substitution and template-parameter tables of the mangling.</li>
 *   <li>A separate print pass (Printer) walks the tree; C++ declarator syntax needs a left and a
 *       right part per node, and parameter packs are expanded while printing.</li>
 *   <li>All work is bounded: parse depth, print depth, print steps and output length; exceeding a
 *       bound abandons the name, which is then returned unchanged.</li>
 * </ul>
 * Conformance is checked against {@code testdata/demangle-cpp/golden.tsv.gz} (real library
 * symbols and LLVM's own test names) and {@code fuzz.tsv.gz} (mutated and random names), both
 * produced by {@code llvm-cxxfilt-19} with {@code testdata/demangle-cpp/generate.sh}.
 */
package dev.crashkit.symbolicate.demangle.cpp;
