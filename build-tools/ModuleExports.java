import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleFinder;
import java.lang.module.ModuleReference;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.spi.ToolProvider;
import java.util.stream.Stream;
import java.util.zip.ZipFile;

/**
 * Build step (client modules: the symbolicate command, server, spark, capture; phase process-classes):
 * fails the build when the module's main classes use a package of a crashkit library module
 * ({@code dev.crashkit.*} with a {@code module-info}) that the library does not export. The clients run
 * on the class path, where nothing enforces the exports; this check does. Exports are read with
 * {@link ModuleDescriptor} from the library jars or class folders on the class path, the packages used
 * from the JDK's jdeps. Run as a single-file program:
 * {@code java build-tools/ModuleExports.java <classes dir> <class path>}.
 */
public final class ModuleExports {

    public static void main(String[] args) throws Exception {
        Path classes = Path.of(args[0]);
        if (!Files.isDirectory(classes) || isEmpty(classes)) {
            return; // a pom-only module, or nothing compiled
        }
        // package -> the library module holding it, and the packages each library exports
        Map<String, ModuleDescriptor> owner = new TreeMap<>();
        for (String e : args[1].split(java.io.File.pathSeparator)) {
            Path p = Path.of(e);
            if (e.isEmpty() || !Files.exists(p) || Files.isSameFile(p, classes) || !hasModuleInfo(p)) {
                continue;
            }
            for (ModuleReference ref : ModuleFinder.of(p).findAll()) {
                ModuleDescriptor d = ref.descriptor();
                if (d.name().startsWith("dev.crashkit.")) {
                    d.packages().forEach(pkg -> owner.put(pkg, d));
                }
            }
        }
        if (owner.isEmpty()) {
            return;
        }
        ToolProvider jdeps = ToolProvider.findFirst("jdeps")
                .orElseThrow(() -> new IllegalStateException("jdeps is missing from this JDK"));
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int rc = jdeps.run(new PrintWriter(out), new PrintWriter(err), "-verbose:class", "-filter:none",
                classes.toString());
        if (rc != 0) {
            System.err.println("ModuleExports: jdeps failed (" + rc + "): " + err + out);
            System.exit(2);
        }
        Map<String, Set<String>> violations = new TreeMap<>(); // "module does not export package" -> users
        for (String line : out.toString().split("\n")) {
            String[] f = line.trim().split("\\s+");
            if (f.length < 3 || !f[1].equals("->")) {
                continue;
            }
            String target = f[2];
            int dot = target.lastIndexOf('.');
            String pkg = dot < 0 ? "" : target.substring(0, dot);
            ModuleDescriptor lib = owner.get(pkg);
            if (lib != null && !exported(lib, pkg)) {
                violations.computeIfAbsent(lib.name() + " does not export " + pkg, k -> new TreeSet<>())
                        .add(f[0] + " -> " + target);
            }
        }
        if (violations.isEmpty()) {
            return;
        }
        System.err.println("Unexported packages used by " + classes + " (use the library's exported API,"
                + " or export the package in its module-info.java):");
        violations.forEach((what, uses) -> {
            System.err.println("  " + what);
            uses.forEach(u -> System.err.println("    " + u));
        });
        System.exit(1);
    }

    /** Exported to everyone: a qualified export does not reach class-path code. */
    private static boolean exported(ModuleDescriptor d, String pkg) {
        return d.exports().stream().anyMatch(x -> !x.isQualified() && x.source().equals(pkg));
    }

    private static boolean hasModuleInfo(Path p) throws Exception {
        if (Files.isDirectory(p)) {
            return Files.exists(p.resolve("module-info.class"));
        }
        if (!p.toString().endsWith(".jar")) {
            return false;
        }
        try (ZipFile z = new ZipFile(p.toFile())) {
            return z.getEntry("module-info.class") != null;
        }
    }

    private static boolean isEmpty(Path dir) throws Exception {
        List<Path> found = new ArrayList<>();
        try (Stream<Path> s = Files.walk(dir)) {
            s.filter(p -> p.toString().endsWith(".class")).limit(1).forEach(found::add);
        }
        return found.isEmpty();
    }
}
