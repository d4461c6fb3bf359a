package dev.crashkit.capture;

import dev.crashkit.testkit.TestData;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Builds the C fixture (capture/src/test/c/nested.c) with gcc and reads its function ranges with
 * binutils' {@code nm -S}: the oracle for which function a captured address falls in.
 */
final class NativeFixture {
    static final Path SOURCE = TestData.repoFile("capture/src/test/c/nested.c");
    static final Path DIR = Path.of(System.getProperty("capture.target", "capture/target"), "fixture");
    /** No frame pointers: frames through our code are only recoverable with CFI. */
    private static final List<String> FLAGS = List.of("-O2", "-g", "-fomit-frame-pointer",
            "-fno-optimize-sibling-calls", "-fno-inline", "-Wl,--build-id", "-pthread");

    record Function(String name, long start, long size) {
        boolean contains(long address) {
            return Long.compareUnsigned(address - start, size) < 0;
        }
    }

    private NativeFixture() {
    }

    static synchronized Path sharedLibrary() throws IOException, InterruptedException {
        Path out = DIR.resolve("libcknested.so").toAbsolutePath();
        build(out, List.of("-shared", "-fPIC"));
        return out;
    }

    static synchronized Path program() throws IOException, InterruptedException {
        return program(Unwind.CFI);
    }

    /** How the fixture's own code can be unwound: the flags that leave only that way open. */
    enum Unwind {
        /** No frame pointers, CFI present: the default build. */
        CFI(List.of()),
        /** Frame pointers, no CFI at all. */
        FP(List.of("-fno-omit-frame-pointer", "-fno-asynchronous-unwind-tables", "-fno-unwind-tables")),
        /** Neither: only a stack scan finds the return addresses. */
        SCAN(List.of("-fno-asynchronous-unwind-tables", "-fno-unwind-tables"));

        final List<String> flags;

        Unwind(List<String> flags) {
            this.flags = flags;
        }
    }

    static synchronized Path program(Unwind how) throws IOException, InterruptedException {
        Path out = DIR.resolve(how == Unwind.CFI ? "cknested" : "cknested-" + how.name().toLowerCase(
                java.util.Locale.ROOT)).toAbsolutePath();
        List<String> flags = new ArrayList<>(List.of("-DCK_MAIN"));
        // Later flags win over FLAGS' -fomit-frame-pointer.
        flags.addAll(how.flags);
        build(out, flags);
        return out;
    }

    /** capture/src/test/c/gaptarget.c: a process that logs its own pauses (see {@link GapFixture}). */
    static synchronized Path gapTarget() throws IOException, InterruptedException {
        Path src = TestData.repoFile("capture/src/test/c/gaptarget.c");
        Path out = DIR.resolve("gaptarget").toAbsolutePath();
        if (Files.exists(out) && Files.getLastModifiedTime(out).compareTo(Files.getLastModifiedTime(src)) > 0) {
            return out;
        }
        Files.createDirectories(DIR);
        run(List.of("gcc", "-O2", "-pthread", "-o", out.toString(), src.toAbsolutePath().toString()));
        return out;
    }

    private static void build(Path out, List<String> extra) throws IOException, InterruptedException {
        if (Files.exists(out) && Files.getLastModifiedTime(out).compareTo(Files.getLastModifiedTime(SOURCE)) > 0) {
            return;
        }
        Files.createDirectories(DIR);
        List<String> cmd = new ArrayList<>(List.of("gcc"));
        cmd.addAll(FLAGS);
        cmd.addAll(extra);
        cmd.addAll(List.of("-o", out.toString(), SOURCE.toAbsolutePath().toString()));
        run(cmd);
    }

    /** Our {@code ck_*} functions with their link-time ranges, per {@code nm -S --defined-only}. */
    static List<Function> functions(Path binary) throws IOException, InterruptedException {
        List<Function> out = new ArrayList<>();
        for (String line : run(List.of("nm", "-S", "--defined-only", binary.toString())).split("\n")) {
            String[] f = line.trim().split("\\s+");
            if (f.length == 4 && f[3].startsWith("ck_") && "tT".contains(f[2])) {
                out.add(new Function(f[3], Long.parseUnsignedLong(f[0], 16), Long.parseUnsignedLong(f[1], 16)));
            }
        }
        return out;
    }

    /** The GNU build-id as binutils' readelf prints it (lower-case hex). */
    static String buildId(Path binary) throws IOException, InterruptedException {
        for (String line : run(List.of("readelf", "-n", binary.toString())).split("\n")) {
            String l = line.strip();
            if (l.startsWith("Build ID:")) {
                return l.substring("Build ID:".length()).strip();
            }
        }
        throw new IOException(binary + " has no build-id note");
    }

    static Optional<String> functionAt(List<Function> fns, long linkAddress) {
        return fns.stream().filter(f -> f.contains(linkAddress)).map(Function::name).findFirst();
    }

    static String run(List<String> cmd) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IOException(String.join(" ", cmd) + " failed: " + text);
        }
        return text;
    }

    /** The chains every fixture thread must show, innermost first, by thread kind. */
    static List<String> expectedChain(String waitFunction) {
        return List.of(waitFunction, "ck_level3", "ck_level2", "ck_level1", "ck_thread_main");
    }
}
