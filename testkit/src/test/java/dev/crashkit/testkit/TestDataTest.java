package dev.crashkit.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TestDataTest {

    @Test
    void rootIsFoundFromAnyDirectoryBelowIt(@TempDir Path dir) throws IOException {
        Files.createDirectories(dir.resolve("testdata"));
        Path deep = Files.createDirectories(dir.resolve("symbolicate/src/test"));
        assertEquals(dir, TestData.findRoot(deep));
        assertEquals(dir, TestData.findRoot(dir));
    }

    @Test
    void noTestdataAboveFailsLoudly(@TempDir Path dir) {
        AssertionError e = assertThrows(AssertionError.class, () -> TestData.findRoot(dir));
        assertTrue(e.getMessage().contains("no testdata/ directory"), e.getMessage());
    }

    @Test
    void missingFileFailsNamingIt() {
        AssertionError e = assertThrows(AssertionError.class, () -> TestData.thirdParty("kscrash/no-such.json"));
        assertTrue(e.getMessage().contains("testdata/third-party/kscrash/no-such.json"), e.getMessage());
    }

    @Test
    void emptyListingFails() {
        assertThrows(AssertionError.class, () -> TestData.filesIn(TestData.thirdParty("kscrash"), ".nothing"));
    }

    /** Every third-party source folder carries its licence and a SOURCES.md naming each file's origin. */
    @Test
    void everyThirdPartyFolderHasLicenceAndSources() throws IOException {
        try (Stream<Path> dirs = Files.list(TestData.file("third-party"))) {
            List<Path> sources = dirs.filter(Files::isDirectory).toList();
            assertTrue(sources.size() >= 7, "third-party sources: " + sources);
            for (Path d : sources) {
                Path sourcesMd = d.resolve("SOURCES.md");
                assertTrue(Files.isRegularFile(sourcesMd), "no SOURCES.md in " + d);
                try (Stream<Path> files = Files.list(d)) {
                    assertTrue(files.anyMatch(f -> f.getFileName().toString().startsWith("LICENSE")),
                            "no LICENSE file in " + d);
                }
                String listed = Files.readString(sourcesMd, StandardCharsets.UTF_8);
                try (Stream<Path> all = Files.walk(d)) {
                    for (Path f : all.filter(Files::isRegularFile).toList()) {
                        String name = d.relativize(f).toString();
                        if (!name.equals("SOURCES.md") && !f.getFileName().toString().startsWith("LICENSE")) {
                            assertTrue(listed.contains("`" + name + "`"), name + " not listed in " + sourcesMd);
                        }
                    }
                }
            }
        }
    }

    /**
     * Regression for issue 11 "a fresh clone fails its own tests": tests and benchmarks read fixtures
     * from a corpus folder beside the checkout, which a clone does not have. No source may
     * name such a path again; third-party data is committed under testdata/third-party.
     */
    @Test
    void freshCloneNeedsNothingBesideTheRepository() throws IOException {
        // A path up out of the checkout to a corpus folder, as text ("../x/corpus", "x/corpus/…") or as
        // Path.of("..", "x", "corpus") parts; the folder beside the checkout is not named here.
        Pattern outside = Pattern.compile("\"\\.\\./[^\"]*corpus|\"[a-z]+/corpus/|\"\\.\\.\",\\s*\"[a-z]+\",\\s*\"corpus\"");
        List<String> offenders = new ArrayList<>();
        try (Stream<Path> all = Files.walk(TestData.root())) {
            for (Path f : all.filter(p -> p.toString().endsWith(".java"))
                    .filter(p -> !p.toString().contains("/target/") && !p.toString().contains("/.git/")).toList()) {
                List<String> lines = Files.readAllLines(f, StandardCharsets.UTF_8);
                for (int i = 0; i < lines.size(); i++) {
                    if (outside.matcher(lines.get(i)).find() && !f.endsWith("TestDataTest.java")) {
                        offenders.add(TestData.root().relativize(f) + ":" + (i + 1) + ": " + lines.get(i).strip());
                    }
                }
            }
        }
        assertEquals(List.of(), offenders);
    }
}
