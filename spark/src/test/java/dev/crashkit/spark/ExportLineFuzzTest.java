package dev.crashkit.spark;

import com.code_intelligence.jazzer.junit.DictionaryFile;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.crashkit.testkit.NoThrowFuzzContract;

/**
 * An export line never throws: {@link ExportLine#parse} returns a record, or a failed record whose error
 * is one line naming {@code file:line}; {@link ExportLine#isExportRecord} answers. Both within the CPU and
 * allocation budget (FUZZING.md).
 */
class ExportLineFuzzTest {
    private static final String FILE = "fuzz-input";
    private static final long LINE = 42;
    private static final String SOURCE = FILE + ":" + LINE;

    /** A Jackson tree, a re-encoded report object or decoded base64: tens of bytes per input byte. */
    private static final long FIXED_BYTES = 8L << 20;
    private static final long PER_INPUT_BYTE = 256;

    @DictionaryFile(resourcePath = "/dev/crashkit/spark/export.dict")
    @FuzzTest
    void parse(byte[] input) {
        NoThrowFuzzContract.check(input.length, FIXED_BYTES, PER_INPUT_BYTE, () -> {
            ExportLine.isExportRecord(input);
            InputRecord r = ExportLine.parse(FILE, LINE, input);
            if (r == null || r.id() == null || !SOURCE.equals(r.source()) || r.data() == null) {
                NoThrowFuzzContract.fail("incomplete record: " + r);
            }
            r.error().ifPresent(ExportLineFuzzTest::requireOneLineNamingSource);
        });
    }

    private static void requireOneLineNamingSource(String error) {
        if (error.isBlank() || error.indexOf('\n') >= 0 || error.indexOf('\r') >= 0 || !error.startsWith(SOURCE + ": ")) {
            NoThrowFuzzContract.fail("the error must be one line starting with \"" + SOURCE + ": \", got: \""
                    + error + '"');
        }
    }
}
