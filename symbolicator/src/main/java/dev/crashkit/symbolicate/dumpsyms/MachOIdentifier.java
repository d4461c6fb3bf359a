package dev.crashkit.symbolicate.dumpsyms;

import dev.crashkit.symbolicate.format.macho.MachOImage;
import dev.crashkit.symbolicate.format.macho.Section;
import java.nio.ByteBuffer;

/**
 * The 16 bytes Breakpad's Mac {@code dump_syms} names a module by ({@code FileID::MachoIdentifier}): the LC_UUID,
 * else, for an image without one, Breakpad's MD5 ({@link BreakpadMd5}) of its sections' bytes ({@code MachoID::MD5}).
 */
final class MachOIdentifier {
    private static final int SECTION_TYPE = 0xff;
    private static final int S_ZEROFILL = 0x1;
    /** {@code MachoID::Update} reads a section 4 KiB at a time and stops at the first read that fails. */
    private static final int CHUNK = 4096;
    /**
     * Sections of a linked image do not overlap, so their bytes add up to at most the slice's size; a section table
     * whose sections add up to more than this many times the slice is corrupt (and would make the hash quadratic).
     */
    private static final int MAX_OVERLAP = 4;

    private MachOIdentifier() {
    }

    /**
     * The image's identifier.
     *
     * @param image a thin image or a slice
     * @return its LC_UUID, else Breakpad's MD5 of its sections
     * @throws DumpSymsException when the image has no LC_UUID and its sections add up to more than
     *                           {@value #MAX_OVERLAP} times its size
     */
    static byte[] of(MachOImage image) throws DumpSymsException {
        return image.uuid().isPresent() ? image.uuid().get().bytes() : md5(image);
    }

    /**
     * {@code MachoID::MD5}: every section in load-command order that has file bytes (not of type
     * {@code S_ZEROFILL}, offset not 0), read at its offset from the slice's start. A section that runs past the
     * end adds its whole 4 KiB chunks that fit, as Breakpad's reads fail at the end of the file (in a universal
     * file Breakpad would read on into the next slice; we stop at this slice's end: only a corrupt file differs).
     */
    private static byte[] md5(MachOImage image) throws DumpSymsException {
        ByteBuffer slice = image.bytes();
        long total = 0;
        for (Section s : image.machOSections()) {
            if (hashed(s)) {
                total += Long.compareUnsigned(s.size(), slice.limit()) < 0 ? s.size() : slice.limit();
            }
        }
        if (total > (long) MAX_OVERLAP * slice.limit()) {
            throw new DumpSymsException(image.file() + ": no LC_UUID, and the sections to name the module by"
                    + " add up to " + total + " bytes, more than " + MAX_OVERLAP + " times the image's "
                    + slice.limit() + ": corrupt section table");
        }
        BreakpadMd5 md5 = new BreakpadMd5();
        byte[] chunk = new byte[CHUNK];
        for (Section s : image.machOSections()) {
            if (!hashed(s)) {
                continue;
            }
            long at = s.offset();
            long left = s.size() < 0 ? Long.MAX_VALUE : s.size(); // an unsigned size past 2^63: read to the end
            while (left > 0) {
                int n = (int) Math.min(left, CHUNK);
                if (at < 0 || at > slice.limit() - n) {
                    break;
                }
                slice.get((int) at, chunk, 0, n);
                md5.update(chunk, 0, n);
                at += n;
                left -= n;
            }
        }
        return md5.digest();
    }

    /** Whether {@code MachoID::WalkerCB} hashes the section: it has file bytes. */
    private static boolean hashed(Section s) {
        return (s.flags() & SECTION_TYPE) != S_ZEROFILL && s.offset() != 0;
    }
}
