package dev.crashkit.symbolicate.report.minidump;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.crashkit.core.model.CrashReport;
import dev.crashkit.core.model.Frame;
import dev.crashkit.core.model.Image;
import dev.crashkit.core.model.Trust;
import dev.crashkit.core.unwind.CodeMap;
import dev.crashkit.core.unwind.FdeIndex;
import dev.crashkit.symbolicate.formats.ReportFormats;
import dev.crashkit.symbolicate.report.ParsedReport;
import dev.crashkit.symbolicate.symbolize.StackWalker;
import dev.crashkit.testkit.TestData;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * arm64 contexts of both layouts (testdata/minidump/arm64, written by a Python script, not by our
 * code) against minidump_stackwalk: the crash, the module's Breakpad id, the context's registers,
 * and a walk by LR and frame records (frame PCs and trust). With no binary, the module's range is
 * taken as its code and the dump's own memory holds the code bytes.
 */
class MinidumpArm64OracleTest {
    private static final Pattern REGISTER = Pattern.compile("\\b(x\\d+|fp|lr|sp|pc) = 0x([0-9a-f]+)");
    private static final Map<String, Trust> FOUND_BY = Map.of("given as instruction pointer in context",
            Trust.CONTEXT, "previous frame's frame pointer", Trust.FP, "call frame info", Trust.CFI,
            "stack scanning", Trust.SCAN);

    @ParameterizedTest
    @ValueSource(strings = {"arm64-new", "arm64-old"})
    void agreesWithMinidumpStackwalk(String name) throws Exception {
        ParsedReport p = ReportFormats.standard().read(TestData.file("minidump/arm64/" + name + ".dmp"));
        MinidumpDocument doc = (MinidumpDocument) p.document();
        List<String> machine = Files.readAllLines(TestData.file("minidump/arm64/golden/" + name + ".stackwalk-m.txt"),
                StandardCharsets.UTF_8);
        for (String l : machine) {
            String[] f = l.split("\\|", -1);
            if (f[0].equals("Crash")) {
                assertEquals(f[1], p.model().crash().orElseThrow().reason().orElseThrow());
                assertEquals(Long.decode(f[2]), p.model().crash().orElseThrow().address().getAsLong());
            } else if (f[0].equals("Module")) {
                assertEquals(f[1], p.model().images().get(0).name());
                assertEquals(f[4], doc.dump().modules().get(0).breakpadId().orElseThrow());
            }
        }
        List<String> text = Files.readAllLines(TestData.file("minidump/arm64/golden/" + name + ".stackwalk.txt"),
                StandardCharsets.UTF_8);
        List<Long> pcs = new ArrayList<>();
        List<Trust> trusts = new ArrayList<>();
        boolean first = true;
        for (String l : text) {
            Matcher m = REGISTER.matcher(l);
            while (m.find()) {
                long value = Long.parseUnsignedLong(m.group(2), 16);
                if (first) {
                    assertEquals(value, doc.registers(0).get(m.group(1)), m.group(1));
                }
                if (m.group(1).equals("pc")) {
                    pcs.add(value);
                }
            }
            int at = l.indexOf("Found by: ");
            if (at >= 0) {
                trusts.add(FOUND_BY.get(l.substring(at + 10).trim()));
                first = false;
            }
        }
        Image module = p.model().images().get(0);
        CodeMap moduleCode = new CodeMap() {
            @Override
            public boolean isExecutable(long address) {
                return module.containsBySize(address);
            }

            @Override
            public Optional<FdeIndex> cfiFor(long pc) {
                return Optional.empty();
            }
        };
        CrashReport walked = StackWalker.walk(p.model(), doc.arch(), doc.memory(), moduleCode, doc.walkStarts(), 1000,
                message -> { });
        List<Frame> frames = walked.threads().get(0).frames();
        assertEquals(pcs, frames.stream().map(Frame::address).toList());
        assertEquals(trusts, frames.stream().map(f -> f.trust().orElseThrow()).toList());
    }
}
