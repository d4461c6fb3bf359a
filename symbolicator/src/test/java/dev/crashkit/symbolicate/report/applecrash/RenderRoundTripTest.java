package dev.crashkit.symbolicate.report.applecrash;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.crashkit.core.model.CrashReport;
import dev.crashkit.core.model.Image;
import dev.crashkit.core.model.ThreadTrace;
import dev.crashkit.symbolicate.formats.ReportFormats;
import dev.crashkit.symbolicate.report.ParsedReport;
import dev.crashkit.symbolicate.report.ReportCorpus;
import dev.crashkit.symbolicate.report.ReportFormat;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import dev.crashkit.core.model.Frame;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Every report of every format, rendered as Apple text and read back by the text reader, keeps its
 * threads (ids, crashed flags, frame addresses) and images (load address, size, UUID, name, path).
 */
class RenderRoundTripTest {

    @Test
    void everyCorpusReportSurvivesTextRendering() throws Exception {
        List<Path> files = new ArrayList<>();
        files.addAll(ReportCorpus.files("apple-crash-report-parser/fixtures", ".txt"));
        files.addAll(ReportCorpus.files("kscrash/example-reports", ".json"));
        files.addAll(ReportCorpus.files("kscrash/test-resources", ".json"));
        files.addAll(ReportCorpus.files("sentrycrash", ".json"));
        files.addAll(ReportCorpus.files("plcrashreporter/appcenter/CrashProbeMacOS", ".plcrash"));
        files.addAll(ReportCorpus.files("plcrashreporter/appcenter", ".plcrash"));
        files.addAll(ReportCorpus.files("sentry-crashprobe/release-arm64", ".json"));
        files.add(Path.of("testdata/reports/ips/synthetic-macos-arm64.ips"));
        files.add(Path.of("testdata/reports/crash/synthetic-macos12-tabs.crash"));
        int checked = 0;
        for (Path p : files) {
            ParsedReport parsed = ReportFormats.standard().read(p);
            String text = AppleTextRenderer.render(parsed);
            ParsedReport back = ReportFormats.standard().read("rendered", text.getBytes(StandardCharsets.UTF_8));
            assertEquals(ReportFormat.APPLE_CRASH, back.format());
            compare(p.toString(), parsed.model(), back.model());
            checked++;
        }
        assertEquals(files.size(), checked);
    }

    /** What the rendering must keep of a frame (names are the renderer's own business, checked elsewhere). */
    private static List<Object> said(Frame f) {
        return List.of(f.address(), f.returnAddress(), f.trust(), f.keptFromCapture());
    }

    private static void compare(String where, CrashReport a, CrashReport b) {
        assertEquals(a.threads().size(), b.threads().size(), where + " threads");
        for (int t = 0; t < a.threads().size(); t++) {
            ThreadTrace x = a.threads().get(t);
            ThreadTrace y = b.threads().get(t);
            assertEquals(x.id(), y.id(), where + " thread " + t);
            assertEquals(x.crashed(), y.crashed(), where + " thread " + t + " crashed");
            if (x.name().isPresent()) {
                assertEquals(x.name(), y.name(), where + " thread " + t + " name");
            }
            assertEquals(x.frames().stream().map(RenderRoundTripTest::said).toList(),
                    y.frames().stream().map(RenderRoundTripTest::said).toList(), where + " thread " + t + " frames");
        }
        assertEquals(a.images().size(), b.images().size(), where + " images");
        for (int i = 0; i < a.images().size(); i++) {
            Image x = a.images().get(i);
            Image y = b.images().get(i);
            String w = where + " image " + i;
            assertEquals(x.loadAddress(), y.loadAddress(), w);
            assertEquals(x.id(), y.id(), w + " uuid");
            assertEquals(x.name(), y.name(), w + " name");
            assertEquals(x.path(), y.path(), w + " path");
            assertEquals(x.arch(), y.arch(), w + " arch");
            if (x.size().isPresent() && x.size().getAsLong() > 0) {
                assertEquals(x.size(), y.size(), w + " size");
            }
        }
    }
}
