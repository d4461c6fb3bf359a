package dev.crashkit.symbolicate.symbolize;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.crashkit.core.Diagnostics;
import dev.crashkit.core.model.Arch;
import dev.crashkit.core.model.CrashReport;
import dev.crashkit.core.model.Frame;
import dev.crashkit.core.model.Image;
import dev.crashkit.core.model.ProcessInfo;
import dev.crashkit.core.model.ThreadTrace;
import dev.crashkit.symbolicate.format.elf.ElfFile;
import dev.crashkit.symbolicate.format.macho.MachOFile;
import dev.crashkit.symbolicate.locate.DebugFileIndex;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;

/**
 * One report with ELF images (separate debug files found by build-id) and a Mach-O image (dSYM by
 * UUID), each address in its own thread as an exact PC. Every answer must equal llvm-symbolizer's
 * (testdata/elf/golden, testdata/dwarf/macho: --inlining, linkage names, no demangling, run without
 * symbol tables so the names are DWARF's).
 */
class MixedReportTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private record Golden(String image, long link, JsonNode symbols) {
    }

    @Test
    void elfAndMachOImagesInOneReportMatchLlvmSymbolizer() throws IOException {
        Path appElf = Path.of("testdata/elf/bin/app-gcc");
        Path libElf = Path.of("testdata/elf/bin/libshapes-gcc.so");
        Path dsym = Path.of("testdata/dwarf/macho/Inline4.dSYM");
        Path macho = dsym.resolve("Contents/Resources/DWARF/Inline4");
        long appLoad = 0x5555_5555_4000L;
        long libLoad = 0x7f00_0000_0000L;
        long machoSlide = 0x400_0000L;
        long machoText = MachOFile.open(macho).slices().get(0).textVmaddr();
        List<Image> images = List.of(
                new Image("app-gcc", Optional.empty(), ElfFile.open(appElf).buildId(), Optional.of(Arch.Known.X86_64), appLoad,
                        OptionalLong.empty(), OptionalLong.empty()),
                new Image("libshapes-gcc.so", Optional.empty(), ElfFile.open(libElf).buildId(), Optional.of(Arch.Known.X86_64),
                        libLoad, OptionalLong.empty(), OptionalLong.empty()),
                new Image("Inline4", Optional.empty(), MachOFile.open(macho).slices().get(0).uuid(), Optional.of(Arch.Known.ARM64),
                        machoText + machoSlide, OptionalLong.empty(), OptionalLong.empty()));

        List<Golden> goldens = new ArrayList<>();
        goldens.addAll(read("app-gcc", Path.of("testdata/elf/golden/app-gcc.json.gz")));
        goldens.addAll(read("libshapes-gcc.so", Path.of("testdata/elf/golden/libshapes-gcc.so.json.gz")));
        goldens.addAll(read("Inline4", Path.of("testdata/dwarf/macho/Inline4.json.gz")));
        List<ThreadTrace> threads = new ArrayList<>();
        for (int i = 0; i < goldens.size(); i++) {
            Golden g = goldens.get(i);
            long base = g.image().equals("app-gcc") ? appLoad : g.image().equals("Inline4") ? machoSlide : libLoad;
            threads.add(new ThreadTrace(i, Optional.empty(), false, List.of(new Frame(base + g.link(), false))));
        }
        CrashReport report = new CrashReport(ProcessInfo.unknown(), Optional.empty(), images, threads);
        ModuleCache modules = new ModuleCache(DebugFileIndex.scan(List.of(Path.of("testdata/elf/debug"), dsym),
                Diagnostics.ignore()));
        SymbolicatedReport out = new Symbolizer(modules, Optional.empty()).symbolicate(report);
        out.images().forEach(s -> assertEquals(ImageStatus.Status.OK, s.status(), s.toString()));

        List<String> failures = new ArrayList<>();
        for (int i = 0; i < goldens.size(); i++) {
            Golden g = goldens.get(i);
            List<SymbolicatedFrame> frames = out.threads().get(i).frames();
            String want = describe(g.symbols());
            String got = describe(frames);
            if (!want.equals(got) && !sameButCloneSuffix(want, got)) {
                failures.add(g.image() + " 0x" + Long.toHexString(g.link()) + "\n  want " + want + "\n  got  " + got);
            }
        }
        assertTrue(goldens.size() > 300, "too few golden addresses: " + goldens.size());
        assertTrue(failures.isEmpty(), failures.size() + " of " + goldens.size() + " differ:\n"
                + String.join("\n", failures.subList(0, Math.min(20, failures.size()))));
    }

    /** Addresses llvm-symbolizer named (every one where DWARF knows a function). */
    private static List<Golden> read(String image, Path file) throws IOException {
        List<Golden> out = new ArrayList<>();
        try (InputStream in = new GZIPInputStream(Files.newInputStream(file))) {
            for (String line : new String(in.readAllBytes()).split("\n")) {
                if (line.isBlank()) {
                    continue;
                }
                JsonNode n = JSON.readTree(line);
                if (n.path("Symbol").get(0).path("FunctionName").asText().isEmpty()) {
                    continue;
                }
                out.add(new Golden(image, Long.decode(n.path("Address").asText()), n.path("Symbol")));
            }
        }
        return out;
    }

    private static String describe(JsonNode symbols) {
        List<String> parts = new ArrayList<>();
        for (JsonNode s : symbols) {
            parts.add(s.path("FunctionName").asText() + "@" + s.path("FileName").asText() + ":" + s.path("Line").asInt()
                    + ":" + s.path("Column").asInt());
        }
        return String.join(" | ", parts);
    }

    private static String describe(List<SymbolicatedFrame> frames) {
        List<String> parts = new ArrayList<>();
        for (SymbolicatedFrame f : frames) {
            parts.add(f.mangled().orElse("") + "@" + f.file().orElse("") + ":" + f.line().orElse(0) + ":" + f.column().orElse(0));
        }
        return String.join(" | ", parts);
    }

    /**
     * The goldens were made without symbol tables, so their outermost name is DWARF's; ours is the
     * symbol's, as llvm-symbolizer prints it with symbol tables. They differ only for gcc clones
     * ({@code foo} vs {@code foo.constprop.0}, {@code foo.part.0}, {@code foo.cold}).
     */
    private static boolean sameButCloneSuffix(String want, String got) {
        int w = want.lastIndexOf(" | ") + 1;
        int g = got.lastIndexOf(" | ") + 1;
        if (!want.substring(0, w).equals(got.substring(0, g))) {
            return false;
        }
        String wantName = want.substring(w).strip();
        String gotName = got.substring(g).strip();
        String wn = wantName.substring(0, wantName.indexOf('@'));
        String gn = gotName.substring(0, gotName.indexOf('@'));
        return gn.startsWith(wn + ".") && wantName.substring(wantName.indexOf('@')).equals(gotName.substring(gotName.indexOf('@')));
    }
}
