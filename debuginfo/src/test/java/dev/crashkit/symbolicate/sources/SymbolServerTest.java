package dev.crashkit.symbolicate.sources;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.crashkit.core.CrashkitException;
import dev.crashkit.core.model.DebugId;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Parsing of server specs, DEBUGINFOD_URLS and the config file, and the paths of each layout as
 * their documentation spells them (symbolicator's symbol-server-compatibility page, the
 * debuginfod protocol, GDB's separate debug files).
 */
class SymbolServerTest {
    static final DebugId UUID = DebugId.parse("4c4c44f2-5555-3144-a157-e368f8fb0f1a").orElseThrow();
    static final DebugId BUILD_ID = DebugId.parse("61372c34a6019eb2023a01e75d65249c5e528fb1").orElseThrow();

    @Test
    void layoutPaths() {
        assertEquals(List.of(new Layout.Candidate("buildid/61372c34a6019eb2023a01e75d65249c5e528fb1/debuginfo", Layout.Kind.DEBUGINFO),
                new Layout.Candidate("buildid/61372c34a6019eb2023a01e75d65249c5e528fb1/executable", Layout.Kind.EXECUTABLE)),
                Layout.DEBUGINFOD.candidates(BUILD_ID, false));
        assertEquals(List.of(new Layout.Candidate("4C4C/44F2/5555/3144/A157/E368F8FB0F1A", Layout.Kind.DEBUGINFO),
                new Layout.Candidate("4C4C/44F2/5555/3144/A157/E368F8FB0F1A.app", Layout.Kind.EXECUTABLE)),
                Layout.LLDB.candidates(UUID, false));
        assertEquals(List.of(), Layout.LLDB.candidates(BUILD_ID, false), "LLDB's tree is for 16-byte UUIDs");
        assertEquals(List.of(new Layout.Candidate(".build-id/61/372c34a6019eb2023a01e75d65249c5e528fb1.debug", Layout.Kind.DEBUGINFO),
                new Layout.Candidate(".build-id/61/372c34a6019eb2023a01e75d65249c5e528fb1", Layout.Kind.EXECUTABLE)),
                Layout.GDB.candidates(BUILD_ID, false));
        assertEquals(".build-id/61/372c34a6019eb2023a01e75d65249c5e528fb1.debug".substring(10),
                Layout.GDB.candidates(BUILD_ID, true).get(0).path());
        assertEquals(List.of(new Layout.Candidate("4c/4c44f255553144a157e368f8fb0f1a/debuginfo", Layout.Kind.DEBUGINFO),
                new Layout.Candidate("4c/4c44f255553144a157e368f8fb0f1a/executable", Layout.Kind.EXECUTABLE)),
                Layout.UNIFIED.candidates(UUID, false));
    }

    @Test
    void parsesLayoutAndUrl() {
        SymbolServer s = SymbolServer.parse("DebugInfod=https://debuginfod.example.com/sub");
        assertEquals(Layout.DEBUGINFOD, s.layout());
        assertEquals(URI.create("https://debuginfod.example.com/sub/"), s.base());
        assertEquals(URI.create("https://debuginfod.example.com/sub/buildid/ab/debuginfo"), s.resolve("buildid/ab/debuginfo"));
        assertEquals("debuginfod=https://debuginfod.example.com/sub/", s.key());
        assertTrue(SymbolServer.parse("unified=file:///srv/symbols").isLocal());
        SymbolServer q = SymbolServer.parse("unified=https://bucket.example.com/syms?sv=1&sig=abc%2Bdef");
        assertEquals(URI.create("https://bucket.example.com/syms/4c/rest/debuginfo?sv=1&sig=abc%2Bdef"), q.resolve("4c/rest/debuginfo"));
        assertEquals("unified=https://bucket.example.com/syms/?***", q.describe());
    }

    @Test
    void rejectsBadSpecsWithOneClearLine() {
        assertEquals("unknown symbol server layout \"symstore\" (layouts: debuginfod, lldb, gdb, unified, breakpad)",
                assertThrows(IllegalArgumentException.class, () -> SymbolServer.parse("symstore=http://x/")).getMessage());
        assertEquals("symbol server URL must be http://, https:// or file://, not \"ftp://x/\"",
                assertThrows(IllegalArgumentException.class, () -> SymbolServer.parse("gdb=ftp://x/")).getMessage());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> SymbolServer.parse("http://x/")).getMessage()
                .startsWith("expected LAYOUT=URL"));
        assertThrows(IllegalArgumentException.class, () -> SymbolServer.parse("lldb=http:///nohost"));
        assertThrows(IllegalArgumentException.class, () -> SymbolServer.Header.parse("no colon"));
        assertThrows(IllegalArgumentException.class, () -> SymbolServer.Header.parse("X: a\r\nInjected: b"));
    }

    @Test
    void debuginfodUrlsFromTheEnvironment() {
        List<SymbolServer> s = SymbolServer.fromEnvironment(Map.of("DEBUGINFOD_URLS",
                " https://debuginfod.elfutils.org/  http://127.0.0.1:8002\n"));
        assertEquals(2, s.size());
        assertEquals("debuginfod=https://debuginfod.elfutils.org/", s.get(0).describe());
        assertEquals("debuginfod=http://127.0.0.1:8002/", s.get(1).describe());
        assertEquals(List.of(), SymbolServer.fromEnvironment(Map.of("DEBUGINFOD_URLS", "  ")));
        assertEquals(List.of(), SymbolServer.fromEnvironment(Map.of()));
    }

    @Test
    void configFileWithHeadersFromTheEnvironment(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("servers.json");
        Files.writeString(f, "{\"servers\": [{\"layout\": \"unified\", \"url\": \"https://symbols.example.com/\","
                + " \"headers\": {\"Authorization\": \"Bearer ${env:SYMBOLS_TOKEN}\"}},"
                + " {\"layout\": \"debuginfod\", \"url\": \"https://debuginfod.example.com/\"}]}");
        List<SymbolServer> s = SourceConfigFile.read(f, Map.of("SYMBOLS_TOKEN", "tok-123"));
        assertEquals(2, s.size());
        assertEquals(List.of(new SymbolServer.Header("Authorization", "Bearer tok-123")), s.get(0).headers());
        assertEquals(Layout.DEBUGINFOD, s.get(1).layout());

        CrashkitException e = assertThrows(CrashkitException.class, () -> SourceConfigFile.read(f, Map.of()));
        assertEquals(f + ": servers[0]: header Authorization: environment variable SYMBOLS_TOKEN is not set", e.getMessage());
        Files.writeString(f, "{\"servers\": [{\"layout\": \"nope\", \"url\": \"https://x/\"}]}");
        assertTrue(assertThrows(CrashkitException.class, () -> SourceConfigFile.read(f, Map.of())).getMessage()
                .startsWith(f + ": servers[0]: unknown symbol server layout \"nope\""));
        Files.writeString(f, "{\"servers\": [");
        assertTrue(assertThrows(CrashkitException.class, () -> SourceConfigFile.read(f, Map.of())).getMessage()
                .startsWith(f + ": not valid JSON"));
    }
}
