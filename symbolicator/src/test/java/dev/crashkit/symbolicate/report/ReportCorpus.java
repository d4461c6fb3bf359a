package dev.crashkit.symbolicate.report;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.crashkit.core.ReportException;
import dev.crashkit.symbolicate.formats.ReportFormats;
import dev.crashkit.testkit.TestData;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Access to the committed third-party report fixtures ({@code testdata/third-party/}); a missing file fails the test. */
public final class ReportCorpus {

    private ReportCorpus() {
    }

    public static Path path(String relative) {
        Path p = TestData.thirdParty(relative);
        assertTrue(Files.isRegularFile(p), "not a file: " + p.toAbsolutePath());
        return p;
    }

    /** Files of a third-party directory ending in {@code suffix}, sorted; fails when there are none. */
    public static List<Path> files(String dir, String suffix) throws IOException {
        return TestData.filesIn(TestData.thirdParty(dir), suffix);
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
