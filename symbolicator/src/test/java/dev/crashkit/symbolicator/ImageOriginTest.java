package dev.crashkit.symbolicator;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.crashkit.core.model.Image;
import dev.crashkit.testkit.TestData;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * {@link ImageOrigin} on real reports: Sentry events from an iOS app (CrashProbe), Apple .crash reports
 * from iOS and macOS (getsentry/apple-crash-report-parser), an .ips, and HotSpot logs (Linux and macOS JDKs).
 * The expected origin of each image is read off its path in the report (its bundle, or Apple's, the
 * distribution's or the JDK's folder).
 */
class ImageOriginTest {

    private static Map<String, ImageOrigin> origins(Path file) throws Exception {
        Report r = Report.read(file, InputLimits.defaults());
        Map<String, ImageOrigin> out = new LinkedHashMap<>();
        for (Image i : r.model().images()) {
            out.put(i.name(), ImageOrigin.of(i, r.model().process().name()));
        }
        return out;
    }

    @Test
    void anIosAppsImagesAreItsBundlesAndApplesAreTheSystems() throws Exception {
        Map<String, ImageOrigin> o = origins(TestData.thirdParty("sentry-crashprobe/release-arm64/Call abort().json"));
        assertEquals(ImageOrigin.APP, o.get("CrashProbeiOS"), o.toString());
        assertEquals(ImageOrigin.APP, o.get("CrashLibiOS"), o.toString());
        assertEquals(ImageOrigin.SYSTEM, o.get("UIKit"), o.toString());
        assertEquals(ImageOrigin.SYSTEM, o.get("libdyld.dylib"), o.toString());
        assertEquals(ImageOrigin.SYSTEM, o.get("libsystem_kernel.dylib"), o.toString());
        // Every image of this report is under the app's bundle or one of Apple's folders.
        assertEquals(0, o.values().stream().filter(v -> v == ImageOrigin.UNKNOWN).count(), o.toString());
    }

    @Test
    void appleCrashReportsImagesByTheirPaths() throws Exception {
        Map<String, ImageOrigin> ios = origins(TestData.thirdParty("apple-crash-report-parser/fixtures/spaces.txt"));
        assertEquals(ImageOrigin.APP, ios.get("App Namespace"), ios.toString());
        assertEquals(ImageOrigin.APP, ios.get("SomeNet"), ios.toString());
        assertEquals(ImageOrigin.SYSTEM, ios.get("libc++.1.dylib"), ios.toString());
        assertEquals(ImageOrigin.SYSTEM, ios.get("Foundation"), ios.toString());
        // A macOS .crash names its images by bundle id.
        Map<String, ImageOrigin> mac = origins(TestData.thirdParty("apple-crash-report-parser/fixtures/XCDYouTubeKit-54.txt"));
        assertEquals(ImageOrigin.APP, mac.get("com.AlphaSoft.iTubeDownloader"), "XCDYouTubeKit-54");
        assertEquals(ImageOrigin.APP, mac.get("org.andymatuschak.Sparkle"), "XCDYouTubeKit-54");
        assertEquals(ImageOrigin.SYSTEM, mac.get("com.apple.CoreGraphics"), "XCDYouTubeKit-54");
        assertEquals(ImageOrigin.SYSTEM, mac.get("libCSync.A.dylib"), "XCDYouTubeKit-54");
    }

    @Test
    void anIpsReportsImages() throws Exception {
        Map<String, ImageOrigin> o = origins(TestData.file("reports/apple/ios-arm64.ips"));
        assertEquals(ImageOrigin.APP, o.get("App"), o.toString());
        assertEquals(ImageOrigin.SYSTEM, o.get("libsystem_kernel.dylib"), o.toString());
    }

    @Test
    void theJdksLibrariesAreTheSystemsWhereverTheJdkIs() throws Exception {
        Map<String, ImageOrigin> linux = origins(TestData.thirdParty("dd-trace-java/sample-crash-linux-aarch64.txt"));
        assertEquals(ImageOrigin.SYSTEM, linux.get("libjvm.so"), linux.toString());
        assertEquals(ImageOrigin.SYSTEM, linux.get("libnet.so"), linux.toString());
        Map<String, ImageOrigin> mac = origins(TestData.thirdParty("dd-trace-java/sample-crash-macos-aarch64.txt"));
        // Under a JDK installed in the user's home (mise): by its lib/server/ folder and its name.
        assertEquals(ImageOrigin.SYSTEM, mac.get("libjvm.dylib"), "XCDYouTubeKit-54");
        assertEquals(ImageOrigin.SYSTEM, mac.get("libjli.dylib"), "XCDYouTubeKit-54");
    }

    @Test
    void jnasDispatchLibraryIsNotTheApps() {
        Image extracted = new Image("jna3719573868151466006.tmp", Optional.of("/tmp/jna--1968138066/jna3719573868151466006.tmp"),
                Optional.empty(), Optional.empty(), 0x7f0000000000L, java.util.OptionalLong.empty(), java.util.OptionalLong.empty());
        assertEquals(ImageOrigin.SYSTEM, ImageOrigin.of(extracted, Optional.of("java")));
        Image app = new Image("libnative.so", Optional.of("/opt/app/lib/libnative.so"), Optional.empty(), Optional.empty(),
                0x7f0000000000L, java.util.OptionalLong.empty(), java.util.OptionalLong.empty());
        assertEquals(ImageOrigin.UNKNOWN, ImageOrigin.of(app, Optional.of("java")), "neither the system's nor a bundle's");
    }
}
