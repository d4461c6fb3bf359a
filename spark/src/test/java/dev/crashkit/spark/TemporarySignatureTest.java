package dev.crashkit.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class TemporarySignatureTest {

    private static SignatureInput.Frame app(String symbol) {
        return new SignatureInput.Frame(Optional.of("App"), Optional.of("/var/containers/Bundle/Application/X/App.app/App"),
                Optional.of(symbol), Optional.empty());
    }

    private static SignatureInput.Frame system(String symbol) {
        return new SignatureInput.Frame(Optional.of("libsystem_kernel.dylib"),
                Optional.of("/usr/lib/system/libsystem_kernel.dylib"), Optional.of(symbol), Optional.empty());
    }

    private static String sha16(String text) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)))
                .substring(0, 16);
    }

    @Test
    void typeAndTopFiveAppFramesSkippingSystemAndCaptureFrames() throws Exception {
        SignatureInput in = new SignatureInput(Optional.of("SIGSEGV"), List.of(system("__pthread_kill"),
                app("kscrash_monitor"), app("a()"), app("b()"),
                new SignatureInput.Frame(Optional.of("App"), Optional.empty(), Optional.empty(), Optional.of(0x1f2cL)),
                app("d()"), app("e()"), app("f()")));
        assertEquals(sha16("SIGSEGV\na()\nb()\nApp+0x1f2c\nd()\ne()"), TemporarySignature.of(in));
    }

    @Test
    void differentTypeDifferentSignature() {
        List<SignatureInput.Frame> frames = List.of(app("a()"));
        assertNotEquals(TemporarySignature.of(new SignatureInput(Optional.of("SIGSEGV"), frames)),
                TemporarySignature.of(new SignatureInput(Optional.of("SIGABRT"), frames)));
    }
}
