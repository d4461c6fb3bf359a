package dev.crashkit.capture.linux;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.crashkit.capture.report.LoadedImage;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import org.junit.jupiter.api.Test;

class ProgramHeadersTest {

    /** Fuzz finding 512-note-segments-of-64k: each PT_NOTE without a build-id was read in full, 32 MB in all. */
    @Test
    void manyNoteSegmentsWithoutBuildIdReadAtMost64KbInAll() {
        int phnum = 512;
        ByteBuffer phdrs = ByteBuffer.allocate(phnum * ProgramHeaders.PHDR_SIZE).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < phnum; i++) {
            phdrs.putInt(4).putInt(4).putLong(0).putLong(0x1000L * i).putLong(0).putLong(0x10000).putLong(0x10000)
                    .putLong(4);
        }
        long[] requested = {0};
        LoadedImage image = ProgramHeaders.image("many-notes", 0x7f00_0000_0000L, phdrs.array(),
                (address, dst, off, len) -> {
                    requested[0] += len;
                    return 0;
                });
        assertTrue(image.buildId().isEmpty());
        assertTrue(requested[0] <= 64 * 1024, "note bytes requested: " + requested[0]);
    }
}
