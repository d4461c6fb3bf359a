package dev.crashkit.symbolicate.demangle.swift;

import dev.crashkit.testkit.TestData;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Loads swift-demangle's conformance lists from the committed third-party fixtures and our known-failure lists. */
final class ConformanceCases {
    record Case(int line, String mangled, String expected) {
    }

    private ConformanceCases() {
    }

    /** The committed swift-demangle lists ({@code testdata/third-party/swift-demangle}). */
    static Path corpusDir() {
        return TestData.thirdParty("swift-demangle");
    }

    /** Lines of the form {@code MANGLED ---> EXPECTED}; other lines are not cases (as in upstream's lit test). */
    static List<Case> load(String file) throws IOException {
        List<String> lines = Files.readAllLines(corpusDir().resolve(file), StandardCharsets.UTF_8);
        List<Case> cases = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String l = lines.get(i);
            int sep = l.indexOf(" ---> ");
            if (sep < 0) {
                continue;
            }
            String in = l.substring(0, sep).stripTrailing();
            String out = l.substring(sep + " ---> ".length()).stripLeading();
            cases.add(new Case(i + 1, in, out));
        }
        return cases;
    }

    /** mangled name -> reason, from a committed known-failures resource ({@code name<TAB>reason}). */
    static Map<String, String> knownFailures(String resource) throws IOException {
        Map<String, String> m = new LinkedHashMap<>();
        try (InputStream in = ConformanceCases.class.getResourceAsStream(resource)) {
            if (in == null) {
                return m;
            }
            for (String l : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                if (l.isBlank() || l.startsWith("#")) {
                    continue;
                }
                int tab = l.indexOf('\t');
                m.put(tab < 0 ? l : l.substring(0, tab), tab < 0 ? "" : l.substring(tab + 1));
            }
        }
        return m;
    }

    /** What swift-demangle -classify prints for a name (full style). */
    static String full(String mangled) {
        SwiftDemangler d = SwiftDemangler.instance();
        return d.classify(mangled) + d.demangle(mangled, DemangleOptions.full());
    }

    static String simplified(String mangled) {
        return SwiftDemangler.instance().demangle(mangled, DemangleOptions.simplified());
    }

    /** Development aid: prints pass counts and every failing case. */
    public static void main(String[] args) throws IOException {
        for (String file : new String[] {"manglings.txt", "simplified-manglings.txt"}) {
            boolean simple = file.startsWith("simplified");
            int pass = 0;
            List<Case> cases = load(file);
            for (Case c : cases) {
                String got = simple ? simplified(c.mangled()) : full(c.mangled());
                if (got.equals(c.expected())) {
                    pass++;
                } else if (args.length == 0 || file.startsWith(args[0])) {
                    System.out.println(c.line() + ": " + c.mangled() + "\n   exp: " + c.expected() + "\n   got: " + got);
                }
            }
            System.out.printf("%s: %d/%d pass (%.2f%%)%n", file, pass, cases.size(), 100.0 * pass / cases.size());
        }
    }
}
