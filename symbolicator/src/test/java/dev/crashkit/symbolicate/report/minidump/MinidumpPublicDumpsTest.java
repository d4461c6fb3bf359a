package dev.crashkit.symbolicate.report.minidump;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.crashkit.core.ReportException;
import dev.crashkit.core.model.CrashReport;
import dev.crashkit.core.model.Image;
import dev.crashkit.core.model.ThreadTrace;
import dev.crashkit.symbolicate.formats.ReportFormats;
import dev.crashkit.symbolicate.report.ParsedReport;
import dev.crashkit.symbolicate.report.ReportFormat;
import dev.crashkit.testkit.TestData;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Public dumps (rust-minidump's test data: Breakpad Linux, Crashpad macOS, Windows x86) read with our
 * reader and compared with {@code minidump_stackwalk -m} of the same dump, no symbols: OS and CPU,
 * crash reason, address and crashed thread, every module (name, Breakpad debug id, first and last address),
 * the thread count, and each thread's first frame (module and offset, from its context).
 */
class MinidumpPublicDumpsTest {
    private static final Map<String, String> OS = Map.of("Linux", "Linux", "Mac OS X", "macOS", "Windows NT", "Windows");
    private static final Map<String, String> CPU = Map.of("amd64", "x86_64", "x86", "i386", "arm64", "arm64");

    @ParameterizedTest
    @ValueSource(strings = {"linux-mini", "simple-crashpad", "test"})
    void agreesWithMinidumpStackwalk(String name) throws Exception {
        Path dump = TestData.thirdParty("rust-minidump/" + name + ".dmp");
        ParsedReport parsed = ReportFormats.standard().read(dump);
        assertEquals(ReportFormat.MINIDUMP, parsed.format());
        CrashReport model = parsed.model();
        Minidump md = ((MinidumpDocument) parsed.document()).dump();
        List<String[]> golden = new ArrayList<>();
        for (String l : Files.readAllLines(TestData.thirdParty("rust-minidump/golden/" + name + ".stackwalk-m.txt"),
                StandardCharsets.UTF_8)) {
            golden.add(l.split("\\|", -1));
        }
        int modules = 0;
        int threads = -1;
        for (String[] g : golden) {
            switch (g[0]) {
                case "OS" -> assertTrue(model.process().os().orElseThrow().startsWith(OS.get(g[1]) + " "),
                        model.process().os().orElseThrow());
                case "CPU" -> assertEquals(CPU.get(g[1]), model.process().arch().orElseThrow().label());
                case "Crash" -> {
                    assertEquals(g[1], model.crash().orElseThrow().reason().orElseThrow());
                    assertEquals(Long.decode(g[2]), model.crash().orElseThrow().address().getAsLong());
                    int crashed = Integer.parseInt(g[3]);
                    assertTrue(model.threads().get(crashed).crashed());
                    assertEquals(1, model.threads().stream().filter(ThreadTrace::crashed).count());
                }
                case "Module" -> {
                    // minidump_stackwalk lists modules by address.
                    List<Image> byAddress = new ArrayList<>(model.images());
                    byAddress.sort(java.util.Comparator.comparing(Image::loadAddress, Long::compareUnsigned));
                    Image img = byAddress.get(modules++);
                    DumpModule m = md.modules().get(model.images().indexOf(img));
                    assertEquals(g[1], img.name());
                    assertEquals(g[4], m.breakpadId().orElse(""), g[1]);
                    assertEquals(Long.decode(g[5]), img.loadAddress(), g[1]);
                    assertEquals(Long.decode(g[6]), img.loadAddress() + img.size().getAsLong() - 1, g[1]);
                }
                default -> {
                    if (g.length == 7 && g[0].matches("\\d+")) {
                        threads = Math.max(threads, Integer.parseInt(g[0]));
                        if (g[1].equals("0")) {
                            firstFrame(model, Integer.parseInt(g[0]), g[2], Long.decode(g[6]));
                        }
                    }
                }
            }
        }
        assertEquals(md.modules().size(), modules);
        assertEquals(threads + 1, model.threads().size());
    }

    /** The thread's first frame is its context's PC: in the module Breakpad names, at its offset. */
    private static void firstFrame(CrashReport model, int thread, String module, long offset) {
        long pc = model.threads().get(thread).frames().get(0).address();
        if (module.isEmpty()) {
            assertEquals(offset, pc, "thread " + thread);
            return;
        }
        Image img = model.images().stream().filter(i -> i.containsBySize(pc)).findFirst().orElseThrow();
        assertEquals(module, img.name(), "thread " + thread);
        assertEquals(offset, pc - img.loadAddress(), "thread " + thread);
    }

    @ParameterizedTest
    @ValueSource(strings = {"invalid-range", "invalid-record-count"})
    void rustMinidumpsBrokenDumpsFailInOneLine(String name) throws Exception {
        Path dump = TestData.thirdParty("rust-minidump/" + name + ".dmp");
        ReportException e = assertThrows(ReportException.class, () -> ReportFormats.standard().read(dump));
        System.out.println(name + ": " + e.getMessage());
        assertTrue(e.getMessage().startsWith(dump.toString() + ": "), e.getMessage());
        assertTrue(!e.getMessage().contains("\n"));
    }
}
