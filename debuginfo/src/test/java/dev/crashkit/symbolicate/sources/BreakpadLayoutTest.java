package dev.crashkit.symbolicate.sources;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.crashkit.core.model.DebugId;
import dev.crashkit.symbolicate.Fixtures;
import dev.crashkit.symbolicate.locate.SliceId;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code breakpad} layout ({@code NAME/ID/NAME.sym}) against a real HTTP server on loopback
 * serving the .sym Breakpad's dump_syms made of testdata/breakpad/bin/shapes.
 */
class BreakpadLayoutTest {
    static final DebugId SHAPES = DebugId.parse("41ff1a0ee272d9f8eed2378aa112749bbc65cdb1").orElseThrow();
    static final String ID = "0E1AFF4172E2F8D9EED2378AA112749B0";
    static final Path SYM = Fixtures.testdata("breakpad/sym/shapes/" + ID + "/shapes.sym");
    static final Path ELF = Fixtures.testdata("breakpad/bin/shapes");

    @TempDir
    Path tmp;
    final List<String> warnings = new CopyOnWriteArrayList<>();
    final List<TestSymbolServer> servers = new ArrayList<>();

    @AfterEach
    void stop() {
        servers.forEach(TestSymbolServer::close);
    }

    private TestSymbolServer server() throws IOException {
        TestSymbolServer s = new TestSymbolServer(Files.createTempDirectory(tmp, "served"));
        servers.add(s);
        return s;
    }

    private DebugFileFetcher fetcher(String spec) {
        SourceOptions o = SourceOptions.defaults(List.of(SymbolServer.parse(spec)), Optional.of(tmp.resolve("cache")))
                .withTimeouts(Duration.ofSeconds(10), Duration.ofSeconds(10), Duration.ofSeconds(10))
                .withRetries(1, Duration.ofMillis(10));
        return DebugFileFetcher.create(o, warnings::add, ProgressListener.none());
    }

    @Test
    void pathsAreNameThenBreakpadIdThenNameDotSym() {
        assertEquals(List.of(new Layout.Candidate("shapes/" + ID + "/shapes.sym", Layout.Kind.DEBUGINFO)),
                Layout.BREAKPAD.candidates(SHAPES, Optional.of("/opt/app/shapes"), false));
        // A 16-byte id may be a Mach-O UUID (in order) or an ELF build-id (GUID byte order): both are asked.
        DebugId sixteen = DebugId.parse("4C4C44F2-5555-3144-A157-E368F8FB0F1A").orElseThrow();
        assertEquals(List.of("App/4C4C44F255553144A157E368F8FB0F1A0/App.sym", "App/F2444C4C55554431A157E368F8FB0F1A0/App.sym"),
                Layout.BREAKPAD.candidates(sixteen, Optional.of("App"), false).stream().map(Layout.Candidate::path).toList());
        // Windows: the PDB's name, its .sym named without .pdb (Mozilla's xul.pdb/ID/xul.sym).
        assertEquals(List.of("xul.pdb/" + ID + "/xul.sym"),
                Layout.BREAKPAD.candidates(SHAPES, Optional.of("C:\\build\\xul.pdb"), false).stream()
                        .map(Layout.Candidate::path).toList());
        assertEquals(List.of(), Layout.BREAKPAD.candidates(SHAPES, Optional.empty(), false), "no name, no path");
        assertEquals(List.of("My%20App/" + ID + "/My%20App.sym"),
                Layout.BREAKPAD.candidates(SHAPES, Optional.of("My App"), false).stream().map(Layout.Candidate::path).toList());
    }

    @Test
    void symFileIsFetchedOverHttpVerifiedAndCached() throws IOException {
        TestSymbolServer s = server().put("shapes/" + ID + "/shapes.sym", SYM);
        DebugFileFetcher f = fetcher("breakpad=" + s.url());
        Map<DebugId, FetchedFile> got = f.fetchAll(List.of(SHAPES), Map.of(SHAPES, "/usr/bin/shapes"));
        FetchedFile file = got.get(SHAPES);
        assertTrue(file != null, warnings::toString);
        assertEquals(List.of("/shapes/" + ID + "/shapes.sym"), s.paths());
        assertEquals(SliceId.Container.BREAKPAD, file.slice().container());
        assertEquals(SHAPES, file.slice().id(), "INFO CODE_ID gives the whole build-id");
        assertEquals(-1L, Files.mismatch(SYM, file.file()));
        assertEquals(List.of(), warnings);
        // The next fetcher finds it in the download cache, re-verified, without asking the server.
        DebugFileFetcher again = fetcher("breakpad=" + s.url());
        assertTrue(again.fetch(SHAPES).isPresent(), warnings::toString);
        assertEquals(1, s.paths().size());
    }

    @Test
    void withoutTheImageNameNothingIsAsked() throws IOException {
        TestSymbolServer s = server().put("shapes/" + ID + "/shapes.sym", SYM);
        assertTrue(fetcher("breakpad=" + s.url()).fetch(SHAPES).isEmpty());
        assertEquals(List.of(), s.paths());
    }

    @Test
    void aSymFileOfAnotherModuleIsRejected() throws IOException {
        Path other = tmp.resolve("other.sym");
        Files.writeString(other, Files.readString(SYM).replace(ID, "0E1AFF4172E2F8D9EED2378AA112749C0"));
        TestSymbolServer s = server().put("shapes/" + ID + "/shapes.sym", other);
        assertTrue(fetcher("breakpad=" + s.url()).fetchAll(List.of(SHAPES), Map.of(SHAPES, "shapes")).isEmpty());
        assertEquals(1, warnings.size(), warnings::toString);
        assertTrue(warnings.get(0).contains("wrong file: Breakpad symbol file with module id 0E1AFF4172E2F8D9EED2378AA112749C0"),
                warnings::toString);
    }

    @Test
    void theElfItselfServedUnderTheSymPathIsStillAcceptedByItsBuildId() throws IOException {
        TestSymbolServer s = server().put("shapes/" + ID + "/shapes.sym", ELF);
        FetchedFile f = fetcher("breakpad=" + s.url()).fetchAll(List.of(SHAPES), Map.of(SHAPES, "shapes")).get(SHAPES);
        assertTrue(f != null, warnings::toString);
        assertEquals(SliceId.Container.ELF, f.slice().container());
    }
}
