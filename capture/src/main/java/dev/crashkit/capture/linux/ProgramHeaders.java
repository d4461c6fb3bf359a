package dev.crashkit.capture.linux;

import dev.crashkit.capture.report.LoadedImage;
import dev.crashkit.core.unwind.Memory;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Turns an image's in-memory ELF64 program headers into a {@link LoadedImage}: PT_LOAD ranges,
 * the GNU build-id from PT_NOTE and the PT_GNU_EH_FRAME address. These are the loader's runtime
 * structures (what {@code dl_iterate_phdr} hands out), not a parse of the file.
 */
final class ProgramHeaders {
    static final int PHDR_SIZE = 56;
    private static final int PT_LOAD = 1;
    private static final int PT_NOTE = 4;
    private static final int PT_GNU_EH_FRAME = 0x6474e550;
    private static final int NT_GNU_BUILD_ID = 3;
    /** Note bytes read per image, over all its PT_NOTE segments: the headers are the target's, any count may be there. */
    private static final int MAX_NOTE = 64 * 1024;

    private ProgramHeaders() {
    }

    static LoadedImage image(String path, long bias, byte[] phdrs, Memory memory) {
        List<LoadedImage.Segment> loads = new ArrayList<>();
        Optional<byte[]> buildId = Optional.empty();
        OptionalLong ehFrameHdr = OptionalLong.empty();
        long noteBytesLeft = MAX_NOTE;
        for (int at = 0; at + PHDR_SIZE <= phdrs.length; at += PHDR_SIZE) {
            int type = (int) le(phdrs, at, 4);
            int flags = (int) le(phdrs, at + 4, 4);
            long offset = le(phdrs, at + 8, 8);
            long vaddr = le(phdrs, at + 16, 8);
            long memsz = le(phdrs, at + 40, 8);
            if (type == PT_LOAD) {
                loads.add(new LoadedImage.Segment(bias + vaddr, memsz, flags, offset));
            } else if (type == PT_NOTE && buildId.isEmpty() && memsz > 0 && memsz <= noteBytesLeft) {
                noteBytesLeft -= memsz;
                byte[] notes = new byte[(int) memsz];
                int got = memory.read(bias + vaddr, notes, 0, notes.length);
                buildId = buildId(got == notes.length ? notes : Arrays.copyOf(notes, Math.max(got, 0)));
            } else if (type == PT_GNU_EH_FRAME) {
                ehFrameHdr = OptionalLong.of(bias + vaddr);
            }
        }
        return new LoadedImage(path, bias, loads, buildId, ehFrameHdr);
    }

    /** The descriptor of the first NT_GNU_BUILD_ID note named "GNU" (names and descriptors 4-aligned). */
    static Optional<byte[]> buildId(byte[] notes) {
        int at = 0;
        while (at + 12 <= notes.length) {
            long namesz = le(notes, at, 4);
            long descsz = le(notes, at + 4, 4);
            long type = le(notes, at + 8, 4);
            long nameAt = at + 12L;
            long descAt = nameAt + ((namesz + 3) & ~3L);
            long next = descAt + ((descsz + 3) & ~3L);
            if (next > notes.length) {
                break;
            }
            if (type == NT_GNU_BUILD_ID && namesz == 4 && notes[(int) nameAt] == 'G' && notes[(int) nameAt + 1] == 'N'
                    && notes[(int) nameAt + 2] == 'U' && notes[(int) nameAt + 3] == 0 && descsz > 0) {
                return Optional.of(Arrays.copyOfRange(notes, (int) descAt, (int) (descAt + descsz)));
            }
            at = (int) next;
        }
        return Optional.empty();
    }

    static long le(byte[] b, int at, int n) {
        long v = 0;
        for (int i = n - 1; i >= 0; i--) {
            v = (v << 8) | (b[at + i] & 0xff);
        }
        return v;
    }
}
