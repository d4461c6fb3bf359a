package dev.crashkit.symbolicate.cli;

import dev.crashkit.symbolicate.demangle.DemangleStyle;
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
 * standard input is copied to standard output with every mangled Swift name replaced by its demangling.
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
            String name = raw.startsWith("__") ? raw.substring(1) : raw;
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

    /** Swift names first (they are found by prefix anywhere), then C++ words as llvm-cxxfilt splits them. */
    private static String both(SwiftDemangler d, String text, DemangleOptions options) {
        return ItaniumDemangler.demangleText(d.demangleText(text, options));
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
                int lastNl = pending.lastIndexOf("\n");
                if (lastNl >= 0) {
                    w.write(both(d, pending.substring(0, lastNl + 1), options));
                    pending.delete(0, lastNl + 1);
                }
            }
            w.write(both(d, pending.toString(), options));
            w.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
