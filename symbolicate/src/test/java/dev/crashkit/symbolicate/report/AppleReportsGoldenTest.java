package dev.crashkit.symbolicate.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.crashkit.core.model.Frame;
import dev.crashkit.core.model.ThreadTrace;
import dev.crashkit.symbolicate.cli.Main;
import dev.crashkit.symbolicate.formats.ReportFormats;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The real CLI path ({@code --format same}) on the generated Apple {@code .ips} and {@code .crash}
 * reports of {@code testdata/reports/apple/}, checked frame by frame against the goldens that
 * {@code testdata/reports/make_apple_reports.py} wrote from llvm-symbolizer {@code --inlining}
 * (names, files, lines, inline chains) and llvm-nm (symbol starts, so offsets). Also checks that the
 * output is still the same report: the .ips header line, usedImages and every other body field
 * unchanged; in the .crash only frame lines rewritten.
 */
class AppleReportsGoldenTest {

    private static final Path DIR = Path.of("testdata/reports/apple");
    private static final ObjectMapper JSON = new ObjectMapper();
    /** {@code idx  module<TAB>0xADDR rest} of an unsymbolicated input frame line. */
    private static final Pattern FRAME_LINE = Pattern.compile("^(\\d+) +.+?\\t(0x[0-9a-f]{16}) .*$");
    private static final Pattern THREAD = Pattern.compile("^Thread (\\d+)( Crashed)?:$");
    private static final Pattern CONCRETE_TAIL = Pattern.compile("^(.+) \\+ (\\d+)(?: \\(([^()]+):(\\d+)\\))?$");
    private static final int NO_BLOCK = Integer.MIN_VALUE;
    private static final Pattern INLINE_TAIL = Pattern.compile("^(.+) \\(([^()]+):(\\d+)\\)$");

    /** One golden row: an expected output entry of an input frame (inlined calls first). */
    record Entry(int thread, int frame, boolean unchanged, boolean inlined, long address, String image, String symbol,
                 String offset, String file, String line) {
    }

    private static Map<String, List<Entry>> golden(String name) throws IOException {
        Map<String, List<Entry>> byFrame = new LinkedHashMap<>();
        for (String l : Files.readAllLines(DIR.resolve(name + ".expected.tsv"))) {
            if (l.startsWith("#")) {
                continue;
            }
            String[] c = l.split("\t", -1);
            assertEquals(11, c.length, l);
            Entry e = new Entry(Integer.parseInt(c[0]), Integer.parseInt(c[1]), c[3].equals("unchanged"),
                    c[3].equals("inlined"), Long.parseUnsignedLong(c[4].substring(2), 16), c[5], c[6], c[7], c[8], c[9]);
            byFrame.computeIfAbsent(e.thread() + "/" + e.frame(), k -> new ArrayList<>()).add(e);
        }
        assertFalse(byFrame.isEmpty(), "empty golden for " + name);
        return byFrame;
    }

    private static String symbolicate(Path input, Path dir, Map<String, List<Entry>> golden) throws IOException {
        Path out = dir.resolve("out-" + input.getFileName());
        StringWriter so = new StringWriter();
        StringWriter se = new StringWriter();
        int code = Main.run(new PrintWriter(so), new PrintWriter(se), input.toString(), "--format", "same",
                "--dsym", "testdata/macho", "--no-cache", "-o", out.toString());
        // 1 = frames fell into images without a debug file (golden rows "unchanged" with an image).
        boolean missing = golden.values().stream().flatMap(List::stream)
                .anyMatch(e -> e.unchanged() && !e.image().equals("-"));
        assertEquals(missing ? 1 : 0, code, "exit code; stderr: " + se);
        assertFalse(se.toString().contains("Exception"), se.toString());
        return Files.readString(out, StandardCharsets.UTF_8);
    }

    @ParameterizedTest
    @ValueSource(strings = {"sample-crash", "arm64e-pac", "ios-arm64", "fat-x86_64"})
    void ipsFramesMatchLlvmSymbolizer(String name, @TempDir Path tmp) throws Exception {
        Path input = DIR.resolve(name + ".ips");
        String in = Files.readString(input, StandardCharsets.UTF_8);
        Map<String, List<Entry>> golden = golden(name);
        String out = symbolicate(input, tmp, golden);

        String inHeader = in.substring(0, in.indexOf('\n'));
        assertEquals(inHeader, out.substring(0, out.indexOf('\n')), "header line must be written as read");
        JsonNode inBody = JSON.readTree(in.substring(in.indexOf('\n') + 1));
        JsonNode outBody = JSON.readTree(out.substring(out.indexOf('\n') + 1));
        for (Iterator<String> it = inBody.fieldNames(); it.hasNext(); ) {
            String key = it.next();
            if (!key.equals("threads") && !key.equals("lastExceptionBacktrace")) {
                assertEquals(inBody.get(key), outBody.get(key), "body field " + key + " changed");
            }
        }
        assertEquals(inBody.size(), outBody.size(), "body fields added or removed");

        JsonNode used = inBody.get("usedImages");
        int checked = 0;
        int frames = inBody.path("lastExceptionBacktrace").size();
        assertEquals(inBody.get("threads").size(), outBody.get("threads").size());
        for (int t = 0; t < inBody.get("threads").size(); t++) {
            // Every thread field other than frames (id, name, queue, threadState ...) is kept.
            ObjectNode a = inBody.get("threads").get(t).deepCopy();
            ObjectNode b = outBody.get("threads").get(t).deepCopy();
            frames += a.remove("frames").size();
            b.remove("frames");
            assertEquals(a, b, name + ".ips thread " + t);
            checked += checkIpsFrames(name + ".ips thread " + t, t, inBody.get("threads").get(t).get("frames"),
                    outBody.get("threads").get(t).get("frames"), used, golden);
        }
        // The exception backtrace is thread -1 in the golden.
        assertEquals(golden.keySet().stream().anyMatch(k -> k.startsWith("-1/")), inBody.has("lastExceptionBacktrace"));
        if (inBody.has("lastExceptionBacktrace")) {
            checked += checkIpsFrames(name + ".ips lastExceptionBacktrace", -1, inBody.get("lastExceptionBacktrace"),
                    outBody.get("lastExceptionBacktrace"), used, golden);
        }
        assertEquals(golden.size(), frames, "one golden frame per report frame");
        assertEquals(golden.values().stream().mapToLong(l -> l.stream().filter(e -> !e.unchanged()).count()).sum(),
                checked, "every golden entry checked");
        sameFrames(input, tmp.resolve("out-" + input.getFileName()), ReportFormat.IPS);
    }

    /** Checks one JSON frames array against the golden; returns the number of golden entries checked. */
    private static int checkIpsFrames(String block, int thread, JsonNode inFrames, JsonNode outFrames, JsonNode used,
                                      Map<String, List<Entry>> golden) {
        int checked = 0;
        int o = 0;
        for (int f = 0; f < inFrames.size(); f++) {
            String where = block + " frame " + f;
            List<Entry> want = golden.get(thread + "/" + f);
            assertTrue(want != null, "no golden for " + where);
            JsonNode inF = inFrames.get(f);
            long address = used.get(inF.get("imageIndex").asInt()).get("base").asLong()
                    + inF.get("imageOffset").asLong();
            assertEquals(want.get(0).address(), address, where + ": golden and report disagree on the address");
            if (want.get(0).unchanged()) {
                assertEquals(inF, outFrames.get(o++), where + " must stay unsymbolicated");
                continue;
            }
            for (Entry e : want) {
                JsonNode g = outFrames.get(o++);
                assertTrue(g != null, where + ": output frames end early");
                String at = where + " entry " + e;
                assertEquals(inF.get("imageIndex"), g.get("imageIndex"), at);
                assertEquals(inF.get("imageOffset"), g.get("imageOffset"), at);
                assertEquals(e.inlined(), g.path("inline").asBoolean(false), at + ": inline flag in " + g);
                assertEquals(e.symbol(), g.path("symbol").asText(null), at + ": symbol in " + g);
                if (!e.inlined()) {
                    assertEquals(Long.parseLong(e.offset()), g.path("symbolLocation").asLong(-1),
                            at + ": symbolLocation in " + g);
                }
                assertEquals(e.file().equals("-") ? null : e.file(), g.path("sourceFile").asText(null),
                        at + ": sourceFile in " + g);
                assertEquals(e.line().equals("-") ? -1 : Integer.parseInt(e.line()), g.path("sourceLine").asInt(-1),
                        at + ": sourceLine in " + g);
                checked++;
            }
        }
        assertEquals(outFrames.size(), o, block + ": extra output frames");
        return checked;
    }

    @ParameterizedTest
    @ValueSource(strings = {"sample-crash", "arm64e-pac", "ios-arm64", "fat-x86_64"})
    void crashFramesMatchLlvmSymbolizer(String name, @TempDir Path tmp) throws Exception {
        Path input = DIR.resolve(name + ".crash");
        List<String> in = List.of(Files.readString(input, StandardCharsets.UTF_8).split("\n", -1));
        Map<String, List<Entry>> golden = golden(name);
        List<String> out = List.of(symbolicate(input, tmp, golden).split("\n", -1));

        int o = 0;
        int frames = 0;
        int thread = NO_BLOCK;
        int checked = 0;
        for (String line : in) {
            Matcher tm = THREAD.matcher(line);
            if (tm.matches()) {
                thread = Integer.parseInt(tm.group(1));
            } else if (line.equals("Last Exception Backtrace:")) {
                thread = -1; // the exception backtrace is thread -1 in the golden
            } else if (line.isEmpty()) {
                thread = NO_BLOCK;
            }
            Matcher fm = FRAME_LINE.matcher(line);
            if (thread == NO_BLOCK || !fm.matches()) {
                assertTrue(o < out.size(), "output ends early");
                assertEquals(line, out.get(o++), name + ".crash: a line that is no frame line changed");
                continue;
            }
            frames++;
            String where = name + ".crash thread " + thread + " frame " + fm.group(1);
            List<Entry> want = golden.get(thread + "/" + fm.group(1));
            assertTrue(want != null, "no golden for " + where);
            assertEquals(want.get(0).address(), Long.parseUnsignedLong(fm.group(2).substring(2), 16),
                    where + ": golden and report disagree on the address");
            if (want.get(0).unchanged()) {
                assertEquals(line, out.get(o++), where + " must stay unsymbolicated");
                continue;
            }
            String prefix = line.substring(0, fm.end(2) + 1);
            for (Entry e : want) {
                String got = out.get(o++);
                String at = where + " entry " + e + ": " + got;
                assertTrue(got.startsWith(prefix), at);
                String tail = got.substring(prefix.length());
                Matcher m = (e.inlined() ? INLINE_TAIL : CONCRETE_TAIL).matcher(tail);
                assertTrue(m.matches(), at);
                assertEquals(e.symbol(), m.group(1), at);
                int fileGroup = e.inlined() ? 2 : 3;
                if (!e.inlined()) {
                    assertEquals(e.offset(), m.group(2), at);
                }
                assertEquals(e.file().equals("-") ? null : e.file(), m.group(fileGroup), at);
                assertEquals(e.line().equals("-") ? null : e.line(), m.group(fileGroup + 1), at);
                checked++;
            }
        }
        assertEquals(out.size(), o, name + ".crash: extra output lines");
        assertEquals(golden.size(), frames, "one golden frame per report frame");
        assertEquals(golden.values().stream().mapToLong(l -> l.stream().filter(e -> !e.unchanged()).count()).sum(),
                checked, "every golden entry checked");
        sameFrames(input, tmp.resolve("out-" + input.getFileName()), ReportFormat.APPLE_CRASH);
    }

    /** The symbolicated output, read back by our own readers, is the same report with the same frames. */
    private static void sameFrames(Path input, Path output, ReportFormat format) throws Exception {
        ParsedReport a = ReportFormats.standard().read(input);
        ParsedReport b = ReportFormats.standard().read(output);
        assertEquals(format, a.format());
        assertEquals(format, b.format());
        assertEquals(a.model().images(), b.model().images());
        assertEquals(a.model().threads().size(), b.model().threads().size());
        for (int t = 0; t < a.model().threads().size(); t++) {
            ThreadTrace x = a.model().threads().get(t);
            ThreadTrace y = b.model().threads().get(t);
            assertEquals(x.frames().stream().map(Frame::address).toList(), y.frames().stream().map(Frame::address).toList(),
                    output + " thread " + t);
        }
    }
}
