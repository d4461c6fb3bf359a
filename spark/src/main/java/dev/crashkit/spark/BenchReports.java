package dev.crashkit.spark;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Generates the benchmark's input (never committed): from real template reports and their debug
 * files it makes {@code V} variants of every debug file that a template image points to (a copy
 * with the 16 UUID bytes replaced by a variant UUID, as a new build of the same app would have),
 * then {@code N} reports, report {@code i} being template {@code i mod T} as {@code crashreport/1}
 * with the image UUIDs of variant {@code (i / T) mod V}, cut to the crashed thread and the first
 * others up to {@code --max-threads} (default 4), and to the images those frames fall into (the
 * CrashProbe reports carry 20+ threads and 200+ images, which would make 100,000 reports 4 GB). System images keep their UUIDs (they have
 * no debug files, as in real life). Output: {@code OUT/dsyms/v<k>/…}, {@code OUT/reports/<i/1000>/<i>.json}
 * and, with {@code --export}, the same reports as JSON-lines exports in {@code OUT/export/}.
 *
 * <pre>java -cp spark/target/crashkit-spark.jar dev.crashkit.spark.BenchReports --count 100000 --variants 6 \
 *     --templates testdata/reports ... --dsym testdata/macho ... --out /tmp/bench [--max-threads 4] [--export]</pre>
 */
public final class BenchReports {
    private static final ObjectMapper JSON = new ObjectMapper();

    private record Template(String name, byte[] data, List<String> ids) {
    }

    private BenchReports() {
    }

    public static void main(String[] args) throws IOException {
        int count = 0;
        int variants = 1;
        int maxThreads = 4;
        boolean export = false;
        Path out = null;
        List<Path> templates = new ArrayList<>();
        List<Path> dsyms = new ArrayList<>();
        List<Path> target = null;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--count" -> count = Integer.parseInt(args[++i]);
                case "--variants" -> variants = Integer.parseInt(args[++i]);
                case "--out" -> out = Path.of(args[++i]);
                case "--export" -> export = true;
                case "--max-threads" -> maxThreads = Integer.parseInt(args[++i]);
                case "--templates" -> target = templates;
                case "--dsym" -> target = dsyms;
                default -> {
                    if (target == null || args[i].startsWith("--")) {
                        System.err.println("error: unexpected argument " + args[i]);
                        System.exit(2);
                    }
                    target.add(Path.of(args[i]));
                }
            }
        }
        if (out == null || count < 1 || variants < 1 || templates.isEmpty() || dsyms.isEmpty()) {
            System.err.println("usage: BenchReports --count N --variants V --templates PATH... --dsym PATH... --out DIR [--max-threads K] [--export]");
            System.exit(2);
        }
        generate(count, variants, maxThreads, templates, dsyms, out, export);
    }

    static void generate(int count, int variants, int maxThreads, List<Path> templatePaths, List<Path> dsymRoots, Path out,
                         boolean export) throws IOException {
        List<Template> templates = templates(templatePaths);
        Set<String> ids = new LinkedHashSet<>();
        templates.forEach(t -> ids.addAll(t.ids()));
        Set<String> withDebugFile = new LinkedHashSet<>();
        for (int v = 0; v < variants; v++) {
            withDebugFile.addAll(copyDebugFiles(dsymRoots, ids, v, out.resolve("dsyms").resolve("v" + v)));
        }
        String[][] texts = new String[templates.size()][variants];
        for (int t = 0; t < templates.size(); t++) {
            for (int v = 0; v < variants; v++) {
                int variant = v;
                Template tpl = templates.get(t);
                String doc = Symbolicator.asCrashReport(tpl.name(), tpl.data(),
                        id -> withDebugFile.contains(id) ? variantId(id, variant) : id, maxThreads);
                texts[t][v] = JSON.writeValueAsString(JSON.readTree(doc)); // one line, for exports too
            }
        }
        BufferedWriter exportOut = null;
        for (int i = 0; i < count; i++) {
            String text = texts[i % templates.size()][(i / templates.size()) % variants];
            Path file = out.resolve("reports").resolve(String.format(Locale.ROOT, "%03d", i / 1000))
                    .resolve(String.format(Locale.ROOT, "%06d.json", i));
            if (i % 1000 == 0) {
                Files.createDirectories(file.getParent());
            }
            Files.writeString(file, text);
            if (export) {
                if (i % 25_000 == 0) {
                    if (exportOut != null) {
                        exportOut.close();
                    }
                    Path part = out.resolve("export").resolve(String.format(Locale.ROOT, "export-%03d.jsonl", i / 25_000));
                    Files.createDirectories(part.getParent());
                    exportOut = Files.newBufferedWriter(part, StandardCharsets.UTF_8);
                }
                ObjectNode line = JSON.createObjectNode().put("id", "r" + i).put("report", text);
                exportOut.write(JSON.writeValueAsString(line));
                exportOut.write('\n');
            }
        }
        if (exportOut != null) {
            exportOut.close();
        }
        System.out.printf(Locale.ROOT, "%d reports from %d templates x %d variants; %d images with debug files per variant (%d in all)%n",
                count, templates.size(), variants, withDebugFile.size(), withDebugFile.size() * variants);
    }

    private static List<Template> templates(List<Path> paths) throws IOException {
        List<Template> out = new ArrayList<>();
        for (Path root : paths) {
            List<Path> files;
            try (Stream<Path> s = Files.walk(root)) {
                files = s.filter(Files::isRegularFile).sorted().toList();
            }
            for (Path f : files) {
                byte[] data = Files.readAllBytes(f);
                try {
                    out.add(new Template(f.toString(), data, Symbolicator.imageIds(f.toString(), data)));
                } catch (IOException e) {
                    // not a report (scripts, README, expectation tables): not a template
                }
            }
        }
        return out;
    }

    /** Copies each file under the roots that holds one of {@code ids}, with variant UUIDs; returns the ids found. */
    private static Set<String> copyDebugFiles(List<Path> roots, Set<String> ids, int variant, Path into) throws IOException {
        Map<String, byte[]> raw = new HashMap<>();
        for (String id : ids) {
            String hex = id.replace("-", "");
            if (hex.length() == 32 && !hex.matches("0+")) { // a zero UUID (edge-case reports) would match any zeros
                raw.put(id, HexFormat.of().parseHex(hex.toLowerCase(Locale.ROOT)));
            }
        }
        Set<String> found = new LinkedHashSet<>();
        for (int r = 0; r < roots.size(); r++) {
            Path root = roots.get(r);
            List<Path> files;
            try (Stream<Path> s = Files.walk(root)) {
                files = s.filter(Files::isRegularFile).sorted().toList();
            }
            for (Path f : files) {
                byte[] data = Files.readAllBytes(f);
                boolean changed = false;
                for (Map.Entry<String, byte[]> e : raw.entrySet()) {
                    byte[] replacement = HexFormat.of().parseHex(variantId(e.getKey(), variant).replace("-", "")
                            .toLowerCase(Locale.ROOT));
                    if (replaceAll(data, e.getValue(), replacement)) {
                        found.add(e.getKey());
                        changed = true;
                    }
                }
                if (changed) {
                    Path target = into.resolve("r" + r).resolve(root.relativize(f).toString());
                    Files.createDirectories(target.getParent());
                    Files.write(target, data);
                }
            }
        }
        return found;
    }

    private static boolean replaceAll(byte[] data, byte[] what, byte[] with) {
        boolean any = false;
        outer:
        for (int i = 0; i + what.length <= data.length; i++) {
            for (int j = 0; j < what.length; j++) {
                if (data[i + j] != what[j]) {
                    continue outer;
                }
            }
            System.arraycopy(with, 0, data, i, with.length);
            any = true;
        }
        return any;
    }

    /** A UUID derived from {@code id} and the variant number (variant 0 keeps the original). */
    static String variantId(String id, int variant) {
        if (variant == 0) {
            return id;
        }
        try {
            byte[] d = MessageDigest.getInstance("SHA-256").digest((id + "/" + variant).getBytes(StandardCharsets.UTF_8));
            String h = HexFormat.of().withUpperCase().formatHex(d, 0, 16);
            return h.substring(0, 8) + "-" + h.substring(8, 12) + "-" + h.substring(12, 16) + "-" + h.substring(16, 20)
                    + "-" + h.substring(20);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required in every JVM", e);
        }
    }
}
