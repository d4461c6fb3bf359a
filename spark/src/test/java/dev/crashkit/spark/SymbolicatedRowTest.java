package dev.crashkit.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.crashkit.symbolicate.format.elf.ElfFile;
import dev.crashkit.symbolicator.Demangling;
import dev.crashkit.symbolicator.InputLimits;
import dev.crashkit.symbolicator.OutputFormat;
import dev.crashkit.symbolicator.Report;
import dev.crashkit.symbolicator.Symbolication;
import dev.crashkit.symbolicator.SymbolicatorConfig;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code symbolicated} column made from the library's values ({@link SymbolicatedRow}) against the same
 * column parsed from the symbolicated/1 JSON the library writes for {@code batch} ({@link JsonRows}), for
 * every report of the test data, in every format we read, with their debug files. The reports are chosen to
 * reach every optional field (hang, trust, symbol version, reported names, kept from capture): the test
 * checks that each was compared at least once with a value.
 */
class SymbolicatedRowTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path tmp;

    @Test
    void rowsFromValuesEqualRowsParsedFromTheJsonDocument() throws Exception {
        List<Path> reports = new ArrayList<>();
        reports.add(versionedAndKeptFrames());
        reports.addAll(files(TestFiles.testdata("reports"), "*.json"));
        reports.addAll(files(TestFiles.testdata("reports/apple"), "*.{ips,crash}"));
        reports.addAll(files(TestFiles.testdata("reports/ips"), "*.ips"));
        reports.addAll(files(TestFiles.testdata("reports/crash"), "*.crash"));
        reports.addAll(files(TestFiles.testdata("reports/metrickit"), "*.json"));
        reports.addAll(files(TestFiles.testdata("reports/sentry"), "*.json"));
        reports.addAll(files(TestFiles.testdata("reports/signal-frame"), "*.json"));
        reports.addAll(files(TestFiles.testdata("reports/native-crash"), "*.json"));
        reports.addAll(files(TestFiles.testdata("hserr"), "*.log"));
        reports.addAll(files(TestFiles.testdata("minidump"), "*.dmp"));
        reports.addAll(files(TestFiles.crashProbe().resolve("release-arm64"), "*.json"));
        List<Path> debugFiles = List.of(TestFiles.testdata("macho"), TestFiles.crashProbe().resolve("dSYMs"),
                TestFiles.testdata("reports/signal-frame"), TestFiles.testdata("reports/native-crash"),
                TestFiles.testdata("hserr/split"), TestFiles.testdata("hserr/lib"), TestFiles.testdata("minidump/sym"),
                TestFiles.testdata("minidump/crashy"), TestFiles.testdata("elf/versions/bin"),
                TestFiles.testdata("elf/versions/debug/libvers.so.1.debug"));
        Set<String> reached = new TreeSet<>();
        int documents = 0;
        try (dev.crashkit.symbolicator.Symbolicator symbolicator = dev.crashkit.symbolicator.Symbolicator.open(
                SymbolicatorConfig.defaults().withDebugFiles(debugFiles).withDemangling(Demangling.SIMPLIFIED))) {
            for (Path file : reports) {
                for (Report report : Report.readAll(file.toString(), Files.readAllBytes(file), InputLimits.defaults())) {
                    Symbolication s = symbolicator.symbolicate(report);
                    StringWriter json = new StringWriter();
                    s.write(OutputFormat.JSON, json);
                    Row expected = JsonRows.row(JSON.readTree(json.toString()), OutputSchema.SYMBOLICATED);
                    Row actual = SymbolicatedRow.of(s);
                    assertEquals(expected, actual, file + " " + report.part().orElse(""));
                    reached.addAll(optionalFieldsWithValues(json.toString()));
                    documents++;
                }
            }
        }
        assertTrue(documents >= 50, "documents compared: " + documents);
        assertEquals(Set.of("hang", "trust", "symbol_version", "reported", "kept_from_capture", "detail"), reached,
                "optional fields compared with a value");
    }

    /**
     * A crashreport/1 report into testdata/elf/versions' library (whose functions have GNU symbol versions,
     * ElfSymbolVersionGoldenTest), one of its frames marked as kept from the capture: no other test report
     * reaches symbol_version and kept_from_capture.
     */
    private Path versionedAndKeptFrames() throws IOException {
        String id = ElfFile.open(TestFiles.testdata("elf/versions/bin/libvers.so.1")).buildId().orElseThrow().toString()
                .toLowerCase(Locale.ROOT);
        String report = """
                {"schema": "crashreport/1", "process": {"name": "t", "arch": "x86_64"},
                 "images": [{"name": "libvers.so.1", "build_id": "%s", "arch": "x86_64",
                             "load_address": "0x7f1234560000", "size": "0x4000"}],
                 "threads": [{"id": 1, "crashed": true, "frames": ["0x7f123456113a",
                   {"address": "0x7f123456116d", "kept_from_capture": true}, "0x7f1234561142"]}]}
                """.formatted(id);
        return Files.writeString(tmp.resolve("versions.json"), report);
    }

    /** The optional fields a document gives a value (the JSON writer leaves them out, or writes null, otherwise). */
    private static Set<String> optionalFieldsWithValues(String json) {
        Set<String> out = new TreeSet<>();
        for (String field : List.of("hang", "trust", "symbol_version", "reported", "kept_from_capture")) {
            if (json.contains("\"" + field + "\" : ")) {
                out.add(field);
            }
        }
        if (json.contains("\"detail\" : \"")) {
            out.add("detail");
        }
        return out;
    }

    private static List<Path> files(Path dir, String glob) throws IOException {
        var matcher = dir.getFileSystem().getPathMatcher("glob:" + glob);
        try (Stream<Path> s = Files.list(dir)) {
            List<Path> out = s.filter(p -> matcher.matches(p.getFileName())).sorted().toList();
            assertTrue(!out.isEmpty(), dir + ": no " + glob);
            return out;
        }
    }
}
