package dev.crashkit.symbolicator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.crashkit.symbolicate.sources.SymbolServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** One symbol-source configuration for every client: order, headers, the config file, DEBUGINFOD_URLS opt-in. */
class SymbolSourcesTest {
    @TempDir
    Path tmp;

    @Test
    void debuginfodUrlsAndConfigFileAddServersInOrder() throws Exception {
        Path config = tmp.resolve("servers.json");
        Files.writeString(config, "{\"servers\":[{\"layout\":\"lldb\",\"url\":\"https://mac.example.com/\","
                + "\"headers\":{\"Authorization\":\"Bearer ${env:TOKEN}\"}}]}");
        SymbolSources o = SymbolSources.none()
                .withServers(List.of("unified=https://symbols.example.com/"))
                .withConfigFile(Optional.of(config))
                .withHeaders(List.of(new SymbolSources.ServerHeader("debuginfod=https://debuginfod.example.org",
                        "X-Team: crash")))
                .withDebuginfodUrls(true, Map.of("DEBUGINFOD_URLS", "https://debuginfod.example.org/", "TOKEN", "t0k"));
        List<SymbolServer> s = o.resolve();
        assertEquals(List.of("unified=https://symbols.example.com/", "lldb=https://mac.example.com/",
                "debuginfod=https://debuginfod.example.org/"), s.stream().map(SymbolServer::describe).toList());
        assertEquals("Bearer t0k", s.get(1).headers().get(0).value());
        assertEquals("crash", s.get(2).headers().get(0).value());
    }

    @Test
    void debuginfodUrlsOnlyWhenAskedFor() throws Exception {
        Map<String, String> env = Map.of("DEBUGINFOD_URLS", "https://debuginfod.example.org/");
        assertEquals(List.of(), SymbolSources.none().withEnvironment(env).resolve());
        assertEquals(1, SymbolSources.none().withDebuginfodUrls(true, env).resolve().size());
    }

    @Test
    void aHeaderForNoServerIsRefusedNamingIt() {
        SymbolSources o = SymbolSources.none().withServers(List.of("debuginfod=https://a.example.org/"))
                .withHeaders(List.of(new SymbolSources.ServerHeader("lldb=https://b.example.org/", "X: y")));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, o::resolve);
        assertEquals(Optional.of("lldb=https://b.example.org/"), SymbolSources.unknownServerOf(e));
    }

    @Test
    void headerValuesNeverPrinted() {
        SymbolSources o = SymbolSources.none().withServers(List.of("debuginfod=https://a.example.org/"))
                .withHeaders(List.of(new SymbolSources.ServerHeader("debuginfod=https://a.example.org/",
                        "Authorization: Bearer s3cret")))
                .withEnvironment(Map.of("TOKEN", "s3cret2"));
        assertFalse(o.toString().contains("s3cret"), o.toString());
        assertTrue(o.toString().contains("Authorization"), o.toString());
    }
}
