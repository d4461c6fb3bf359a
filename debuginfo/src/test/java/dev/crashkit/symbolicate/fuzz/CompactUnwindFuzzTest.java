package dev.crashkit.symbolicate.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.crashkit.core.ObjectFormatException;
import dev.crashkit.symbolicate.format.macho.unwind.CompactEncoding;
import dev.crashkit.symbolicate.format.macho.unwind.CompactUnwindInfo;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.List;

/**
 * Apple compact unwind: the input is a {@code __TEXT,__unwind_info} section's bytes (seeds: the
 * sections of testdata/compact-unwind's dylibs and damaged copies, debuginfo/src/test/fuzz/make_unwind_info_seeds.py).
 * {@code CompactUnwindInfo.parse}, the listing of every entry, lookups at each entry's ends and at 16
 * offsets spread over the index, and the decoding of every encoding for arm64 and x86-64. Only an
 * {@link ObjectFormatException} naming the input may escape; entries must come out sorted, each
 * found again by a lookup at its start.
 */
class CompactUnwindFuzzTest {
    /** The entry list (at most one 32-byte entry per 4 input bytes) and the input's copy. */
    private static final FuzzContract.Budget BUDGET = new FuzzContract.Budget(4L << 20, 256);
    private static final Path NAME = Path.of("fuzz-input");

    @FuzzTest
    void section(byte[] input) {
        FuzzContract.check(input.length, BUDGET, ObjectFormatException.class, () -> {
            try {
                CompactUnwindInfo info = CompactUnwindInfo.parse(NAME, ByteBuffer.wrap(input));
                for (long at = 0; at < 1L << 32; at += 1L << 28) {
                    info.find(at);
                }
                List<CompactUnwindInfo.Entry> entries = info.entries();
                for (int i = 0; i < entries.size(); i++) {
                    CompactUnwindInfo.Entry e = entries.get(i);
                    if (i > 0 && e.functionOffset() < entries.get(i - 1).functionOffset()) {
                        FuzzContract.fail("entry " + i + " out of order");
                    }
                    CompactEncoding.arm64(e.encoding());
                    CompactEncoding.x86_64(e.encoding());
                    if (i < 64 && e.end() > e.functionOffset() && info.find(e.functionOffset()).isEmpty()) {
                        FuzzContract.fail("entry " + i + " not found at its start");
                    }
                }
            } catch (ObjectFormatException e) {
                FuzzContract.requireNamed(e, NAME.toString());
                throw e;
            }
        });
    }
}
