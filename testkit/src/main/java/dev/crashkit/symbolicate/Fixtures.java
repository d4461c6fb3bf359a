package dev.crashkit.symbolicate;

import dev.crashkit.testkit.TestData;
import java.nio.file.Path;

/** Paths of test inputs (through {@link TestData}); a missing fixture fails the test instead of skipping it. */
public final class Fixtures {
    private Fixtures() {
    }

    /** A file under the repository's {@code testdata/}. */
    public static Path testdata(String relative) {
        return TestData.file(relative);
    }

    /** A file under the committed third-party fixtures ({@code testdata/third-party/}). */
    public static Path corpus(String relative) {
        return TestData.thirdParty(relative);
    }
}
