package dev.crashkit.symbolicate.report.hserr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.crashkit.symbolicate.formats.ReportFormats;
import dev.crashkit.symbolicate.report.ParsedReport;
import dev.crashkit.symbolicate.report.PresetSymbol;
import dev.crashkit.testkit.TestData;
import java.nio.file.Files;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The {@code V} frames of our libjvm crash against llvm-symbolizer-19 on Debian's libjvm debug file
 * (openjdk-17-dbg, build-id in golden/libjvm.build-id; neither file is committed: 24 MB and about 200 MB, so
 * make.sh committed its answers). What the committed data allows checking: the reader's name and offset of
 * each V line agree with the debug file's function (demangled by binutils' c++filt) and its start: offset =
 * function start + the name's offset (the lookup address, one byte before a return address, is inside it).
 */
class HsErrLibjvmGoldenTest {

    @Test
    void vFramesAgreeWithTheDebugFile() throws Exception {
        ParsedReport p = ReportFormats.standard().read(TestData.file("hserr/hs_err-jvm.log"));
        HsErrDocument doc = (HsErrDocument) p.document();
        List<String> frames = Files.readAllLines(TestData.file("hserr/golden/hs_err-jvm.log.frames"));
        List<String> answers = Files.readAllLines(TestData.file("hserr/golden/hs_err-jvm.log.json"));
        List<String> names = Files.readAllLines(TestData.file("hserr/golden/hs_err-jvm.log.names"));
        ObjectMapper json = new ObjectMapper();
        int checked = 0;
        for (int i = 0; i < frames.size(); i++) {
            String[] f = frames.get(i).split(" ");
            if (!f[1].equals("libjvm.so")) {
                continue;
            }
            int index = Integer.parseInt(f[0]);
            long lookup = Long.decode(f[2]);
            HsErrFrame frame = doc.nativeFrames().get(index);
            assertEquals('V', frame.kind());
            long offset = frame.offset().orElseThrow();
            assertEquals(index == 0 ? offset : offset - 1, lookup, "frame " + index);
            JsonNode symbols = json.readTree(answers.get(i)).get(0).get("Symbol");
            JsonNode outermost = symbols.get(symbols.size() - 1);
            long start = Long.decode(outermost.get("StartAddress").asText());
            PresetSymbol name = frame.symbol().orElseThrow();
            assertEquals(offset, start + name.offset().orElseThrow(), "frame " + index + " " + name);
            // HotSpot demangles as binutils' c++filt does ("[clone .constprop.1]"), the golden's names.
            assertEquals(names.get(i), name.name(), "frame " + index);
            checked++;
        }
        assertEquals(4, checked);
        assertTrue(Files.readString(TestData.file("hserr/golden/libjvm.build-id")).strip().matches("[0-9a-f]{40}"));
    }
}
