package dev.crashkit.symbolicate.symbolize;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.crashkit.symbolicate.Fixtures;
import dev.crashkit.symbolicate.locate.DebugFileIndex;
import dev.crashkit.symbolicate.locate.MemberStore;
import dev.crashkit.core.model.CrashReport;
import dev.crashkit.symbolicate.output.JsonReportWriter;
import dev.crashkit.symbolicate.output.TextReportWriter;
import dev.crashkit.core.crashreport.CrashReportJson;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * End to end: a crash report over a STRIPPED Objective-C/Swift binary (given as the only debug
 * file) symbolicates to the names llvm-nm gives the unstripped build, with offsets from the
 * function start and the source of each name (testdata/macho/objc/make_reports.py).
 */
class StrippedReportsTest {

    static Stream<Path> goldens() throws IOException {
        try (Stream<Path> s = Files.list(Fixtures.testdata("macho/objc/reports"))) {
            List<Path> all = s.filter(p -> p.toString().endsWith(".expected.tsv")).sorted().toList();
            assertEquals(4, all.size());
            return all.stream();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("goldens")
    void everyFrameHasTheUnstrippedName(Path golden) throws Exception {
        List<String> lines = Files.readAllLines(golden);
        SymbolicatedReport out = symbolicate(lines);
        List<SymbolicatedFrame> frames = out.threads().get(0).frames();
        List<String> want = new ArrayList<>();
        List<String> got = new ArrayList<>();
        for (String line : lines) {
            if (line.startsWith("#")) {
                continue;
            }
            String[] c = line.split("\t", -1);
            want.add(String.join("\t", c[1], c[2], c[3], c[4], c[5], c[6], c[7], c[8]));
            SymbolicatedFrame f = frames.get(Integer.parseInt(c[1]));
            got.add(String.join("\t", Integer.toString(f.index()), "0x" + Long.toHexString(f.address()),
                    f.image().orElse("-"), f.mangled().orElse("-"), Long.toString(f.offset()), f.status().jsonName(),
                    f.source().orElse("-"), f.symbolAddress().isPresent()
                            ? "0x" + Long.toHexString(f.symbolAddress().getAsLong()) : "-"));
        }
        assertEquals(23, want.size());
        assertEquals(want.size(), frames.size(), "every input frame once");
        assertEquals(String.join("\n", want), String.join("\n", got));
    }

    @Test
    void outputsShowTheSourceAndPrintUnnamedFunctionsFromTheirStart() throws Exception {
        List<String> lines = Files.readAllLines(Fixtures.testdata("macho/objc/reports/Shapes-chained.expected.tsv"));
        SymbolicatedReport out = symbolicate(lines);
        StringWriter json = new StringWriter();
        JsonReportWriter.write(out, json);
        assertTrue(json.toString().contains("\"source\" : \"objc\""), json.toString());
        assertTrue(json.toString().contains("\"source\" : \"exports\""));
        assertTrue(json.toString().contains("\"source\" : \"swift\""));
        assertTrue(json.toString().contains("\"source\" : \"function_starts\""));
        StringWriter text = new StringWriter();
        TextReportWriter.write(out, text);
        String t = text.toString();
        assertTrue(t.contains("0x0000000104a007c0 -[CKRoot(Debugging) crashWithPointer:] + 4"), t);
        // ck_static_twice: no name, printed from its own start (not from the image's load address)
        String unnamed = lines.stream().filter(l -> l.contains("\tfunction_starts\t")).findFirst().orElseThrow();
        String[] c = unnamed.split("\t");
        String recorded = "0x" + "0".repeat(18 - c[2].length()) + c[2].substring(2);
        assertTrue(t.contains(recorded + " " + c[8] + " + 4"), recorded + " " + c[8] + "\n" + t);
        assertFalse(t.contains("0x104a00000 + "), "no frame falls back to image + offset:\n" + t);
    }

    private static SymbolicatedReport symbolicate(List<String> lines) throws Exception {
        Path report = Path.of(header(lines, "# report:"));
        Path binary = Path.of(header(lines, "# dsym-dir:"));
        CrashReport input = CrashReportJson.read(Files.readString(report), report.toString());
        List<String> warnings = new ArrayList<>();
        DebugFileIndex index = DebugFileIndex.scan(List.of(binary), warnings::add);
        SymbolicatedReport out = new Symbolizer(new ModuleCache(index, new MemberStore(Optional.empty(),
                dev.crashkit.symbolicate.locate.ArchiveLimits.defaults()), dev.crashkit.symbolicate.sources.DebugFileSource.none(),
                ModuleCache.Options.defaults().withDiagnostics(warnings::add)), Optional.empty())
                .symbolicate(input);
        assertEquals(List.of(), warnings);
        return out;
    }

    private static String header(List<String> lines, String key) {
        return lines.stream().filter(l -> l.startsWith(key)).findFirst()
                .map(l -> l.substring(key.length()).trim()).orElseThrow(() -> new AssertionError("no " + key));
    }
}
