package dev.crashkit.symbolicate.symbolize;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.crashkit.core.Diagnostics;
import dev.crashkit.core.model.DebugId;
import dev.crashkit.symbolicate.format.elf.ElfFile;
import dev.crashkit.symbolicate.locate.DebugFileIndex;
import dev.crashkit.symbolicate.symcache.SymCacheKey;
import dev.crashkit.symbolicate.symcache.SymCacheStore;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Function names and their GNU versions against llvm-symbolizer-19 + llvm-nm-19
 * (testdata/elf/versions/golden/names.tsv, see golden.py there): the name is printed without
 * {@code @@VERSION}, as gdb and llvm-symbolizer print a .dynsym name, and the version comes beside
 * it. The stripped library alone answers from .dynsym + .gnu.version; with its debug file, from the
 * debug file's .symtab and DWARF, versions filled in from the binary's .dynsym; through the symbol
 * cache, the same.
 */
class ElfSymbolVersionGoldenTest {
    private static final Path DIR = Path.of("testdata/elf/versions");
    private static final Path BIN = DIR.resolve("bin/libvers.so.1");

    @Test
    void strippedLibraryAlone() throws IOException {
        DebugModule m = DebugModule.open(ElfFile.open(BIN), Diagnostics.ignore());
        assertEquals(34, check(m, "libvers.so.1"));
    }

    @Test
    void libraryWithItsDebugFile() throws IOException {
        assertEquals(34, check(loaded(), "libvers.so.1.debug"));
    }

    @Test
    void throughTheSymbolCache(@TempDir Path dir) throws IOException {
        DebugModule live = loaded();
        assertTrue(live.dwarf().isPresent());
        SymbolCaching caching = new SymbolCaching(SymCacheStore.in(dir));
        SymCacheKey key = SymbolCaching.fileKey(BIN, "-").orElseThrow();
        DebugModule built = caching.build(key, List.of(BIN), live, Diagnostics.ignore());
        assertTrue(built != live, "no cache was built");
        assertEquals(34, check(built, "libvers.so.1.debug"));
        DebugModule reopened = caching.open(key, Diagnostics.ignore(), live::dwarf).orElseThrow();
        assertEquals(34, check(reopened, "libvers.so.1.debug"));
    }

    /** A report through the symbolizer and the JSON writer: versions as symbol_version, names without them. */
    @Test
    void reportFramesCarryTheVersionInJson() throws Exception {
        String id = ElfFile.open(BIN).buildId().orElseThrow().toString().toLowerCase(java.util.Locale.ROOT);
        long load = 0x7f1234560000L;
        long[] offsets = {0x113a, 0x116d, 0x1142};
        String report = "{\"schema\":\"crashreport/1\",\"process\":{\"name\":\"t\",\"arch\":\"x86_64\"},"
                + "\"images\":[{\"name\":\"libvers.so.1\",\"build_id\":\"" + id + "\",\"arch\":\"x86_64\","
                + "\"load_address\":\"0x" + Long.toHexString(load) + "\",\"size\":\"0x4000\"}],"
                + "\"threads\":[{\"id\":1,\"crashed\":true,\"frames\":[" + java.util.Arrays.stream(offsets)
                        .mapToObj(o -> "\"0x" + Long.toHexString(load + o) + "\"")
                        .collect(java.util.stream.Collectors.joining(",")) + "]}]}";
        dev.crashkit.core.model.CrashReport input = dev.crashkit.core.crashreport.CrashReportJson.read(report, "t.json");
        List<String> warnings = new java.util.ArrayList<>();
        DebugFileIndex index = DebugFileIndex.scan(List.of(DIR.resolve("bin"), DIR.resolve("debug/libvers.so.1.debug")),
                warnings::add);
        SymbolicatedReport out = new Symbolizer(new ModuleCache(index, new dev.crashkit.symbolicate.locate.MemberStore(
                Optional.empty(), dev.crashkit.symbolicate.locate.ArchiveLimits.defaults()),
                dev.crashkit.symbolicate.sources.DebugFileSource.none(),
                ModuleCache.Options.defaults().withDiagnostics(warnings::add)), Optional.empty()).symbolicate(input);
        java.io.StringWriter json = new java.io.StringWriter();
        dev.crashkit.symbolicate.output.JsonReportWriter.write(out, json);
        com.fasterxml.jackson.databind.JsonNode frames = new com.fasterxml.jackson.databind.ObjectMapper()
                .readTree(json.toString()).path("threads").get(0).path("frames");
        List<String> golden = Files.readAllLines(DIR.resolve("golden/names.tsv"));
        assertEquals(offsets.length, frames.size(), json.toString());
        for (int i = 0; i < offsets.length; i++) {
            String address = "0x" + Long.toHexString(offsets[i]);
            String[] want = golden.stream().map(l -> l.split("\t"))
                    .filter(f -> f[0].equals("libvers.so.1.debug") && f[1].equals(address)).findFirst().orElseThrow();
            com.fasterxml.jackson.databind.JsonNode f = frames.get(i);
            assertEquals(want[3], f.path("mangled").asText(), f.toString());
            assertEquals(want[4], f.path("symbol_version").asText(), f.toString());
            assertTrue(!f.path("symbol").asText().contains("@"), f.toString());
        }
        assertEquals(List.of(), warnings);
    }

    /**
     * Debian 12's glibc symbol table (testdata/third-party/debian-glibc, golden by
     * testdata/elf/versions/glibc-golden.sh): at every function llvm-nm-19 lists with a version, the
     * name has no version in it, and where it is llvm-symbolizer-19's name (split), the version is
     * its version, or the default one llvm-nm lists for that name at that address
     * (__libc_start_main@@GLIBC_2.34 beside @GLIBC_2.2.5). Where an alias names the address instead
     * (llvm-symbolizer and we pick among same-address globals differently) only the first holds.
     */
    @Test
    void realGlibcSymbolTable() throws IOException {
        DebugModule m = DebugModule.open(ElfFile.open(Path.of("testdata/third-party/debian-glibc/libc.so.6.debug")),
                Diagnostics.ignore());
        java.util.Map<Long, List<String[]>> byAddress = new java.util.TreeMap<>();
        for (String line : Files.readAllLines(DIR.resolve("golden/glibc-versions.tsv"))) {
            String[] f = line.split("\t");
            byAddress.computeIfAbsent(Long.decode(f[0]), k -> new java.util.ArrayList<>()).add(f);
        }
        int same = 0;
        for (java.util.Map.Entry<Long, List<String[]>> e : byAddress.entrySet()) {
            List<ResolvedSymbol> chain = m.lookup(e.getKey());
            assertTrue(!chain.isEmpty(), "0x" + Long.toHexString(e.getKey()));
            ResolvedSymbol ours = chain.get(chain.size() - 1);
            assertTrue(!ours.name().contains("@"), ours.name());
            String[] tool = split(e.getValue().get(0)[2]);
            if (!tool[0].equals(ours.name())) {
                continue;
            }
            String version = tool[1];
            for (String[] f : e.getValue()) {
                if (f[1].startsWith(ours.name() + "@@")) {
                    version = split(f[1])[1];
                }
            }
            assertEquals(version.isEmpty() ? Optional.empty() : Optional.of(version), ours.version(),
                    "0x" + Long.toHexString(e.getKey()) + " " + ours.name());
            same++;
        }
        assertTrue(same >= 460, "addresses named as llvm-symbolizer names them (469 of 518 when written): " + same + " of " + byAddress.size());
    }

    private static String[] split(String name) {
        int at = name.indexOf('@', 1);
        if (at < 0) {
            return new String[] {name, ""};
        }
        return new String[] {name.substring(0, at), name.substring(name.startsWith("@@", at) ? at + 2 : at + 1)};
    }

    private static DebugModule loaded() throws IOException {
        DebugId id = ElfFile.open(BIN).buildId().orElseThrow();
        ModuleCache cache = new ModuleCache(DebugFileIndex.scan(List.of(BIN, DIR.resolve("debug/libvers.so.1.debug")),
                Diagnostics.ignore()));
        ModuleCache.Load l = cache.get(id);
        assertTrue(l.loaded().isPresent(), l.toString());
        return l.loaded().get();
    }

    /** Compares the concrete function of every golden row of {@code file}; returns how many rows. */
    private static int check(DebugModule m, String file) throws IOException {
        int rows = 0;
        int versioned = 0;
        for (String line : Files.readAllLines(DIR.resolve("golden/names.tsv"))) {
            String[] f = line.split("\t");
            if (!f[0].equals(file)) {
                continue;
            }
            rows++;
            long address = Long.decode(f[1]);
            List<ResolvedSymbol> chain = m.lookup(address);
            if (f[3].equals("??")) {
                assertTrue(chain.isEmpty(), line + " got " + chain);
                continue;
            }
            ResolvedSymbol concrete = chain.get(chain.size() - 1);
            assertEquals(f[3], concrete.name(), line);
            assertEquals(f[4].equals("-") ? Optional.empty() : Optional.of(f[4]), concrete.version(), line);
            versioned += f[4].equals("-") ? 0 : 1;
        }
        assertTrue(versioned >= 20, file + ": versioned rows " + versioned);
        return rows;
    }
}
