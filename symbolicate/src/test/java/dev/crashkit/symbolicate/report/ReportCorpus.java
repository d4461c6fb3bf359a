package dev.crashkit.symbolicate.report;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.crashkit.core.ReportException;
import dev.crashkit.symbolicate.formats.ReportFormats;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** Access to the third-party report corpus in ../shared/corpus; a missing file fails the test. */
public final class ReportCorpus {

    /**
     * {@code ../shared/corpus} from the repository root; a git worktree one level deeper (as used
     * for parallel branches) finds it at {@code ../../shared/corpus}.
     */
    public static final Path ROOT = Files.isDirectory(Path.of("../shared/corpus")) ? Path.of("../shared/corpus")
            : Path.of("../../shared/corpus");

    private ReportCorpus() {
    }

    public static Path path(String relative) {
        Path p = ROOT.resolve(relative);
        assertTrue(Files.isRegularFile(p), "missing corpus file " + p.toAbsolutePath());
        return p;
    }

    /** Files of a corpus directory ending in {@code suffix}, sorted; fails when there are none. */
    public static List<Path> files(String dir, String suffix) throws IOException {
        Path d = ROOT.resolve(dir);
        assertTrue(Files.isDirectory(d), "missing corpus directory " + d.toAbsolutePath());
        try (Stream<Path> s = Files.list(d)) {
            List<Path> out = s.filter(p -> p.getFileName().toString().endsWith(suffix)).sorted().toList();
            assertTrue(!out.isEmpty(), "no " + suffix + " files in " + d);
            return out;
        }
    }

    public static String text(Path p) throws IOException {
        return Files.readString(p, StandardCharsets.UTF_8);
    }

    /** The data document of an insta {@code .snap} file (after its metadata header). */
    public static JsonNode snapshot(Path snap) throws IOException {
        String s = text(snap);
        int second = s.indexOf("\n---\n", 4);
        assertTrue(second > 0, "no second YAML document in " + snap);
        return new ObjectMapper(new YAMLFactory()).readTree(s.substring(second + 5));
    }

    public static JsonNode json(Path p) throws IOException {
        return JsonTrees.mapper().readTree(Files.readAllBytes(p));
    }

    public static ParsedReport read(Path p) throws ReportException {
        return ReportFormats.standard().read(p);
    }
}
