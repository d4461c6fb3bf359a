package dev.crashkit.spark;

import dev.crashkit.testkit.TestData;
import java.nio.file.Path;

/** Test inputs, through the project's one test-data locator (a missing file fails the test). */
final class TestFiles {
    private TestFiles() {
    }

    /** A file under the repository's {@code testdata/}. */
    static Path testdata(String relative) {
        return TestData.file(relative);
    }

    /** The Sentry CrashProbe reports and their dSYMs (third-party corpus in the repository). */
    static Path crashProbe() {
        return TestData.thirdParty("sentry-crashprobe");
    }
}
