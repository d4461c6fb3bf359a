package dev.crashkit.symbolicate.report;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.crashkit.core.ReportException;
import dev.crashkit.symbolicate.formats.ReportFormats;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Truncated and byte-mutated reports (fixed seed, so failures reproduce): every reader either
 * parses or throws a {@link ReportException} whose message is one line naming the input, never
 * another exception, and never hangs.
 */
class ReaderFuzzTest {

    private static final int ROUNDS = 150;

    @ParameterizedTest
    @ValueSource(strings = {
        "apple-crash-report-parser/fixtures/handcrafted.txt",
        "apple-crash-report-parser/fixtures/XCDYouTubeKit-54.txt",
        "symbolicator/apple_crash_report.txt",
        "kscrash/example-reports/Abort.json",
        "sentrycrash/crash-bad-access.json",
        "sentry-crashprobe/release-arm64/Swift.json",
        "plcrashreporter/appcenter/live_report_signal.plcrash",
        "plcrashreporter/fuzz_report.plcrash",
        "plcrashreporter/appcenter/CrashProbeMacOS/macOS_report_abort.plcrash",
        "testdata/reports/ips/synthetic-macos-arm64.ips"})
    void mutatedInputsFailCleanly(String file) throws Exception {
        Path p = file.startsWith("testdata/") ? Path.of(file) : ReportCorpus.path(file);
        assertTrue(Files.isRegularFile(p), "missing " + p);
        byte[] original = Files.readAllBytes(p);
        Random rnd = new Random(0x5EEDL ^ file.hashCode());
        List<byte[]> inputs = new ArrayList<>();
        inputs.add(new byte[0]);
        inputs.add(java.util.Arrays.copyOf(original, Math.min(original.length, 9)));
        for (int i = 0; i < ROUNDS; i++) {
            inputs.add(mutate(original, rnd, i));
        }
        ReportFormats formats = ReportFormats.standard();
        assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
            int rejected = 0;
            for (int i = 0; i < inputs.size(); i++) {
                try {
                    formats.read("fuzz-" + i, inputs.get(i));
                } catch (ReportException e) {
                    rejected++;
                    String msg = e.getMessage();
                    assertTrue(msg.startsWith("fuzz-" + i + ": "), msg);
                    assertFalse(msg.contains("\n"), "one line: " + msg);
                }
            }
            // The text reader is lenient by design (it keeps whatever lines it recognises), so only the
            // empty and near-empty inputs are certain rejections.
            assertTrue(rejected >= 2, "empty and 9-byte inputs must be rejected");
        });
    }

    private static byte[] mutate(byte[] in, Random rnd, int round) {
        switch (round % 4) {
            case 0: { // truncate anywhere
                int n = rnd.nextInt(in.length + 1);
                byte[] out = new byte[n];
                System.arraycopy(in, 0, out, 0, n);
                return out;
            }
            case 1: { // flip a few bytes
                byte[] out = in.clone();
                for (int k = 0; k < 1 + rnd.nextInt(8); k++) {
                    int at = rnd.nextInt(out.length);
                    out[at] = (byte) rnd.nextInt(256);
                }
                return out;
            }
            case 2: { // delete a chunk
                int a = rnd.nextInt(in.length);
                int b = Math.min(in.length, a + 1 + rnd.nextInt(64));
                byte[] out = new byte[in.length - (b - a)];
                System.arraycopy(in, 0, out, 0, a);
                System.arraycopy(in, b, out, a, in.length - b);
                return out;
            }
            default: { // duplicate a chunk (repeated fields, nested lengths)
                int a = rnd.nextInt(in.length);
                int b = Math.min(in.length, a + 1 + rnd.nextInt(64));
                byte[] out = new byte[in.length + (b - a)];
                System.arraycopy(in, 0, out, 0, b);
                System.arraycopy(in, a, out, b, in.length - a);
                return out;
            }
        }
    }
}
