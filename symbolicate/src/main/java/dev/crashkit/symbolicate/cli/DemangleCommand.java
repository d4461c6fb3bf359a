package dev.crashkit.symbolicate.cli;

import dev.crashkit.symbolicate.demangle.DemangleStyle;
import dev.crashkit.symbolicate.demangle.detect.TextDemangler;
import dev.crashkit.symbolicate.demangle.cpp.ItaniumDemangler;
import dev.crashkit.symbolicate.demangle.swift.DemangleOptions;
import dev.crashkit.symbolicate.demangle.swift.SwiftDemangler;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code demangle [--simplified] [--compact] [--classify] [NAME...]}, modelled on {@code swift-demangle}: each
 * NAME prints {@code NAME ---> DEMANGLED} (or only the demangling with {@code --compact}); without names,
 * standard input is copied to standard output with every mangled Swift or C++ name (a whole word) replaced by its
 * demangling.
 */
@Command(name = "demangle", mixinStandardHelpOptions = true,
        description = "Demangle Swift (like swift-demangle) and C++ (like llvm-cxxfilt) names. Without NAMEs, filters standard input.")
public final class DemangleCommand implements Callable<Integer> {
    private static final ItaniumDemangler CPP = new ItaniumDemangler();

    @Option(names = {"--simplified", "-simplified"}, description = "Short form used by Apple crash reports.")
    boolean simplified;

    @Option(names = {"--compact", "-compact"}, description = "Print only the demangled names.")
    boolean compact;

    @Option(names = {"--classify", "-classify"}, description = "Prefix thunk/calling-convention classification.")
    boolean classify;

    @Parameters(arity = "0..*", paramLabel = "NAME", description = "Mangled names.")
    List<String> names = new ArrayList<>();

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        DemangleOptions options = simplified ? DemangleOptions.simplified() : DemangleOptions.full();
        SwiftDemangler d = SwiftDemangler.instance();
        PrintWriter out = spec != null ? spec.commandLine().getOut()
                : new PrintWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8), true);
        if (names.isEmpty()) {
            try {
                filter(d, options, out);
            } catch (UncheckedIOException e) {
                PrintWriter err = spec != null ? spec.commandLine().getErr() : new PrintWriter(System.err, true);
                err.println("error: cannot read standard input: " + e.getCause().getMessage());
                err.flush();
                return ExitCodes.INVALID_INPUT;
            }
            return 0;
        }
        for (String raw : names) {
            StringBuilder line = new StringBuilder();
            String name = withDollar(raw.startsWith("__") ? raw.substring(1) : raw, d, options);
            if (!compact) {
                line.append(name).append(" ---> ");
            }
            if (classify) {
                line.append(d.classify(name));
            }
            if (!d.recognizes(name) && CPP.recognizes(raw)) {
                line.append(CPP.demangle(raw, options.equals(DemangleOptions.simplified())
                        ? DemangleStyle.SIMPLIFIED : DemangleStyle.FULL));
            } else {
                line.append(d.demangle(name, options));
            }
            out.println(line);
        }
        out.flush();
        return 0;
    }

    /**
     * swift-demangle turns an argument starting with {@code S}, {@code s} or {@code e} into {@code $} + the
     * argument (a shell ate the {@code $}), and a USR {@code s:X} into {@code $sX} (swiftlang/swift
     * test/Demangle/usr.swift); we do so when the result demangles, so plain C names keep their spelling.
     */
    private static String withDollar(String name, SwiftDemangler d, DemangleOptions options) {
        String candidate;
        if (name.startsWith("s:")) {
            candidate = "$s" + name.substring(2);
        } else if (!name.isEmpty() && "sSe".indexOf(name.charAt(0)) >= 0) {
            candidate = "$" + name;
        } else {
            return name;
        }
        return d.demangle(candidate, options).equals(candidate) ? name : candidate;
    }

    /** One tokenisation for both schemes: a mangled name is a whole word (see {@link TextDemangler}). */
    private static String both(SwiftDemangler d, String text, DemangleOptions options) {
        return TextDemangler.demangle(text, options);
    }

    /** Text kept back while waiting for the end of a line. */
    static final int MAX_PENDING = 1 << 20;

    /** The last blank of {@code s}, else its last character: where a too-long line is cut. */
    private static int lastBlank(CharSequence s) {
        for (int i = s.length() - 1; i >= 0; i--) {
            if (s.charAt(i) == ' ' || s.charAt(i) == '\t') {
                return i;
            }
        }
        return s.length() - 1;
    }

    private static void filter(SwiftDemangler d, DemangleOptions options, PrintWriter w) {
        // Standard input is not closed: it belongs to the caller.
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        try {
            char[] buf = new char[8192];
            StringBuilder pending = new StringBuilder();
            int n;
            while ((n = in.read(buf)) > 0) {
                pending.append(buf, 0, n);
                int cut = pending.lastIndexOf("\n");
                if (cut < 0 && pending.length() > MAX_PENDING) {
                    // A line without end is passed on in pieces cut at a blank, so memory stays bounded and
                    // no word (hence no mangled name) is split; a name is far shorter than this.
                    cut = lastBlank(pending);
                }
                if (cut >= 0) {
                    w.write(both(d, pending.substring(0, cut + 1), options));
                    pending.delete(0, cut + 1);
                }
            }
            w.write(both(d, pending.toString(), options));
            w.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
