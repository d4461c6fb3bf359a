package dev.crashkit.symbolicate.report.kscrash;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.crashkit.symbolicate.report.ParsedReport;
import dev.crashkit.symbolicate.report.ReportCorpus;
import dev.crashkit.symbolicate.report.ReportFormat;
import dev.crashkit.symbolicate.report.applecrash.AppleTextRenderer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * KSCrash's example reports come as JSON plus KSCrash's own Apple-style text rendering of the same
 * crash. Our reader + text renderer must reproduce the text's thread blocks and binary image lines
 * exactly.
 */
class KSCrashTextTwinTest {

    private static final Pattern THREAD_HEAD = Pattern.compile("^Thread \\d+( name:.*| Crashed:|:)$");
    private static final Pattern FRAME = Pattern.compile("^\\d+ +\\S.*$");

    @ParameterizedTest
    @ValueSource(strings = {"Abort", "BadPointer", "CorruptMemory", "CorruptObject", "CrashInHandler",
        "MainThreadDeadlock", "NSException", "StackOverflow", "Zombie", "ZombieNSException"})
    void rendersLikeKSCrash(String name) throws Exception {
        Path json = ReportCorpus.path("kscrash/example-reports/" + name + ".json");
        ParsedReport parsed = ReportCorpus.read(json);
        assertEquals(ReportFormat.KSCRASH, parsed.format());
        String expected = ReportCorpus.text(ReportCorpus.path("kscrash/example-reports/" + name + ".txt"));
        String actual = AppleTextRenderer.render(parsed);
        List<String> expThreads = threadLines(expected);
        assertFalse(expThreads.isEmpty());
        assertEquals(String.join("\n", expThreads), String.join("\n", threadLines(actual)), name + " threads");
        // KSCrash formats a missing UUID (a nil NSString) as "(null)"; we print nothing between the brackets.
        List<String> expImages = imageLines(expected).stream().map(l -> l.replace("<(null)>", "<>")).toList();
        assertFalse(expImages.isEmpty());
        assertEquals(String.join("\n", expImages), String.join("\n", imageLines(actual)), name + " images");
    }

    @ParameterizedTest
    @ValueSource(strings = {"Abort", "BadPointer", "CorruptMemory", "StackOverflow", "Zombie"})
    // NSException.json has no registers (KSCrash's text then prints zeros), so it is not in this list.
    void crashedThreadRegistersMatchTextDump(String name) throws Exception {
        ParsedReport parsed = ReportCorpus.read(ReportCorpus.path("kscrash/example-reports/" + name + ".json"));
        String text = ReportCorpus.text(ReportCorpus.path("kscrash/example-reports/" + name + ".txt"));
        int crashed = -1;
        for (int t = 0; t < parsed.model().threads().size(); t++) {
            if (parsed.model().threads().get(t).crashed()) {
                crashed = t;
            }
        }
        java.util.Map<String, Long> regs = parsed.document().registers(crashed);
        String dump = text.substring(text.indexOf("crashed with ARM Thread State:"), text.indexOf("Binary Images:"));
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("(\\w+): (0x[0-9a-f]+)").matcher(dump);
        int n = 0;
        while (m.find()) {
            assertEquals(Long.parseLong(m.group(2).substring(2), 16), regs.get(m.group(1)), name + " " + m.group(1));
            n++;
        }
        assertEquals(n, regs.size(), name + " register count");
        assertFalse(regs.isEmpty());
    }

    /** Thread headers and frame lines before the register dump / image list. */
    static List<String> threadLines(String text) {
        List<String> out = new ArrayList<>();
        boolean in = false;
        for (String line : text.split("\n", -1)) {
            if (line.startsWith("Binary Images:") || line.matches("^Thread \\d+ crashed with .*")) {
                break;
            }
            if (THREAD_HEAD.matcher(line).matches()) {
                in = true;
                out.add(line);
            } else if (in && FRAME.matcher(line).matches()) {
                out.add(line);
            }
        }
        return out;
    }

    static List<String> imageLines(String text) {
        List<String> out = new ArrayList<>();
        boolean in = false;
        for (String line : text.split("\n", -1)) {
            if (line.startsWith("Binary Images:")) {
                in = true;
            } else if (in && line.isBlank()) {
                break;
            } else if (in) {
                out.add(line);
            }
        }
        return out;
    }
}
