package dev.crashkit.symbolicate.report.hserr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.crashkit.core.model.CrashReport;
import dev.crashkit.core.model.Frame;
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
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Real logs, ours (testdata/hserr, made by its make.sh) and other projects' (JDK 8 to 25, Linux and macOS,
 * x86-64 and aarch64): every frame line of the log is a frame of the model, in order, and each C/V frame
 * sits at its library's lowest mapping plus its offset. The expectations are read from the log's text with
 * patterns of this test, not with the reader's.
 */
class HsErrReaderTest {

    /** A frame line as HotSpot prints one: kind letter, a blank. */
    private static final Pattern FRAME_LINE = Pattern.compile("^[CVjJAv] .*");
    /** {@code [libx.so+0x1234]}. */
    private static final Pattern LIB_OFFSET = Pattern.compile("^[CV] {1,2}\\[(.+)\\+0x([0-9a-f]+)\\]");
    /** {@code C  0x00007f...}: a pc in no library. */
    private static final Pattern BARE_PC = Pattern.compile("^[CV] {1,2}0x([0-9a-f]+)");
    private static final Pattern LINUX_MAP = Pattern.compile("^([0-9a-f]+)-[0-9a-f]+ (....) \\S+ \\S+ \\S+ +(/.*)$");
    private static final Pattern MAC_MAP = Pattern.compile("^0x([0-9a-f]+)\\s+(/.*)$");

    static Stream<Arguments> logs() {
        return Stream.of(
                Arguments.of(TestData.file("hserr/hs_err-native.log"), "x86_64"),
                Arguments.of(TestData.file("hserr/hs_err-jvm.log"), "x86_64"),
                Arguments.of(TestData.thirdParty("dd-trace-java/sample-crash-jdk8-zip-getentry.txt"), "arm64"),
                Arguments.of(TestData.thirdParty("dd-trace-java/sample-crash-for-telemetry-3.txt"), "arm64"),
                Arguments.of(TestData.thirdParty("dd-trace-java/sample-crash-linux-aarch64.txt"), "arm64"),
                Arguments.of(TestData.thirdParty("dd-trace-java/sample-crash-for-telemetry-2.txt"), "x86_64"),
                Arguments.of(TestData.thirdParty("dd-trace-java/sample-crash-macos-aarch64.txt"), "arm64"));
    }

    @ParameterizedTest
    @MethodSource("logs")
    void everyFrameLineIsAFrameAtItsLibrarysBasePlusOffset(Path log, String arch) throws Exception {
        List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
        List<String> nativeLines = section(lines, "Native frames:");
        List<String> javaLines = section(lines, "Java frames:");
        assertFalse(nativeLines.isEmpty(), log + ": the test found no frame lines");
        Map<String, Long> bases = bases(lines);

        ParsedReport p = ReportFormats.standard().read(log);
        assertEquals(ReportFormat.HS_ERR, p.format());
        CrashReport m = p.model();
        assertEquals(1, m.threads().size());
        ThreadTrace t = m.threads().get(0);
        assertTrue(t.crashed());
        assertEquals(nativeLines.size(), t.frames().size(), log + ": frames");
        HsErrDocument doc = (HsErrDocument) p.document();
        assertEquals(javaLines.size(), doc.javaFrames().size(), log + ": Java frames");
        assertEquals(arch, m.process().arch().orElseThrow().label());

        for (int i = 0; i < nativeLines.size(); i++) {
            String line = nativeLines.get(i);
            Frame f = t.frames().get(i);
            assertEquals(line.charAt(0), doc.nativeFrames().get(i).kind(), log + " frame " + i);
            assertEquals(line, lines.get(doc.nativeFrames().get(i).line()), log + " frame " + i);
            Matcher lo = LIB_OFFSET.matcher(line);
            Matcher bare = BARE_PC.matcher(line);
            Optional<String> loadedAs = lo.find() ? loadedAs(lo.group(1), bases) : Optional.empty();
            if (bare.find()) {
                assertEquals(Long.parseUnsignedLong(bare.group(1), 16), f.address(), log + " frame " + i);
            } else if (i == 0 && bannerPc(lines).orElse(0L) != 0 && loadedAs.isPresent()) {
                // The faulting frame: HotSpot's banner gives its pc (0 for an internal error: no fault).
                assertEquals(bannerPc(lines).get(), f.address(), log + " frame 0: " + line);
            } else if (loadedAs.isPresent()) {
                long want = bases.get(loadedAs.get()) + Long.parseUnsignedLong(lo.group(2), 16);
                assertEquals(want, f.address(), log + " frame " + i + ": " + line);
                assertEquals(i > 0, f.returnAddress(), log + " frame " + i);
            } else {
                assertEquals(HsErrModel.NOWHERE, f.address(), log + " frame " + i + ": " + line);
            }
        }
        // Every library with a frame is an image, named by its file name, loaded at its lowest mapping.
        for (String line : nativeLines) {
            Matcher lo = LIB_OFFSET.matcher(line);
            Optional<String> file = lo.find() ? loadedAs(lo.group(1), bases) : Optional.empty();
            if (file.isPresent()) {
                Image img = m.images().stream().filter(x -> x.name().equals(file.get())).findFirst().orElseThrow();
                assertEquals(bases.get(file.get()), img.loadAddress());
                assertEquals(Optional.empty(), img.id());
                assertTrue(img.path().orElseThrow().endsWith("/" + file.get()));
            }
        }
    }

    /** HotSpot's own word on a library's base: {@code 0x...: <offset 0x...> in /path/libjvm.so at 0xBASE}. */
    private static final Pattern HOTSPOT_BASE = Pattern.compile(
            "(0x[0-9a-f]+): <offset (0x[0-9a-f]+)> in (\\S+) at (0x[0-9a-f]+)");

    /**
     * Where HotSpot itself names a library's base (register and stack slot descriptions), the image of that
     * path is loaded there: the lowest mapping is what HotSpot counts offsets from.
     */
    @Test
    void imagesAreLoadedWhereHotSpotSaysTheLibraryIs() throws Exception {
        int seen = 0;
        for (Arguments a : logs().toList()) {
            Path log = (Path) a.get()[0];
            ParsedReport p = ReportFormats.standard().read(log);
            for (String line : Files.readAllLines(log, StandardCharsets.UTF_8)) {
                Matcher m = HOTSPOT_BASE.matcher(line);
                if (m.find()) {
                    long base = Long.decode(m.group(4));
                    assertEquals(Long.decode(m.group(1)), base + Long.decode(m.group(2)), line);
                    Image img = p.model().images().stream().filter(i -> i.path().equals(Optional.of(m.group(3))))
                            .findFirst().orElseThrow(() -> new AssertionError(log + ": no image for " + line));
                    assertEquals(base, img.loadAddress(), log + ": " + line);
                    seen++;
                }
            }
        }
        // Our two logs (4 such lines) and Corretto 21 on aarch64 (4); macOS and JDK 8 logs describe registers otherwise.
        assertEquals(8, seen);
    }

    @Test
    void ourNativeCrash() throws Exception {
        ParsedReport p = ReportFormats.standard().read(TestData.file("hserr/hs_err-native.log"));
        CrashReport m = p.model();
        var crash = m.crash().orElseThrow();
        assertEquals(Optional.of("SIGSEGV"), crash.signal());
        assertEquals(Optional.of("SEGV_MAPERR"), crash.code());
        assertEquals(0x1cL, crash.address().orElseThrow()); // 16 + 3 ints: the store in poke()
        ThreadTrace t = m.threads().get(0);
        assertEquals(Optional.of("main"), t.name());
        assertEquals(crash.thread().orElseThrow(), t.id());
        assertEquals("fault_at", p.document().presetSymbol(0, 0).orElseThrow().name());
        // "J 6  HsErrCrash.touch(J)I (0 bytes) @ 0x... [0x...+0x...bc]": the native method's compiled wrapper.
        assertEquals("HsErrCrash.touch(J)I", p.document().presetSymbol(0, 4).orElseThrow().name());
        assertEquals(Optional.of("HsErrCrash.touch(J)I"), t.frames().get(4).reported().orElseThrow().symbol());
        assertEquals(0xbcL, t.frames().get(4).reported().orElseThrow().offset().orElseThrow());
        assertEquals(Optional.of("HsErrCrash"), m.process().name());
        assertTrue(p.document().registers(0).containsKey("RIP"));
        assertEquals(List.of(), p.document().notes());
    }

    @Test
    void aFrameWhoseLibraryIsNotMappedStaysUnplacedWithANote() throws Exception {
        String log = "#\n# A fatal error has been detected by the Java Runtime Environment:\n#\n"
                + "#  SIGSEGV (0xb) at pc=0x00007f0000001100, pid=1, tid=2\n#\n\n"
                + "Native frames: (J=compiled Java code, j=interpreted, Vv=VM code, C=native code)\n"
                + "C  [libgone.so+0x1100]  gone+0x0\n"
                + "C  [libhere.so+0x20]\n"
                + "C  0x00007f0000002345\n\n"
                + "Dynamic libraries:\n"
                + "7f0000002000-7f0000003000 r-xp 00000000 08:01 12   /opt/libhere.so\n\n";
        ParsedReport p = ReportFormats.standard().read("x.log", log.getBytes(StandardCharsets.US_ASCII));
        List<Frame> frames = p.model().threads().get(0).frames();
        assertEquals(3, frames.size());
        assertEquals(HsErrModel.NOWHERE, frames.get(0).address());
        assertEquals(Optional.of("libgone.so"), frames.get(0).reported().orElseThrow().image());
        assertEquals(0x7f0000002020L, frames.get(1).address());
        assertEquals(0x7f0000002345L, frames.get(2).address());
        assertEquals(List.of("frame 0: libgone.so is not in Dynamic libraries, kept as libgone.so+0x1100"),
                p.document().notes());
    }

    @Test
    void windowsLinesNameTheirLibraryAfterTheLastBackslash() throws Exception {
        String log = "#\r\n# A fatal error has been detected by the Java Runtime Environment:\r\n#\r\n"
                + "#  EXCEPTION_ACCESS_VIOLATION (0xc0000005) at pc=0x00007ffb1c0a1234, pid=4040, tid=3912\r\n"
                + "# Java VM: OpenJDK 64-Bit Server VM (17.0.2+8, mixed mode, windows-amd64)\r\n\r\n"
                + "Native frames: (J=compiled Java code, j=interpreted, Vv=VM code, C=native code)\r\n"
                + "C  [gdx-bullet64.dll+0x1234]\r\n"
                + "V  [jvm.dll+0x5678]  JVM_Foo+0x10\r\n\r\n"
                + "Dynamic libraries:\r\n"
                + "0x00007ffb1c0a0000 - 0x00007ffb1c2a0000 \tC:\\Users\\me\\gdx-bullet64.dll\r\n"
                + "0x00007ffb10000000 - 0x00007ffb11000000 \tC:\\Program Files\\Java\\bin\\server\\jvm.dll\r\n\r\n";
        ParsedReport p = ReportFormats.standard().read("win.log", log.getBytes(StandardCharsets.US_ASCII));
        assertEquals(List.of("gdx-bullet64.dll", "jvm.dll"), p.model().images().stream().map(Image::name).toList());
        assertEquals(0x00007ffb1c0a1234L, p.model().threads().get(0).frames().get(0).address());
        assertEquals(0x00007ffb10005678L, p.model().threads().get(0).frames().get(1).address());
        assertEquals(0x200000L, p.model().images().get(0).size().orElseThrow());
        assertEquals("JVM_Foo", p.document().presetSymbol(0, 1).orElseThrow().name());
        assertEquals(Optional.of("x86_64"), p.model().process().arch().map(a -> a.label()));
    }

    @Test
    void librariesLoadedByTheirSonameAreFoundUnderTheirFileName() throws Exception {
        String log = "#\n# A fatal error has been detected by the Java Runtime Environment:\n#\n"
                + "#  SIGSEGV (0xb) at pc=0x00007f0000021234, pid=1, tid=2\n#\n\n"
                + "Native frames: (J=compiled Java code, j=interpreted, Vv=VM code, C=native code)\n"
                + "C  [libgone.so.1+0x1234]  faulting+0x0\n"
                + "C  [libstdc++.so.6+0x20]  a+0x0\n"
                + "C  [libpthread.so.0+0x30]  b+0x0\n"
                + "C  [libdup.so.1+0x40]  c+0x0\n\n"
                + "Dynamic libraries:\n"
                + "7f0000002000-7f0000003000 r-xp 00000000 08:01 1   /usr/lib/libstdc++.so.6.0.30\n"
                + "7f0000004000-7f0000005000 r-xp 00000000 08:01 2   /usr/lib/libpthread-2.31.so\n"
                + "7f0000006000-7f0000007000 r-xp 00000000 08:01 3   /usr/lib/libdup.so.1.0\n"
                + "7f0000008000-7f0000009000 r-xp 00000000 08:01 4   /opt/libdup.so.1.2\n"
                + "7f0000020000-7f0000022000 r-xp 00000000 08:01 5   /opt/libreal.so\n\n";
        ParsedReport p = ReportFormats.standard().read("soname.log", log.getBytes(StandardCharsets.US_ASCII));
        List<Frame> frames = p.model().threads().get(0).frames();
        assertEquals(0x7f0000021234L, frames.get(0).address()); // the banner's pc, at 0x1234 in libreal.so
        assertEquals(0x7f0000002020L, frames.get(1).address());
        assertEquals(0x7f0000004030L, frames.get(2).address());
        assertEquals(HsErrModel.NOWHERE, frames.get(3).address()); // two files could be libdup.so.1
        assertEquals(List.of("frame 3: libdup.so.1 is not in Dynamic libraries, kept as libdup.so.1+0x40"),
                p.document().notes());
    }

    /** {@code pc=0x...} of the banner. */
    private static Optional<Long> bannerPc(List<String> lines) {
        for (String l : lines) {
            Matcher m = Pattern.compile("^#.* at pc=0x([0-9a-f]+),").matcher(l);
            if (m.find()) {
                return Optional.of(Long.parseUnsignedLong(m.group(1), 16));
            }
        }
        return Optional.empty();
    }

    /**
     * The mapped file a frame's library name stands for: the same name, else the one file that is that name
     * plus a version ({@code libstdc++.so.6} is {@code libstdc++.so.6.0.30}, {@code libpthread.so.0} is
     * {@code libpthread-2.31.so}: HotSpot prints the name a library was loaded by, the map the file).
     */
    private static Optional<String> loadedAs(String library, Map<String, Long> bases) {
        if (bases.containsKey(library)) {
            return Optional.of(library);
        }
        String stem = library.contains(".so") ? library.substring(0, library.indexOf(".so")) : library;
        List<String> candidates = bases.keySet().stream()
                .filter(n -> n.startsWith(library + ".") || n.matches(Pattern.quote(stem) + "-[0-9.]+\\.so")).toList();
        return candidates.size() == 1 ? Optional.of(candidates.get(0)) : Optional.empty();
    }

    /** The frame lines right after {@code heading} (every line up to the first that is none). */
    private static List<String> section(List<String> lines, String heading) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).startsWith(heading)) {
                for (int j = i + 1; j < lines.size() && FRAME_LINE.matcher(lines.get(j)).matches(); j++) {
                    out.add(lines.get(j));
                }
                return out;
            }
        }
        return out;
    }

    /** Each file name's lowest start among the executable files of {@code Dynamic libraries:}. */
    private static Map<String, Long> bases(List<String> lines) {
        Map<String, Long> lowest = new HashMap<>();
        Map<String, Boolean> exec = new HashMap<>();
        boolean on = false;
        for (String l : lines) {
            if (l.startsWith("Dynamic libraries:")) {
                on = true;
                continue;
            }
            if (!on) {
                continue;
            }
            if (l.isEmpty()) {
                break;
            }
            Matcher lm = LINUX_MAP.matcher(l);
            Matcher mm = MAC_MAP.matcher(l);
            String path;
            long start;
            boolean x;
            if (lm.matches()) {
                path = lm.group(3).strip();
                start = Long.parseUnsignedLong(lm.group(1), 16);
                x = lm.group(2).charAt(2) == 'x';
            } else if (mm.matches()) {
                path = mm.group(2).strip();
                start = Long.parseUnsignedLong(mm.group(1), 16);
                x = true;
            } else {
                continue;
            }
            String name = path.substring(path.lastIndexOf('/') + 1);
            // The first path with this file name is the one frames are placed in.
            String key = name + "\u0000" + path;
            lowest.merge(key, start, (a, b) -> Long.compareUnsigned(a, b) <= 0 ? a : b);
            exec.merge(key, x, Boolean::logicalOr);
        }
        Map<String, Long> out = new HashMap<>();
        for (var e : lowest.entrySet()) {
            String name = e.getKey().substring(0, e.getKey().indexOf('\u0000'));
            if (exec.get(e.getKey())) {
                out.putIfAbsent(name, e.getValue());
            }
        }
        return out;
    }
}
