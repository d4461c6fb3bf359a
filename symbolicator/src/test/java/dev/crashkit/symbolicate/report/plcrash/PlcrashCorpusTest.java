package dev.crashkit.symbolicate.report.plcrash;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.crashkit.core.model.Arch;
import dev.crashkit.core.model.CrashReport;
import dev.crashkit.core.model.Frame;
import dev.crashkit.core.model.Image;
import dev.crashkit.core.model.ThreadTrace;
import dev.crashkit.symbolicate.report.ParsedReport;
import dev.crashkit.symbolicate.report.ReportCorpus;
import dev.crashkit.symbolicate.report.ReportFormat;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * PLCrashReporter reports: every file parses; the macOS CrashProbe set matches appcenter's
 * expectations (crashed thread, its frame count, and the count of images its formatter keeps).
 */
class PlcrashCorpusTest {

    @Test
    void crashProbeMacOsMatchesAppCenterExpectations() throws Exception {
        List<String> rows = ReportCorpus.text(ReportCorpus.path("plcrashreporter/appcenter/EXPECTED-CrashProbeMacOS.tsv"))
                .lines().filter(l -> !l.startsWith("#") && !l.isBlank()).toList();
        assertEquals(21, rows.size());
        for (String row : rows) {
            String[] c = row.split("\t");
            ParsedReport parsed = ReportCorpus.read(ReportCorpus.path(
                    "plcrashreporter/appcenter/CrashProbeMacOS/" + c[0] + ".plcrash"));
            assertEquals(ReportFormat.PLCRASH, parsed.format());
            CrashReport m = parsed.model();
            ThreadTrace crashed = m.threads().stream().filter(ThreadTrace::crashed).findFirst().orElseThrow();
            assertEquals(Long.parseLong(c[1]), crashed.id(), c[0] + " crashed thread");
            assertEquals(Integer.parseInt(c[2]), crashed.frames().size(), c[0] + " frames");
            assertEquals(Integer.parseInt(c[3]), keptImageCount(parsed), c[0] + " binaries");
            // x86_64 reports: the crashed thread's rip is its first frame.
            int idx = m.threads().indexOf(crashed);
            assertEquals(crashed.frames().get(0).address(), parsed.document().registers(idx).get("rip"), c[0]);
        }
    }

    @Test
    void liveArm64eReport() throws Exception {
        ParsedReport parsed = ReportCorpus.read(ReportCorpus.path("plcrashreporter/appcenter/live_report_arm64e.plcrash"));
        // appcenter's testBinaryImageCountFromReportIsCorrect expects 16 images kept by its formatter.
        assertEquals(16, keptImageCount(parsed));
        assertTrue(parsed.model().images().stream().anyMatch(i -> i.arch().map(Arch::label).equals(Optional.of("arm64e"))));
        PlcrashDocument doc = (PlcrashDocument) parsed.document();
        assertFalse(doc.processPath().orElseThrow().contains("\0"), "trailing NUL removed");
    }

    @Test
    void everyPlcrashFileParses() throws Exception {
        List<Path> files = new ArrayList<>(ReportCorpus.files("plcrashreporter/appcenter/CrashProbeMacOS", ".plcrash"));
        files.addAll(ReportCorpus.files("plcrashreporter/appcenter", ".plcrash"));
        files.addAll(ReportCorpus.files("plcrashreporter", ".plcrash"));
        assertEquals(25, files.size());
        for (Path p : files) {
            ParsedReport parsed = ReportCorpus.read(p);
            assertFalse(parsed.model().threads().isEmpty(), p + " threads");
            assertFalse(parsed.model().images().isEmpty(), p + " images");
            for (ThreadTrace t : parsed.model().threads()) {
                for (int i = 0; i < t.frames().size(); i++) {
                    assertEquals(i > 0, t.frames().get(i).returnAddress());
                }
            }
        }
    }

    /**
     * appcenter's MSACErrorLogFormatter.extractBinaryImagesFromReport: images whose
     * {@code [base, base + max(1, size) - 1]} holds a frame address or register value of any thread or a
     * frame address of the exception, or
     * whose path marks the app binary or an app framework (inside the ".app/" of the process path,
     * not a bundled libswift dylib).
     */
    private static int keptImageCount(ParsedReport parsed) {
        PlcrashDocument doc = (PlcrashDocument) parsed.document();
        List<Long> addresses = new ArrayList<>();
        parsed.model().threads().forEach(t -> t.frames().forEach(f -> addresses.add(f.address())));
        doc.exceptionFrames().stream().map(Frame::address).forEach(addresses::add);
        doc.registers().forEach(regs -> addresses.addAll(regs.values()));
        String process = doc.processPath().orElse(null);
        int kept = 0;
        for (Image img : parsed.model().images()) {
            long start = img.loadAddress();
            long end = start + Math.max(1, img.size().orElse(0)) - 1;
            boolean hit = addresses.stream().anyMatch(a -> Long.compareUnsigned(a, start) >= 0
                    && Long.compareUnsigned(a, end) <= 0);
            if (hit || isAppImage(img.path().orElse(null), process)) {
                kept++;
            }
        }
        return kept;
    }

    private static boolean isAppImage(String imagePath, String processPath) {
        if (imagePath == null || processPath == null) {
            return false;
        }
        String image = imagePath.toLowerCase(Locale.ROOT);
        String proc = processPath.toLowerCase(Locale.ROOT);
        int app = image.indexOf(".app/");
        if (app < 0 || (image.contains("frameworks/libswift") && image.endsWith(".dylib"))) {
            return false;
        }
        String bundle = image.substring(0, app + 5);
        return image.equals(proc) || image.startsWith(proc) || image.startsWith(bundle);
    }
}
