package dev.crashkit.symbolicate.demangle.swift;

import dev.crashkit.symbolicate.demangle.DemangleStyle;
import dev.crashkit.symbolicate.demangle.Demangler;
import java.nio.charset.StandardCharsets;

/**
 * Pure-Java Swift demangler, output-compatible with {@code swift-demangle} (full style) and
 * {@code swift-demangle -simplified}. Handles the Swift 4+ manglings ({@code $s}, {@code _$s}, {@code $S},
 * {@code _T0}, {@code $e}, {@code @__swiftmacro_}), the pre-Swift-4 mangling ({@code _T}) and ObjC runtime
 * class names ({@code _TtC...}).
 *
 * <p>Never throws; input that is not a valid mangling comes back unchanged. Parsing depth, printing depth
 * and output length are bounded. Instances are stateless and thread-safe.
 */
public final class SwiftDemangler implements Demangler {

    private static final SwiftDemangler INSTANCE = new SwiftDemangler();
    /** Parsers keep their stacks between calls; one per thread keeps the demangler thread-safe. */
    private static final ThreadLocal<NewDemangler> NEW_PARSER = new NewParsers();
    private static final ThreadLocal<OldDemangler> OLD_PARSER = new OldParsers();

    /**
     * The parsers' thread-locals as classes, not {@code withInitial} method references: linking
     * those was on the path of the first demangled frame of every run (BENCHMARKS.md, start path).
     */
    private static final class NewParsers extends ThreadLocal<NewDemangler> {
        @Override
        protected NewDemangler initialValue() {
            return new NewDemangler();
        }
    }

    private static final class OldParsers extends ThreadLocal<OldDemangler> {
        @Override
        protected OldDemangler initialValue() {
            return new OldDemangler();
        }
    }

    /**
     * The shared instance.
     *
     * @return the one {@code SwiftDemangler}
     */
    public static SwiftDemangler instance() {
        return INSTANCE;
    }

    @Override
    public boolean recognizes(String name) {
        if (name == null || name.length() < 2) {
            return false;
        }
        String n = name.startsWith("__") ? name.substring(1) : name;
        return n.startsWith("_T") || NewDemangler.prefixLength(n) != 0;
    }

    @Override
    public String demangle(String name, DemangleStyle style) {
        return demangle(name, DemangleOptions.of(style));
    }

    /**
     * The demangled name printed with the given options, or {@code name} itself.
     *
     * @param name a symbol name (one extra leading {@code _} is dropped); null gives null
     * @param options what to print
     * @return the demangled name, or {@code name} when it does not demangle
     */
    public String demangle(String name, DemangleOptions options) {
        if (name == null) {
            return null;
        }
        String n = name.startsWith("__") ? name.substring(1) : name;
        String s = print(parse(n), options, n.length());
        return s == null || s.isEmpty() ? name : s;
    }

    /**
     * The classification prefix {@code swift-demangle -classify} prints before the demangled name, e.g.
     * {@code "{T:target,C} "}, or the empty string. {@code T:} marks thunks (with the target symbol when it
     * follows from the name), {@code C} symbols without the Swift calling convention. swift-demangle's
     * {@code N} (not a Swift symbol) never shows for names it can demangle, and its conformance list has no
     * {@code N} for names it cannot, so it is not produced here.
     *
     * @param name a Swift symbol name
     * @return the classification prefix, ending in a space, or {@code ""}
     */
    public String classify(String name) {
        String n = name.startsWith("__") ? name.substring(1) : name;
        StringBuilder sb = new StringBuilder();
        if (Classifier.isThunk(this, n)) {
            if (sb.length() > 0) {
                sb.append(',');
            }
            sb.append("T:").append(Classifier.thunkTarget(this, n));
        }
        Node root = parse(n);
        if (root != null && !Classifier.hasSwiftCallingConvention(root)) {
            if (sb.length() > 0) {
                sb.append(',');
            }
            sb.append('C');
        }
        return sb.length() == 0 ? "" : "{" + sb + "} ";
    }

    /** Parses a whole symbol; null when it is not a valid mangling. */
    Node parse(String name) {
        if (name.isEmpty()) {
            return null;
        }
        byte[] bytes = name.getBytes(StandardCharsets.UTF_8);
        try {
            int prefix = NewDemangler.prefixLength(name);
            if (prefix != 0) {
                return NEW_PARSER.get().demangleSymbol(bytes, name, prefix);
            }
            if (name.startsWith("_T")) {
                return OLD_PARSER.get().demangleTopLevel(bytes);
            }
            return null;
        } catch (StackOverflowError e) {
            // Depth counters bound recursion; this only guards threads with unusually small stacks.
            return null;
        }
    }

    /** Output is typically 2-4 times as long as the mangled name; sizing for that avoids regrowth. */
    private String print(Node root, DemangleOptions options, int mangledLength) {
        if (root == null) {
            return null;
        }
        // A fresh buffer each time: a reused one stays UTF-16 after one non-Latin-1 name, which makes every
        // later append a conversion.
        try {
            return new NodePrinter(options, this, new StringBuilder(Math.min(4096, 16 + 4 * mangledLength)),
                    PrinterBase.maxOutput(mangledLength)).printRoot(root);
        } catch (ParseFailure | StackOverflowError e) {
            // Output bound exceeded or a pathological tree: treat as not demanglable.
            return null;
        }
    }

    /** A symbol nested in a specialization payload, printed like swift's {@code demangleSymbolAsString}. */
    String demangleNested(String mangled) {
        String s = print(parse(mangled), DemangleOptions.NESTED, mangled.length());
        return s == null || s.isEmpty() ? mangled : s;
    }
}
