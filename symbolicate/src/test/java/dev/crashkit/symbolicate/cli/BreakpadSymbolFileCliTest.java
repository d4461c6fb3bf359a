package dev.crashkit.symbolicate.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * End to end: {@code symbolicate REPORT --dsym SYMBOLS} where the only debug file of the report's
 * ELF image is the Breakpad .sym dump_syms made of it (testdata/breakpad), found by content and
 * matched through its id: with {@code INFO CODE_ID} by the whole build-id, without it by the
 * Breakpad form of the build-id's first 16 bytes.
 */
class BreakpadSymbolFileCliTest {
    private static final String SYM = "testdata/breakpad/sym/shapes/0E1AFF4172E2F8D9EED2378AA112749B0/shapes.sym";
    private static final String BUILD_ID = "41ff1a0ee272d9f8eed2378aa112749bbc65cdb1";
    private static final long LOAD = 0x555555554000L;

    /** A crashkit report of the shapes binary crashed in Crasher::run (frames: module offsets). */
    static String report(String buildId) {
        long[] pcs = {0x1311, 0x1261, 0x10b1};
        String frames = java.util.Arrays.stream(pcs)
                .mapToObj(pc -> "{\"address\": \"0x" + Long.toHexString(LOAD + pc) + "\", \"trust\": \"cfi\"}")
                .collect(Collectors.joining(", "));
        return """
                {"schema": "crashreport/1",
                 "process": {"name": "shapes", "pid": 7, "arch": "x86_64", "os": "Linux",
                             "timestamp": "2026-11-29T00:00:00Z"},
                 "crash": {"reason": "SIGSEGV", "thread": 7},
                 "images": [{"name": "shapes", "path": "/opt/shapes/shapes", "build_id": "%s", "arch": "x86_64",
                             "load_address": "0x%x", "size": "0x4040"}],
                 "threads": [{"id": 7, "tid": 7, "name": "shapes", "crashed": true, "frames": [%s]}]}
                """.formatted(buildId, LOAD, frames);
    }

    @Test
    void imageIsSymbolicatedFromItsSymFileFoundByCodeId(@TempDir Path dir) throws IOException {
        Path report = dir.resolve("crash.json");
        Files.writeString(report, report(BUILD_ID));
        Path symbols = dir.resolve("symbols");
        Files.createDirectories(symbols);
        Files.copy(Path.of(SYM), symbols.resolve("shapes.sym"));
        check(CliTest.run(report.toString(), "--dsym", symbols.toString(), "--no-cache"));
    }

    @Test
    void symFileWithoutCodeIdIsFoundByTheBreakpadFormOfTheBuildId(@TempDir Path dir) throws IOException {
        Path report = dir.resolve("crash.json");
        Files.writeString(report, report(BUILD_ID));
        List<String> lines = Files.readAllLines(Path.of(SYM)).stream()
                .filter(l -> !l.startsWith("INFO CODE_ID")).toList();
        Path sym = dir.resolve("shapes.sym");
        Files.write(sym, lines);
        check(CliTest.run(report.toString(), "--dsym", sym.toString(), "--no-cache"));
    }

    @Test
    void jsonOutputSaysTheFramesCameFromTheSymFile(@TempDir Path dir) throws IOException {
        Path report = dir.resolve("crash.json");
        Files.writeString(report, report(BUILD_ID));
        CliTest.Run r = CliTest.run(report.toString(), "--dsym", SYM, "--no-cache", "--format", "json");
        assertEquals(0, r.code(), r.err());
        com.fasterxml.jackson.databind.JsonNode frames = new com.fasterxml.jackson.databind.ObjectMapper()
                .readTree(r.out()).get("threads").get(0).get("frames");
        assertEquals(9, frames.size(), r.out()); // 6 at 0x1311, 2 at 0x1261, main
        for (com.fasterxml.jackson.databind.JsonNode f : frames) {
            assertEquals("breakpad", f.get("source").asText(), f.toString());
            assertEquals("symbolicated", f.get("status").asText(), f.toString());
        }
        assertEquals("util.h", frames.get(6).get("file").asText().replaceAll(".*/", ""), frames.get(6).toString());
        assertTrue(frames.get(6).get("inlined").asBoolean());
    }

    @Test
    void anElfFileWithDwarfOfTheSameBuildIdAnswersInsteadOfTheSym(@TempDir Path dir) throws IOException {
        Path report = dir.resolve("crash.json");
        Files.writeString(report, report(BUILD_ID));
        CliTest.Run r = CliTest.run(report.toString(), "--dsym", SYM, "--dsym", "testdata/breakpad/bin/shapes",
                "--no-cache", "--format", "json");
        assertEquals(0, r.code(), r.err());
        com.fasterxml.jackson.databind.JsonNode out = new com.fasterxml.jackson.databind.ObjectMapper().readTree(r.out());
        assertEquals("testdata/breakpad/bin/shapes", out.get("images").get(0).get("debug_file").asText());
        assertEquals("dwarf", out.get("threads").get(0).get("frames").get(0).get("source").asText());
    }

    @Test
    void symFileFromABreakpadSymbolStoreByTheReportsImageName(@TempDir Path dir) throws IOException {
        Path report = dir.resolve("crash.json");
        Files.writeString(report, report(BUILD_ID));
        Path store = dir.resolve("store/shapes/0E1AFF4172E2F8D9EED2378AA112749B0");
        Files.createDirectories(store);
        Files.copy(Path.of(SYM), store.resolve("shapes.sym"));
        CliTest.Run r = CliTest.run(report.toString(), "--symbol-server", "breakpad=" + dir.resolve("store").toUri(),
                "--cache-dir", dir.resolve("cache").toString());
        checkFrames(r);
        assertTrue(Files.isRegularFile(dir.resolve("cache/symbols/41/ff1a0ee272d9f8eed2378aa112749bbc65cdb1/debuginfo")),
                "kept in the download cache");
    }

    @Test
    void anotherBuildIdDoesNotMatch(@TempDir Path dir) throws IOException {
        Path report = dir.resolve("crash.json");
        Files.writeString(report, report("41ff1a0ee272d9f8eed2378aa112749bbc65cdb2".replace("41ff", "42ff")));
        CliTest.Run r = CliTest.run(report.toString(), "--dsym", SYM, "--no-cache");
        assertTrue(!r.out().contains("Crasher::run"), r.out());
    }

    private static void check(CliTest.Run r) {
        checkFrames(r);
        assertTrue(r.out().contains(".sym]"), "the image line names the .sym that answered: " + r.out());
    }

    private static void checkFrames(CliTest.Run r) {
        assertEquals(0, r.code(), r.err() + r.out());
        String out = r.out();
        // 0x1311: Crasher::run inlined into itself four times (INLINE depths 0-3 cover it), the FUNC last.
        assertTrue(out.contains("0x0000555555555311 Crasher::run(int) + 33 (main.cpp:26)\n"), out);
        assertEquals(6, out.lines().filter(l -> l.contains("0x0000555555555311 Crasher::run(int) + 33")).count(), out);
        // 0x1261 (a return address: 0x1260 is looked up): util::hashBytes inlined into checksum, at
        // util.h:15, called from main.cpp:12.
        assertTrue(out.contains("0x0000555555555261 util::hashBytes + 17 (util.h:15)\n"), out);
        assertTrue(out.contains("0x0000555555555261 checksum + 17 (main.cpp:12) [cfi]\n"), out);
        assertTrue(out.contains("0x00005555555550b1 main + 33 (main.cpp:36) [cfi]\n"), out);
    }
}
