package dev.crashkit.symbolicate.symbolize;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.crashkit.core.Diagnostics;
import dev.crashkit.core.crashreport.CrashReportJson;
import dev.crashkit.core.model.CrashReport;
import dev.crashkit.symbolicate.locate.DebugFileIndex;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every sample report in testdata/reports against its {@code .expected.tsv}, which
 * testdata/macho/build.sh derived from llvm-nm / llvm-objdump / llvm-symbolizer output (see
 * testdata/macho/README.md for the rule). Checks image, raw name, offset and status of every frame.
 */
class ReportGoldenTest {

    static Stream<Path> goldens() throws IOException {
        try (Stream<Path> s = Files.list(Path.of("testdata", "reports"))) {
            List<Path> all = s.filter(p -> p.getFileName().toString().endsWith(".expected.tsv")).sorted().toList();
            assertFalse(all.isEmpty(), "no goldens in testdata/reports");
            return all.stream();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("goldens")
    void everyFrameMatchesTheGolden(Path golden) throws IOException {
        List<String> lines = Files.readAllLines(golden);
        Path report = Path.of(header(lines, "# report:"));
        Path dsymDir = Path.of(header(lines, "# dsym-dir:"));
        CrashReport input = CrashReportJson.read(Files.readString(report), report.toString());
        Symbolizer symbolizer = new Symbolizer(new ModuleCache(DebugFileIndex.scan(List.of(dsymDir),
                Diagnostics.ignore())), Optional.empty());
        SymbolicatedReport out = symbolizer.symbolicate(input);
        // The symbolizer tells missing debug files from its pass before the lookups: as the frames tell.
        assertEquals(new SymbolicatedReport(out.input(), out.images(), out.threads()).missingDebugFiles(),
                out.missingDebugFiles());

        Map<String, SymbolicatedFrame> byKey = new HashMap<>();
        for (SymbolicatedThread t : out.threads()) {
            for (SymbolicatedFrame f : t.frames()) {
                byKey.put(t.thread().id() + "/" + f.index(), f);
            }
        }
        List<String> failures = new ArrayList<>();
        int rows = 0;
        for (String line : lines) {
            if (line.startsWith("#") || line.isBlank()) {
                continue;
            }
            rows++;
            String[] c = line.split("\t", -1);
            SymbolicatedFrame f = byKey.get(c[0] + "/" + c[1]);
            if (f == null) {
                failures.add(line + "  => frame missing from output");
                continue;
            }
            String got = String.join("\t", "0x" + Long.toHexString(f.address()), f.image().orElse("-"),
                    f.mangled().orElse("-"), f.status() == FrameStatus.NO_IMAGE ? "-" : Long.toString(f.offset()),
                    f.status().jsonName());
            String want = String.join("\t", c[2], c[3], c[4], c[5], c[6]);
            if (!got.equals(want)) {
                failures.add("thread " + c[0] + " frame " + c[1] + " (" + c[8] + "): want [" + want + "] got [" + got + "]");
            }
        }
        assertTrue(rows > 0, "golden has no rows");
        assertEquals(rows, byKey.size(), "every input frame appears exactly once in the output");
        assertTrue(failures.isEmpty(), String.join("\n", failures));
    }

    private static String header(List<String> lines, String key) {
        return lines.stream().filter(l -> l.startsWith(key)).findFirst()
                .map(l -> l.substring(key.length()).trim()).orElseThrow(() -> new AssertionError("no " + key));
    }
}
