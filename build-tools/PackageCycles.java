import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.spi.ToolProvider;
import java.util.stream.Stream;

/**
 * Build step (every module, phase process-classes): fails the build when the module's main
 * classes have a package cycle. Package dependencies come from the JDK's jdeps; cycles are the
 * strongly connected components of that graph with more than one package. Run as a single-file
 * program: {@code java build-tools/PackageCycles.java <classes dir> [<class path>]}; a module with a
 * {@code module-info.class} has its dependencies (the class path) put on jdeps' module path.
 */
public final class PackageCycles {

    public static void main(String[] args) throws Exception {
        Path classes = Path.of(args[0]);
        if (!Files.isDirectory(classes) || isEmpty(classes)) {
            return; // a pom-only module, or nothing compiled
        }
        ToolProvider jdeps = ToolProvider.findFirst("jdeps")
                .orElseThrow(() -> new IllegalStateException("jdeps is missing from this JDK"));
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        List<String> jdepsArgs = new ArrayList<>(List.of("-verbose:package", "-filter:none"));
        String modulePath = args.length > 1 && Files.exists(classes.resolve("module-info.class"))
                ? modulePath(args[1], classes) : "";
        if (!modulePath.isEmpty()) {
            // A module's requires are resolved by jdeps: its dependencies go on the module path.
            jdepsArgs.add("--multi-release"); // module-info of Jackson & co. sits in META-INF/versions
            jdepsArgs.add(String.valueOf(Runtime.version().feature()));
            jdepsArgs.add("--module-path");
            jdepsArgs.add(modulePath);
        }
        jdepsArgs.add(classes.toString());
        int rc = jdeps.run(new PrintWriter(out), new PrintWriter(err), jdepsArgs.toArray(String[]::new));
        if (rc != 0) {
            System.err.println("PackageCycles: jdeps failed (" + rc + "): " + err + out);
            System.exit(2);
        }
        Set<String> own = ownPackages(classes);
        Map<String, Set<String>> edges = new TreeMap<>();
        for (String line : out.toString().split("\n")) {
            String[] f = line.trim().split("\\s+");
            if (f.length >= 3 && f[1].equals("->") && own.contains(f[0]) && own.contains(f[2]) && !f[0].equals(f[2])) {
                edges.computeIfAbsent(f[0], k -> new TreeSet<>()).add(f[2]);
            }
        }
        List<List<String>> cycles = new Tarjan(edges).components();
        if (cycles.isEmpty()) {
            return;
        }
        System.err.println("Package cycles in " + classes + " (dependencies must point one way):");
        for (List<String> c : cycles) {
            System.err.println("  cycle: " + c);
            for (String a : c) {
                for (String b : edges.getOrDefault(a, Set.of())) {
                    if (c.contains(b)) {
                        System.err.println("    " + a + " -> " + b);
                    }
                }
            }
        }
        System.exit(1);
    }

    /** The class path's existing entries but the module's own classes, as a module path. */
    private static String modulePath(String classPath, Path classes) throws Exception {
        List<String> out = new ArrayList<>();
        for (String e : classPath.split(java.io.File.pathSeparator)) {
            if (!e.isEmpty() && Files.exists(Path.of(e)) && !Files.isSameFile(Path.of(e), classes)) {
                out.add(e);
            }
        }
        return String.join(java.io.File.pathSeparator, out);
    }

    private static boolean isEmpty(Path dir) throws Exception {
        try (Stream<Path> s = Files.walk(dir)) {
            return s.noneMatch(p -> p.toString().endsWith(".class"));
        }
    }

    private static Set<String> ownPackages(Path classes) throws Exception {
        Set<String> out = new TreeSet<>();
        try (Stream<Path> s = Files.walk(classes)) {
            s.filter(p -> p.toString().endsWith(".class")).forEach(p -> {
                Path rel = classes.relativize(p.getParent() == null ? classes : p.getParent());
                out.add(rel.toString().replace(java.io.File.separatorChar, '.'));
            });
        }
        return out;
    }

    /** Strongly connected components, iteratively (no recursion limit on big graphs). */
    private static final class Tarjan {
        private final Map<String, Set<String>> edges;
        private final Map<String, Integer> index = new HashMap<>();
        private final Map<String, Integer> low = new HashMap<>();
        private final Deque<String> stack = new ArrayDeque<>();
        private final Set<String> onStack = new TreeSet<>();
        private final List<List<String>> result = new ArrayList<>();
        private int next;

        Tarjan(Map<String, Set<String>> edges) {
            this.edges = edges;
        }

        List<List<String>> components() {
            Set<String> nodes = new TreeSet<>(edges.keySet());
            edges.values().forEach(nodes::addAll);
            for (String n : nodes) {
                if (!index.containsKey(n)) {
                    visit(n);
                }
            }
            return result;
        }

        private void visit(String root) {
            Deque<Object[]> work = new ArrayDeque<>();
            enter(root);
            work.push(new Object[] {root, new ArrayList<>(edges.getOrDefault(root, Set.of())).iterator()});
            while (!work.isEmpty()) {
                Object[] top = work.peek();
                String v = (String) top[0];
                @SuppressWarnings("unchecked")
                java.util.Iterator<String> it = (java.util.Iterator<String>) top[1];
                if (it.hasNext()) {
                    String w = it.next();
                    if (!index.containsKey(w)) {
                        enter(w);
                        work.push(new Object[] {w, new ArrayList<>(edges.getOrDefault(w, Set.of())).iterator()});
                    } else if (onStack.contains(w)) {
                        low.put(v, Math.min(low.get(v), index.get(w)));
                    }
                    continue;
                }
                work.pop();
                if (!work.isEmpty()) {
                    String parent = (String) work.peek()[0];
                    low.put(parent, Math.min(low.get(parent), low.get(v)));
                }
                if (low.get(v).equals(index.get(v))) {
                    List<String> comp = new ArrayList<>();
                    String w;
                    do {
                        w = stack.pop();
                        onStack.remove(w);
                        comp.add(w);
                    } while (!w.equals(v));
                    if (comp.size() > 1) {
                        comp.sort(null);
                        result.add(comp);
                    }
                }
            }
        }

        private void enter(String v) {
            index.put(v, next);
            low.put(v, next);
            next++;
            stack.push(v);
            onStack.add(v);
        }
    }
}
