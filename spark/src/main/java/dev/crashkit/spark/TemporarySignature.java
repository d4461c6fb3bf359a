package dev.crashkit.spark;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * TEMPORARY ADAPTER: the grouping rule of the ingest server, written here until
 * {@code dev.crashkit.symbolicate.group.CrashSignature} (owned by the server work) is on main;
 * then {@link Symbolicator} calls that class and this file and {@link SignatureInput} go.
 *
 * <p>The rule: the exception type or signal, then up to 5 of the crashed thread's top frames that
 * lie in the app's own images (system images and the crash reporter's own capture frames are
 * skipped), each as its function name without offset, or {@code image+0xoffset} when it has no
 * name; the signature is the first 16 hex digits of the SHA-256 of those lines.
 */
final class TemporarySignature {
    private static final int FRAMES = 5;
    private static final List<String> SYSTEM_PREFIXES = List.of("/System/", "/usr/lib/", "/usr/libexec/",
            "/Library/Apple/", "/private/preboot/", "/Developer/", "/lib/", "/lib64/", "/usr/lib64/", "/apex/",
            "/system/");
    private static final List<String> CAPTURE_PREFIXES = List.of("kscrash", "ksmach", "kscm_", "sentrycrash",
            "plcrash", "dev.crashkit.capture");

    private TemporarySignature() {
    }

    static String of(SignatureInput input) {
        List<String> lines = new ArrayList<>();
        lines.add(input.type().orElse("unknown"));
        for (SignatureInput.Frame f : input.frames()) {
            if (lines.size() > FRAMES) {
                break;
            }
            if (f.imagePath().map(TemporarySignature::isSystemPath).orElse(false) || isCapture(f)) {
                continue;
            }
            if (f.symbol().isPresent()) {
                lines.add(f.symbol().get());
            } else if (f.image().isPresent() && f.imageOffset().isPresent()) {
                lines.add(f.image().get() + "+0x" + Long.toHexString(f.imageOffset().get()));
            }
        }
        return sha256Prefix(String.join("\n", lines));
    }

    private static boolean isSystemPath(String path) {
        return SYSTEM_PREFIXES.stream().anyMatch(path::startsWith);
    }

    private static boolean isCapture(SignatureInput.Frame f) {
        String name = f.symbol().orElse("").toLowerCase(Locale.ROOT);
        return CAPTURE_PREFIXES.stream().anyMatch(name::startsWith);
    }

    private static String sha256Prefix(String text) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest).substring(0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required in every JVM", e);
        }
    }
}
