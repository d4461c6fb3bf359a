package dev.crashkit.symbolicate.demangle.cpp;

import dev.crashkit.symbolicate.demangle.DemangleStyle;
import dev.crashkit.symbolicate.demangle.Demangler;
import java.util.Optional;

/**
 * Demangles Itanium C++ ABI names ({@code _Z...}) exactly like LLVM 19's {@code llvm-cxxfilt}.
 *
 * <p>Accepted spellings, per token:
 * <ul>
 *   <li>{@code _Z<encoding>[.suffix]}: the ELF / in-memory spelling, e.g. {@code _ZN3foo3barEv}
 *       → {@code foo::bar()}; clone suffixes print as {@code foo() (.cold)}.</li>
 *   <li>{@code __Z...}: the Mach-O symbol-table spelling (one extra leading underscore). It is
 *       demangled as the {@code _Z...} name it stands for, like {@code llvm-cxxfilt-19
 *       --strip-underscore} (llvm-cxxfilt-19 without that flag leaves it unchanged). The
 *       symbolicator strips the Mach-O underscore itself, so both spellings give the same text.</li>
 *   <li>{@code ___Z<encoding>_block_invoke[_N]} (Mach-O) and, after the Mach-O underscore was
 *       stripped, {@code __Z..._block_invoke}: "invocation function for block in ...".</li>
 *   <li>Like llvm-cxxfilt: a leading {@code .} is kept and the rest demangled; {@code __imp_X} prints
 *       as "import thunk for " + X.</li>
 * </ul>
 * Everything else (C names, Objective-C {@code -[Class sel:]}, {@code _OBJC_CLASS_$_Foo}, Swift)
 * is returned unchanged. C++ has no simplified form, so {@link DemangleStyle} is ignored.
 *
 * <p>Never throws: malformed names are returned unchanged, and parse depth, print depth, work
 * and output length are bounded, so hostile names cannot exhaust the stack or take long.
 * Thread-safe: instances hold no state (each thread reuses its own parser and output buffer).
 *
 * <p>Not handled, unlike llvm-cxxfilt: Rust ({@code _R...}) and D ({@code _D...}) manglings, which
 * are not C++. (Microsoft {@code ?...} names pass through unchanged in both.)
 */
public final class ItaniumDemangler implements Demangler {

    /** Longer names are not demangled (real symbols are far shorter); bounds memory and time. */
    static final int MAX_INPUT = 64 * 1024;

    /** Parser and printer are reused per thread; both are reset before each name. */
    private static final ThreadLocal<Workspace> WORKSPACE = new Workspaces();

    /** The thread-local as a class, not a {@code withInitial} method reference (linked on the first frame's path). */
    private static final class Workspaces extends ThreadLocal<Workspace> {
        @Override
        protected Workspace initialValue() {
            return new Workspace();
        }
    }

    private static final class Workspace {
        final Parser parser = new Parser();
        final Printer printer = new Printer();
    }

    /** Creates a demangler; it has no state, so one instance can be shared by all threads. */
    public ItaniumDemangler() {
    }

    @Override
    public boolean recognizes(String name) {
        if (name == null) {
            return false;
        }
        int start = !name.isEmpty() && name.charAt(0) == '.' ? 1 : 0;
        return isItaniumEncoding(name, start) || name.startsWith("__imp_");
    }

    @Override
    public String demangle(String name, DemangleStyle style) {
        return demangleToken(name);
    }

    /**
     * The demangled form of one whole symbol name, or {@code name} itself when it is not an
     * Itanium mangled name or cannot be demangled. Never throws; null gives null.
     *
     * @param name a whole symbol name, optionally with a leading {@code .}
     * @return the demangled name, or {@code name}
     */
    public static String demangleToken(String name) {
        if (name == null || name.isEmpty() || name.length() > MAX_INPUT) {
            return name;
        }
        String prefix = "";
        int start = 0;
        // A leading dot (e.g. local labels) is kept and not part of the mangled name.
        if (name.charAt(0) == '.') {
            prefix = ".";
            start = 1;
        }
        if (isItaniumEncoding(name, start)) {
            String r = demangleRange(name, start);
            if (r != null) {
                return prefix.isEmpty() ? r : prefix + r;
            }
            return name;
        }
        if (name.startsWith("__imp_")) {
            // Windows import thunks; like llvm-cxxfilt, the rest may also be a bare type.
            String r = parseAndPrint(name, 6);
            return r != null ? "import thunk for " + r : name;
        }
        return name;
    }

    /**
     * Demangles {@code mangled} if it is a complete Itanium name ({@code _Z…}, Mach-O {@code __Z…},
     * block invocations); empty when it is not.
     *
     * @param mangled a symbol name
     * @return the demangled name, or empty when {@code mangled} is not an Itanium name or does not demangle
     */
    public static Optional<String> tryDemangle(String mangled) {
        if (mangled == null || mangled.length() > MAX_INPUT || !isItaniumEncoding(mangled, 0)) {
            return Optional.empty();
        }
        return Optional.ofNullable(demangleRange(mangled, 0));
    }

    /**
     * Replaces every Itanium mangled name inside a line of text, as {@code llvm-cxxfilt} does when
     * filtering standard input: the line is split into words of {@code [A-Za-z0-9_.$]} and each
     * word is demangled on its own; everything else is copied unchanged.
     *
     * @param line a line of text; null gives null
     * @return the line with its mangled names demangled
     */
    public static String demangleText(CharSequence line) {
        if (line == null) {
            return null;
        }
        return WordFilter.replaceWords(line, ItaniumDemangler::demangleToken);
    }

    /** llvm's isItaniumEncoding: 1 to 4 underscores followed by 'Z'. */
    private static boolean isItaniumEncoding(String s, int start) {
        int i = start;
        while (i < s.length() && s.charAt(i) == '_') {
            i++;
        }
        int underscores = i - start;
        return underscores >= 1 && underscores <= 4 && i < s.length() && s.charAt(i) == 'Z';
    }

    /** Parses and prints {@code s} from {@code start}; null when it does not demangle. */
    private static String demangleRange(String s, int start) {
        String r = parseAndPrint(s, start);
        if (r == null && s.startsWith("__Z", start)) {
            // Mach-O spelling of _Z..., or of ___Z..._block_invoke after one underscore was stripped.
            r = parseAndPrint(s, start + 1);
            if (r == null) {
                r = parseAndPrint("_" + s.substring(start), 0);
            }
        }
        return r;
    }

    private static String parseAndPrint(String s, int start) {
        return parseAndPrint(s, start, false);
    }

    /**
     * Demangles a whole symbol name as GNU libiberty's {@code __cxa_demangle} prints it (what Breakpad's
     * {@code dump_syms} and {@code c++filt} write): {@code > >}, {@code [clone .cold]}, {@code {lambda()#1}},
     * {@code {unnamed type#1}}; empty when the name is not an Itanium name or libiberty would not demangle
     * it (a clone suffix that is not {@code .name[.digits]...}).
     *
     * @param mangled a symbol name
     * @return the GNU-style demangling, or empty
     */
    public static Optional<String> tryDemangleGnu(String mangled) {
        if (mangled == null || mangled.length() > MAX_INPUT || !mangled.startsWith("_Z")) {
            return Optional.empty();
        }
        return Optional.ofNullable(parseAndPrint(mangled, 0, true));
    }

    private static String parseAndPrint(String s, int start, boolean gnu) {
        Workspace w = WORKSPACE.get();
        try {
            w.parser.reset(s, start, s.length());
            w.parser.gnu = gnu;
            Node ast = w.parser.parse();
            w.parser.gnu = false;
            if (ast == null) {
                return null;
            }
            if (gnu && ast instanceof SpecialNodes.DotSuffix d && SpecialNodes.gnuCloneGroups(d.suffix) == null) {
                return null;
            }
            Printer p = w.printer;
            p.reset();
            p.gnu = gnu;
            try {
                ast.print(p);
            } finally {
                p.gnu = false;
            }
            return p.result();
        } catch (Bail e) {
            return null;
        } catch (StackOverflowError e) {
            // Depth is bounded (see ParserCore/Printer) so this needs a thread stack far below the
            // JVM default; the per-call state is reset on the next call, so giving up is safe.
            return null;
        }
    }
}
