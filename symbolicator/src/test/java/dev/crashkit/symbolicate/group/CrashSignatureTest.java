package dev.crashkit.symbolicate.group;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.crashkit.symbolicate.Fixtures;
import dev.crashkit.symbolicate.demangle.DemangleStyle;
import dev.crashkit.core.model.CrashReport;
import dev.crashkit.core.model.Frame;
import dev.crashkit.core.model.Image;
import dev.crashkit.core.model.ThreadTrace;
import dev.crashkit.symbolicate.formats.ReportFormats;
import dev.crashkit.symbolicate.locate.DebugFileIndex;
import dev.crashkit.symbolicate.symbolize.ModuleCache;
import dev.crashkit.symbolicate.symbolize.SymbolicatedReport;
import dev.crashkit.symbolicate.symbolize.Symbolizer;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class CrashSignatureTest {
    private static final Symbolizer WITH_DSYMS = symbolizer(true);
    private static final Symbolizer WITHOUT = symbolizer(false);

    private static Symbolizer symbolizer(boolean dsyms) {
        try {
            DebugFileIndex index = dsyms ? DebugFileIndex.scan(List.of(Fixtures.testdata("macho")), m -> { })
                    : DebugFileIndex.empty();
            return new Symbolizer(new ModuleCache(index), Optional.of(DemangleStyle.SIMPLIFIED));
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    private static CrashReport read(String path) throws Exception {
        return ReportFormats.standard().read(Fixtures.testdata(path)).model();
    }

    @Test
    void appFramesOfTheCrashedThreadWithoutSystemImages() throws Exception {
        CrashSignature s = CrashSignature.of(WITH_DSYMS.symbolicate(read("reports/sample-crash.json")));
        // Thread 0 (crashed): ck_crash_null, ck_dispatch, main in App; dyld's frame is a system frame.
        assertEquals(List.of("ck_crash_null", "ck_dispatch", "main"), s.frames());
        assertEquals("SIGSEGV", s.exception());
        assertEquals("SIGSEGV in ck_crash_null", s.title());
        assertTrue(s.id().matches("[0-9a-f]{16}"), s.id());
    }

    @Test
    void theSameCrashReadFromIpsAndCrashTextGroupsWithTheJsonReport() throws Exception {
        CrashSignature json = CrashSignature.of(WITH_DSYMS.symbolicate(read("reports/sample-crash.json")));
        CrashSignature ips = CrashSignature.of(WITH_DSYMS.symbolicate(read("reports/apple/sample-crash.ips")));
        CrashSignature text = CrashSignature.of(WITH_DSYMS.symbolicate(read("reports/apple/sample-crash.crash")));
        assertEquals("EXC_BAD_ACCESS / SIGSEGV", ips.exception());
        assertEquals("EXC_BAD_ACCESS / SIGSEGV in ck_crash_null", ips.title());
        assertEquals(json.id(), ips.id());
        assertEquals(json.id(), text.id());
    }

    @Test
    void aDifferentSlideGivesTheSameGroupWithAndWithoutDebugFiles() throws Exception {
        CrashReport r = read("reports/sample-crash.json");
        CrashReport moved = slid(r, 0x7340000L);
        assertEquals(CrashSignature.of(WITH_DSYMS.symbolicate(r)), CrashSignature.of(WITH_DSYMS.symbolicate(moved)));
        CrashSignature raw = CrashSignature.of(WITHOUT.symbolicate(r));
        assertEquals(raw, CrashSignature.of(WITHOUT.symbolicate(moved)));
        // No names: the top frames as image+offset, dyld included (fallback takes any image).
        assertEquals(List.of("App+0x880", "App+0xa8c", "App+0x9e8", "dyld+0x5a3c"), raw.frames());
        assertNotEquals(raw.id(), CrashSignature.of(WITH_DSYMS.symbolicate(r)).id());
    }

    /**
     * Two real captures (testdata/reports/native-crash/build.sh): a JVM dies of SIGSEGV in a JNA-called
     * library, recorded by {@code capture --pid} under -XX:OnError; once with the library built by gcc -O2,
     * once by clang -O1 (other code, other build-id), each run at its own ASLR slide. One group.
     */
    @Test
    void theSameNativeCrashFromTwoBuildsAtDifferentSlidesIsOneGroup() throws Exception {
        DebugFileIndex index = DebugFileIndex.scan(List.of(Fixtures.testdata("reports/native-crash")), m -> { });
        Symbolizer s = new Symbolizer(new ModuleCache(index), Optional.of(DemangleStyle.SIMPLIFIED));
        CrashReport gcc = read("reports/native-crash/report-gcc.json");
        CrashReport clang = read("reports/native-crash/report-clang.json");
        long gccLoad = gcc.images().stream().filter(i -> i.name().startsWith("libcrashy")).findFirst().orElseThrow()
                .loadAddress();
        long clangLoad = clang.images().stream().filter(i -> i.name().startsWith("libcrashy")).findFirst().orElseThrow()
                .loadAddress();
        assertNotEquals(gccLoad, clangLoad, "the two runs had different slides");
        CrashSignature a = CrashSignature.of(s.symbolicate(gcc));
        CrashSignature b = CrashSignature.of(s.symbolicate(clang));
        // libc, libjvm (under /usr/lib) and the JIT's anonymous code are skipped; the library's functions stay.
        assertEquals(List.of("crashy_fault", "crashy_level1", "crashy_level2"), a.frames());
        assertEquals(a, b);
        // Without any debug file the fallback takes the top frames as image+offset: here the helper's wait in
        // libc and the JVM's error reporting, the same code in both runs whatever the slide.
        CrashSignature rawA = CrashSignature.of(WITHOUT.symbolicate(gcc));
        CrashSignature rawB = CrashSignature.of(WITHOUT.symbolicate(clang));
        assertTrue(rawA.frames().get(0).startsWith("libc.so.6+0x"), rawA.frames().toString());
        assertEquals(rawA, rawB);
        assertNotEquals(a.id(), rawA.id());
    }

    @Test
    void otherThreadsDoNotMatter() throws Exception {
        CrashReport r = read("reports/sample-crash.json");
        CrashReport onlyCrashed = new CrashReport(r.process(), r.crash(), r.images(),
                r.threads().stream().filter(ThreadTrace::crashed).toList());
        assertEquals(CrashSignature.of(WITH_DSYMS.symbolicate(r)).id(),
                CrashSignature.of(WITH_DSYMS.symbolicate(onlyCrashed)).id());
    }

    @Test
    void aJavaExceptionGroupsByClassAndAppFramesSkippingJdkAndCapture() throws Exception {
        SymbolicatedReport any = WITHOUT.symbolicate(read("reports/sample-crash.json"));
        String trace = "java.lang.IllegalStateException: order 42 is gone\n"
                + "\tat java.base/java.util.Objects.requireNonNull(Objects.java:259)\n"
                + "\tat dev.crashkit.capture.Capture$Installation.lambda$hook$0(Capture.java:70)\n"
                + "\tat app//com.example.shop.Cart.remove(Cart.java:17)\n"
                + "\tat app//com.example.shop.Main.main(Main.java:9)\n"
                + "Caused by: java.io.IOException: disk\n"
                + "\tat app//com.example.shop.Store.load(Store.java:3)\n";
        CrashSignature s = CrashSignature.of(any, Optional.of(trace));
        assertEquals("java.lang.IllegalStateException", s.exception());
        assertEquals(List.of("com.example.shop.Cart.remove", "com.example.shop.Main.main"), s.frames());
        assertEquals("java.lang.IllegalStateException in com.example.shop.Cart.remove", s.title());
        // Another message, other line numbers: the same group.
        String again = trace.replace("order 42", "order 7").replace("Cart.java:17", "Cart.java:19");
        assertEquals(s.id(), CrashSignature.of(any, Optional.of(again)).id());
    }

    @Test
    void exceptionTexts() {
        assertEquals("SIGSEGV", CrashSignature.hashedException("EXC_BAD_ACCESS / SIGSEGV"));
        assertEquals("EXC_GUARD", CrashSignature.hashedException("EXC_GUARD"));
        assertEquals("java.lang.Error", CrashSignature.exception(Optional.of(new dev.crashkit.core.model.CrashInfo(
                Optional.empty(), Optional.empty(), OptionalLong.empty(), OptionalLong.empty(),
                Optional.of("uncaught java.lang.Error: boom")))));
        assertEquals("unknown", CrashSignature.exception(Optional.empty()));
    }

    @Test
    void systemAndCaptureImages() {
        assertTrue(AppImages.isSystem(image("libsystem_kernel.dylib", "/usr/lib/system/libsystem_kernel.dylib")));
        assertTrue(AppImages.isSystem(image("UIKitCore", "/System/Library/PrivateFrameworks/UIKitCore")));
        assertTrue(AppImages.isSystem(image("libc.so.6", "/lib/x86_64-linux-gnu/libc.so.6")));
        assertTrue(AppImages.isSystem(new Image("libobjc.A.dylib", Optional.empty(), Optional.empty(),
                Optional.empty(), 0, OptionalLong.empty(), OptionalLong.empty())));
        assertTrue(AppImages.isCapture(image("jna3141592653589793.tmp", "/tmp/jna--1/jna3141592653589793.tmp")));
        assertTrue(AppImages.isApp(image("App", "/private/var/containers/Bundle/Application/X/App.app/App")));
        assertTrue(AppImages.isApp(image("libshapes.so", "/opt/shop/lib/libshapes.so")));
    }

    private static Image image(String name, String path) {
        return new Image(name, Optional.of(path), Optional.empty(), Optional.empty(), 0, OptionalLong.empty(),
                OptionalLong.empty());
    }

    /** The report with the App image (and its frames) loaded {@code delta} bytes higher. */
    private static CrashReport slid(CrashReport r, long delta) {
        Image app = r.images().stream().filter(i -> i.name().equals("App")).findFirst().orElseThrow();
        List<Image> images = new ArrayList<>();
        for (Image i : r.images()) {
            images.add(i != app ? i : new Image(i.name(), i.path(), i.id(), i.arch(), i.loadAddress() + delta,
                    OptionalLong.of(i.slide().orElse(0) + delta), i.size()));
        }
        List<ThreadTrace> threads = new ArrayList<>();
        for (ThreadTrace t : r.threads()) {
            List<Frame> frames = new ArrayList<>();
            for (Frame f : t.frames()) {
                boolean inApp = app.containsBySize(f.address());
                frames.add(new Frame(inApp ? f.address() + delta : f.address(), f.returnAddress(), f.trust()));
            }
            threads.add(t.withFrames(frames));
        }
        return new CrashReport(r.process(), r.crash(), images, threads);
    }
}
