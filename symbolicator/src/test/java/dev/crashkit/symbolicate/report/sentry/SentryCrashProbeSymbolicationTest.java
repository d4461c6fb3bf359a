package dev.crashkit.symbolicate.report.sentry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.crashkit.core.model.ThreadTrace;
import dev.crashkit.symbolicate.demangle.DemangleStyle;
import dev.crashkit.symbolicate.locate.DebugFileIndex;
import dev.crashkit.symbolicate.report.ParsedReport;
import dev.crashkit.symbolicate.report.ReportCorpus;
import dev.crashkit.symbolicate.report.Texts;
import dev.crashkit.symbolicate.symbolize.FrameStatus;
import dev.crashkit.symbolicate.symbolize.ModuleCache;
import dev.crashkit.symbolicate.symbolize.SymbolicatedFrame;
import dev.crashkit.symbolicate.symbolize.SymbolicatedReport;
import dev.crashkit.symbolicate.symbolize.Symbolizer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * End to end on the CrashProbe oracle: our Sentry reader's frames and images, symbolicated with the
 * project's symbolizer against the matching dSYMs, give the functions and lines getsentry/symbolic's
 * test asserts (EXPECTED-release-arm64.tsv, rows "assert" and "loose"; "xfail" rows are skipped as
 * upstream does). Names are fully demangled, as the table writes them.
 */
class SentryCrashProbeSymbolicationTest {

    private static final Set<String> APP_IMAGES = Set.of("CrashProbeiOS", "CrashLibiOS");

    @Test
    void appFramesMatchUpstreamExpectations() throws Exception {
        Map<String, List<String[]>> expected = new LinkedHashMap<>();
        for (String line : ReportCorpus.text(ReportCorpus.path("sentry-crashprobe/EXPECTED-release-arm64.tsv"))
                .lines().toList()) {
            String[] c = line.split("\t", -1);
            if (line.startsWith("#") || line.isBlank() || c[5].equals("xfail")) {
                continue;
            }
            expected.computeIfAbsent(c[0], k -> new ArrayList<>()).add(c);
        }
        assertTrue(expected.size() >= 15, "rows: " + expected.size());
        Path dsyms = ReportCorpus.path("sentry-crashprobe/EXPECTED-release-arm64.tsv").resolveSibling("dSYMs");
        Symbolizer symbolizer = new Symbolizer(new ModuleCache(DebugFileIndex.scan(List.of(dsyms), m -> { })),
                Optional.of(DemangleStyle.FULL));
        List<String> mismatches = new ArrayList<>();
        int checked = 0;
        for (Map.Entry<String, List<String[]>> e : expected.entrySet()) {
            ParsedReport parsed = ReportCorpus.read(ReportCorpus.path("sentry-crashprobe/release-arm64/" + e.getKey()));
            SymbolicatedReport result = symbolizer.symbolicate(parsed.model());
            int crashed = indexOfCrashed(parsed.model().threads());
            List<SymbolicatedFrame> app = new ArrayList<>();
            for (SymbolicatedFrame f : result.threads().get(crashed).frames()) {
                boolean inApp = f.image().map(APP_IMAGES::contains).orElse(false);
                boolean mainM = f.file().map(Texts::baseName).map("main.m"::equals).orElse(false);
                if (inApp && !mainM) {
                    app.add(f);
                }
            }
            for (String[] row : e.getValue()) {
                // "last" = the outermost app frame (upstream checks bt[-1]).
                int k = row[1].equals("last") ? app.size() - 1 : Integer.parseInt(row[1]);
                checked++;
                if (k < 0 || k >= app.size()) {
                    mismatches.add(e.getKey() + " frame " + k + ": missing (" + app.size() + " app frames)");
                    continue;
                }
                SymbolicatedFrame f = app.get(k);
                // The table writes "no file" as (none) and "no line" as 0, and notes the inline parent
                // of an inlined frame after " (inlined: ".
                String got = f.symbol().orElse("?") + " " + f.file().map(Texts::baseName).orElse("(none)") + ":"
                        + (f.line().isPresent() ? f.line().getAsInt() : 0) + " [" + f.status().jsonName() + "]";
                String function = row[2].contains(" (inlined: ") ? row[2].substring(0, row[2].indexOf(" (inlined: "))
                        : row[2];
                String want = function + " " + row[3] + ":" + row[4] + " [" + FrameStatus.SYMBOLICATED.jsonName() + "]";
                if (!got.equals(want)) {
                    mismatches.add(e.getKey() + " frame " + k + ": want " + want + ", got " + got);
                }
            }
        }
        assertEquals(List.of(), mismatches, checked + " rows checked");
    }

    private static int indexOfCrashed(List<ThreadTrace> threads) {
        for (int i = 0; i < threads.size(); i++) {
            if (threads.get(i).crashed()) {
                return i;
            }
        }
        throw new AssertionError("no crashed thread");
    }
}
