package dev.crashkit.symbolicate.dwarf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.crashkit.symbolicate.format.macho.MachOFile;
import dev.crashkit.symbolicate.format.macho.MachOImage;
import dev.crashkit.testkit.TestData;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The real CrashProbe reports (iOS arm64 release, KSCrash via sentry-swift) through the DWARF
 * reader alone: every report frame is expanded into its inline chain, app frames kept (main.m
 * left out, as the table does), and each row of EXPECTED-release-arm64.tsv must match file and
 * line, and the function name where it is an Objective-C/C name (Swift names need the demangler).
 * xfail rows are the ones upstream expects to fail on arm64; they are listed by the table itself.
 */
class CrashProbeDwarfTest {
    private static final Path DIR = TestData.thirdParty("sentry-crashprobe");
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Map<String, Dsym> DSYMS = new HashMap<>();

    record Dsym(DwarfContext dwarf, long textVmaddr) {
    }

    record Expanded(String function, String file, long line) {
    }

    static Stream<Arguments> rows() throws IOException {
        List<Arguments> out = new ArrayList<>();
        for (String line : Files.readAllLines(DIR.resolve("EXPECTED-release-arm64.tsv"))) {
            if (line.startsWith("#") || line.isBlank()) {
                continue;
            }
            String[] c = line.split("\t", -1);
            if (!c[5].equals("xfail")) {
                out.add(Arguments.of(c[0], c[1], c[2], c[3], Long.parseLong(c[4])));
            }
        }
        assertTrue(out.size() >= 35, "expectation table shrank: " + out.size());
        return out.stream();
    }

    @ParameterizedTest(name = "{0} frame {1}")
    @MethodSource("rows")
    void frameHasExpectedSourceLocation(String report, String frame, String function, String file, long line)
            throws IOException {
        List<Expanded> app = expand(DIR.resolve("release-arm64").resolve(report));
        int i = frame.equals("last") ? app.size() - 1 : Integer.parseInt(frame);
        assertTrue(i < app.size(), "only " + app.size() + " app frames: " + app);
        Expanded f = app.get(i);
        assertEquals(file.equals("(none)") ? "" : file, f.file(), app.toString());
        assertEquals(line, f.line(), app.toString());
        if (file.equals("(none)")) {
            // No debug info covers this function (llvm-symbolizer names it from the symbol table only):
            // DWARF must not invent a name; the symbolizer's symbol-table fallback answers instead.
            assertEquals("", f.function(), app.toString());
        } else if (function.startsWith("-[") || function.startsWith("+[") || function.startsWith("__")) {
            assertEquals(function, f.function(), app.toString());
        }
    }

    /** Report frames, innermost first, expanded through DWARF; app images only, main.m left out. */
    private static List<Expanded> expand(Path report) throws IOException {
        JsonNode root = JSON.readTree(report.toFile());
        JsonNode frames = root.path("exception").path("values").get(0).path("stacktrace").path("frames");
        List<Expanded> out = new ArrayList<>();
        for (int i = frames.size() - 1; i >= 0; i--) {
            long pc = Long.decode(frames.get(i).path("instruction_addr").asText());
            boolean returnAddress = i != frames.size() - 1;
            for (JsonNode im : root.path("debug_meta").path("images")) {
                long base = Long.decode(im.path("image_addr").asText());
                if (Long.compareUnsigned(pc, base) < 0 || pc - base >= im.path("image_size").asLong()) {
                    continue;
                }
                Dsym d = dsym(im.path("uuid").asText().toUpperCase(Locale.ROOT), im.path("name").asText());
                if (d == null) {
                    break;
                }
                long address = pc - base + d.textVmaddr() - (returnAddress ? 1 : 0);
                for (SourceFrame sf : d.dwarf().lookup(address)) {
                    String path = sf.file().orElse("");
                    String name = path.substring(path.lastIndexOf('/') + 1);
                    if (!name.equals("main.m")) {
                        out.add(new Expanded(sf.functionName().orElse(""), name, sf.line()));
                    }
                }
                if (d.dwarf().lookup(address).isEmpty()) {
                    out.add(new Expanded("", "", 0));
                }
                break;
            }
        }
        return out;
    }

    private static Dsym dsym(String uuid, String imagePath) throws IOException {
        if (DSYMS.containsKey(uuid)) {
            return DSYMS.get(uuid);
        }
        Path bundle = DIR.resolve("dSYMs").resolve(uuid + ".dSYM/Contents/Resources/DWARF");
        Dsym d = null;
        if (Files.isDirectory(bundle)) {
            Path file = bundle.resolve(imagePath.substring(imagePath.lastIndexOf('/') + 1));
            MachOImage image = MachOFile.open(file).slices().get(0);
            d = new Dsym(DwarfContext.open(file.toString(), MachOTestSections.read(file, image.cpuType())),
                    image.textVmaddr());
        }
        DSYMS.put(uuid, d);
        return d;
    }
}
