package dev.crashkit.spark;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One {@link Symbolicator} per executor JVM and {@link SymbolSettings}, built on first use and
 * reused by every task of every job the JVM runs: the debug-file index is built once, and each
 * debug file is parsed once (the symbolizer's module cache keeps it) no matter how many reports and
 * partitions need it.
 *
 * <p>This is a static cache on purpose: an executor JVM outlives its tasks and Spark offers no
 * other per-executor place to keep state. It holds one entry per distinct settings value (one per
 * job in practice).
 */
final class SymbolicatorHolder {
    private static final Logger LOG = LoggerFactory.getLogger(SymbolicatorHolder.class);
    private static final Map<SymbolSettings, Symbolicator> BY_SETTINGS = new ConcurrentHashMap<>();

    private SymbolicatorHolder() {
    }

    /** The symbolicator for {@code settings}, building it (and fetching remote debug files) on first use. */
    static Symbolicator get(SymbolSettings settings, Map<String, String> hadoopConf) {
        return BY_SETTINGS.computeIfAbsent(settings, s -> {
            try {
                List<Path> local = localDsyms(s, hadoopConf);
                long start = System.nanoTime();
                Symbolicator built = Symbolicator.open(s, local, m -> LOG.warn("debug files: {}", m));
                LOG.info("indexed debug files {} in {} ms (symbol servers: {})", s.dsyms(),
                        (System.nanoTime() - start) / 1_000_000, s.symbolServers());
                return built;
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }

    /**
     * Drops every symbolicator, so the next {@link #get} builds a new one as a newly started executor
     * JVM would (tests: a second job that must open, not inherit, what the first one left on disk).
     */
    static void forgetAll() {
        BY_SETTINGS.clear();
    }

    /**
     * Local paths as they are; Hadoop URIs (any scheme but {@code file}) copied into a folder of
     * this JVM's temporary directory, once per JVM, so the symbolicator reads plain files.
     */
    static List<Path> localDsyms(SymbolSettings s, Map<String, String> hadoopConf) throws IOException {
        List<Path> out = new ArrayList<>();
        Path copies = null;
        for (String d : s.dsyms()) {
            URI uri = URI.create(d.replace(" ", "%20"));
            String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
            if (scheme.isEmpty() || scheme.equals("file") || scheme.length() == 1) { // "C:" is a drive, not a scheme
                out.add(scheme.equals("file") ? Path.of(uri) : Path.of(d));
                continue;
            }
            if (copies == null) {
                copies = Files.createTempDirectory("crashkit-dsyms");
            }
            org.apache.hadoop.fs.Path remote = new org.apache.hadoop.fs.Path(d);
            Path target = copies.resolve(out.size() + "-" + remote.getName());
            FileSystem fs = remote.getFileSystem(configuration(hadoopConf));
            fs.copyToLocalFile(false, remote, new org.apache.hadoop.fs.Path(target.toUri()), true);
            out.add(target);
        }
        return out;
    }

    static Configuration configuration(Map<String, String> entries) {
        Configuration conf = new Configuration(false);
        entries.forEach(conf::set);
        return conf;
    }
}
